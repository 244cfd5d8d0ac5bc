#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of
// the client build, once, at the strongest settings, so the server hands them
// out as they are instead of compressing the same bytes again on every request
// (server/precompressed.ts). Run by `npm run build` after `react-router build`.
//
//   node scripts/precompress.mjs [folder=build/client]
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|html)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

const folder = process.argv[2] ?? "build/client";
const started = performance.now();
let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: /\.(?:js|mjs|css|svg|json|html)$/.test(entry.name)
        ? constants.BROTLI_MODE_TEXT
        : constants.BROTLI_MODE_GENERIC,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  // A copy that saves almost nothing is not worth a second file to keep in step.
  if (brotli.length < body.length * 0.95) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < body.length * 0.95) writeFileSync(`${path}.gz`, gzip);
  files++;
  before += body.length;
  afterBrotli += Math.min(brotli.length, body.length);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
process.stdout.write(
  `precompressed ${files} files in ${folder}: ${kb(before)} → ${kb(afterBrotli)} brotli, in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
