import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import type { NextFunction, Request, Response } from "express";

type Encoding = "br" | "gzip";

interface Variant {
  body: Buffer;
  etag: string;
}

interface Entry {
  extension: string;
  cacheControl: string;
  variants: Partial<Record<Encoding, Variant>>;
}

/**
 * The encodings a request accepts, best first, among those we keep: brotli, then gzip
 * (RFC 9110 §12.5.3; `q=0` refuses, `*` stands for any encoding not named).
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (name) quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const any = quality.get("*");
  return (["br", "gzip"] as const).filter((encoding) => (quality.get(encoding) ?? any ?? 0) > 0);
}

/** Every file under `root`, as the URL path that names it ("/assets/app-1a2b.css"): the client build, listed once at start-up. */
export function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(root, join(entry.parentPath, entry.name)).split(sep).join("/")}`);
}

/**
 * Serves the compressed copies `npm run build` writes beside the client build's
 * text files (scripts/precompress.mjs: brotli at quality 11, gzip at level 9),
 * so a script, stylesheet or brand picture costs the server a lookup instead of
 * a compression on every request, and the browser gets fewer bytes than the
 * on-the-fly compressor (quality 4) would give it. Loaded into memory once at
 * start-up (a few hundred KB) from `paths`, the listing of `root`. A copy older than its original (a build that
 * skipped the step) is ignored, and anything without a copy, or a client that
 * accepts neither encoding, falls through to the plain static handlers.
 */
export function precompressedFiles(root: string, paths: readonly string[], cacheControl: (path: string) => string) {
  const entries = new Map<string, Entry>();
  // The listing says which copies exist: a file without one (a picture) costs no look at the disk.
  const listed = new Set(paths);
  for (const path of paths) {
    if (/\.(?:br|gz)$/.test(path) || !(listed.has(`${path}.br`) || listed.has(`${path}.gz`))) continue;
    const file = join(root, ...path.split("/"));
    const modified = statSync(file).mtimeMs;
    const variants: Entry["variants"] = {};
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!listed.has(path + suffix) || statSync(file + suffix).mtimeMs < modified) continue;
      const body = readFileSync(file + suffix);
      variants[encoding] = { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}-${encoding}"` };
    }
    if (!variants.br && !variants.gzip) continue;
    entries.set(path, { extension: extname(path), cacheControl: cacheControl(path), variants });
  }

  return function servePrecompressed(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const entry = entries.get(req.path);
    if (!entry) return next();
    const encoding = acceptedEncodings(req.get("accept-encoding")).find((name) => entry.variants[name]);
    // Caches must keep the encodings apart whether or not this answer is compressed.
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    const variant = entry.variants[encoding]!;
    res.type(entry.extension);
    res.set({ "Content-Encoding": encoding, "Cache-Control": entry.cacheControl, ETag: variant.etag });
    if (
      req
        .get("if-none-match")
        ?.split(",")
        .some((tag) => tag.trim().replace(/^W\//, "") === variant.etag)
    ) {
      res.status(304).end();
      return;
    }
    res.set("Content-Length", String(variant.body.length));
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  };
}
