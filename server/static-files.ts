// The built client's files (build/client): hashed assets for a year, the public/ files for an hour.
import express from "express";
import { listFiles, precompressedFiles } from "./precompressed";

export function serveBuiltClient(app: express.Express, client: string) {
  const clientFiles = listFiles(client);
  // The build's own brotli and gzip copies first (scripts/precompress.mjs), so text files are not compressed per request.
  app.use(
    precompressedFiles(client, clientFiles, (path) =>
      path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    ),
  );
  // File names under /assets carry a content hash: cache them for a year.
  app.use("/assets", express.static(`${client}/assets`, { immutable: true, maxAge: "1y", index: false }));
  // The rest of build/client (public/: the favicon, brand images) is a fixed set of files: look a path up in it
  // rather than asking the disk on every page request.
  const publicFiles = new Set(clientFiles.filter((path) => !path.startsWith("/assets/")));
  const servePublic = express.static(client, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(safeDecode(req.path)) ? servePublic(req, res, next) : next()));
}

/** A URL path as file names spell it ("" when it does not decode; the request guard refuses those before this). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "";
  }
}
