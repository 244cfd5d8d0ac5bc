/**
 * Custom design uploads on the production build: requests carrying 6 images
 * of nearly 10 MB each (noisy JPEGs, the worst case for the re-encoder) sent
 * one after another to /custom-design/submit. Prints the time per request,
 * the upload throughput, and the server's resident memory before and at its
 * peak (files stream to disk; only the decoder holds a picture).
 *
 *   npm run build && npx tsx bench/uploads.ts [requests]
 */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { startBoutique } from "../tests/helpers/boutique-server";
import { printHeader, summarise, table } from "./bench-helpers";

const requests = Number(process.argv[2] ?? 3);
const LIMIT = 10 * 1024 * 1024;

/** A noisy JPEG just under 10 MB. */
async function bigPhoto(seed: number): Promise<Buffer> {
  let edge = 3500;
  for (;;) {
    const noise = randomBytes(edge * edge * 3);
    noise[0] = seed;
    const jpeg = await sharp(noise, { raw: { width: edge, height: edge, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length <= LIMIT) return jpeg;
    edge -= 100;
  }
}

function rss(pid: number | undefined): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { now: kb("VmRSS"), peak: kb("VmHWM") };
}

const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => bigPhoto(i)));
const totalBytes = photos.reduce((sum, p) => sum + p.length, 0);
const server = await startBoutique({ MAIL_TRANSPORT: "log" });
printHeader(
  `Custom design uploads: ${requests} requests of 6 images (${(totalBytes / 1048576).toFixed(1)} MB each)`,
  `npx tsx bench/uploads.ts ${requests}`,
);
const pid = server.process.child.pid;
const before = rss(pid);
// Reset the kernel's high-water mark (VmHWM) so the peak below is the uploads' own, not start-up's.
let peakReset = true;
try {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
} catch {
  peakReset = false;
}
const times: number[] = [];
const statuses: number[] = [];
for (let r = 0; r < requests; r++) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ name: "Bench", email: "bench@example.com", eventType: "gala", vision: "Measured, not dreamt" }))
    body.set(k, v);
  photos.forEach((photo, i) => body.append("images", new File([new Uint8Array(photo)], `photo-${i}.jpg`, { type: "image/jpeg" })));
  const t0 = performance.now();
  const response = await fetch(`${server.url}/custom-design/submit`, { method: "POST", body });
  await response.arrayBuffer();
  times.push(performance.now() - t0);
  statuses.push(response.status);
}
const after = rss(pid);
await server.stop("SIGTERM");
const s = summarise(times);
process.stdout.write(
  `${table(
    ["requests", "statuses", "MB per request", "p50 s", "max s", "MB/s (p50)", "RSS before MB", "RSS after MB", "peak RSS MB"],
    [
      [
        requests,
        [...new Set(statuses)].join(","),
        totalBytes / 1048576,
        s.p50 / 1000,
        s.max / 1000,
        totalBytes / 1048576 / (s.p50 / 1000),
        before.now,
        after.now,
        after.peak,
      ],
    ],
  )}\n\nPeak before the uploads (start-up): ${before.peak.toFixed(0)} MB. ${peakReset ? "The peak above is measured from the first upload on." : "The peak could not be reset: it includes start-up."}\n`,
);
