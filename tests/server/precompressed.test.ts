import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

// The client build's text files are served from the brotli and gzip copies `npm run build` writes beside them
// (scripts/precompress.mjs, server/precompressed.ts) rather than compressed again on every request.
let server: BoutiqueServer;
beforeAll(async () => {
  server = await startBoutique();
});
afterAll(() => server.stop("SIGKILL"));

const client = fileURLToPath(new URL("../../build/client/", import.meta.url));
const framework = readdirSync(`${client}assets`).find((name) => /^framework-[\w-]+\.js$/.test(name))!;
const SCRIPT = `/assets/${framework}`;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body comes back as sent, still compressed (fetch would decode it). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed static files", () => {
  it("sends a script's brotli copy to a browser that accepts brotli, cached for a year", async () => {
    const original = readFileSync(`${client}assets/${framework}`);
    const response = await raw(SCRIPT, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    // The stored copy, as written at build time: a quarter of the script's size or less.
    expect(response.body.equals(readFileSync(`${client}assets/${framework}.br`))).toBe(true);
    expect(response.body.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(response.body).equals(original)).toBe(true);
  });

  it("sends the gzip copy when brotli is not accepted, or is refused with q=0", async () => {
    const original = readFileSync(`${client}assets/${framework}`);
    for (const accept of ["gzip", "gzip, br;q=0", "*;q=0.5, br;q=0"]) {
      const response = await raw(SCRIPT, { "accept-encoding": accept });
      expect(response.headers["content-encoding"], accept).toBe("gzip");
      expect(gunzipSync(response.body).equals(original)).toBe(true);
    }
  });

  it("sends the file as it is when no encoding is accepted", async () => {
    const response = await raw(SCRIPT, { "accept-encoding": "identity" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.body.equals(readFileSync(`${client}assets/${framework}`))).toBe(true);
  });

  it("answers 304 to a matching If-None-Match, and HEAD with the headers alone", async () => {
    const first = await raw(SCRIPT, { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await raw(SCRIPT, { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The gzip copy is another representation, with its own tag.
    const gzip = await raw(SCRIPT, { "accept-encoding": "gzip", "if-none-match": etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    const head = await raw(SCRIPT, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("serves the public pictures' copies too, cached for an hour, and the security headers stay", async () => {
    const response = await raw("/images/brand/hero-gown.svg", { "accept-encoding": "br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(brotliDecompressSync(response.body).toString()).toMatch(/^<svg/);
  });

  it("leaves what has no copy to the other handlers: fonts as they are, pages compressed as they are made", async () => {
    const font = readdirSync(`${client}assets`).find((name) => name.endsWith(".woff2"))!;
    const fontResponse = await raw(`/assets/${font}`, { "accept-encoding": "br" });
    expect(fontResponse.status).toBe(200);
    expect(fontResponse.headers["content-encoding"]).toBeUndefined();
    const page = await raw("/our-story", { "accept-encoding": "br" });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.body).toString()).toMatch(/^<!DOCTYPE html>/i);
  });
});
