// First-load JavaScript per page, as Chromium receives it (gzip on the wire),
// against the production build. Target (issue 4): 150 KB or less per page.
// Run: npm run build && node bench/first-load-js.mjs [--files] [path ...]
// --files also lists each page's script files with their gzip size, largest first.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { request as httpRequest } from "node:http";
import { chromium } from "playwright-core";
import { freePort, reportRow, spawnServer } from "./bench-helpers.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const listFiles = args.includes("--files");
const named = args.filter((arg) => arg !== "--files");
const paths = named.length ? named : ["/", "/weddings", "/prom", "/celebrations", "/product/magnolia-lace-ball-gown"];

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), "boutique-js-"));
const server = spawnServer({ ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" }, { cwd: root, stdio: "ignore" });
server.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // starting
  }
  // Up to 180 s, as the tests allow: a cold start on the shared machine under load took more than a minute.
  if (i > 1800) {
    server.kill("SIGTERM");
    throw new Error("server did not start");
  }
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
/** Bytes of `url` on the wire when the client accepts only gzip (the measure). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    })
      .on("error", reject)
      .end();
  });
}

const rows = [];
try {
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts = [];
    page.on("requestfinished", async (request) => {
      if (request.resourceType() !== "script") return;
      const response = await request.response();
      const sizes = await request.sizes();
      scripts.push({
        url: request.url(),
        wire: sizes.responseBodySize,
        encoding: (await response?.allHeaders())?.["content-encoding"] ?? "none",
      });
    });
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const wire = scripts.reduce((sum, s) => sum + s.wire, 0);
    const sizes = await Promise.all(scripts.map((s) => gzipBytes(s.url)));
    const gzip = sizes.reduce((a, b) => a + b, 0);
    rows.push({ path, files: scripts.length, brKb: wire / 1024, gzipKb: gzip / 1024 });
    if (listFiles) {
      const files = scripts.map((s, i) => ({ name: new URL(s.url).pathname.split("/").pop(), kb: sizes[i] / 1024 }));
      console.log(`\n${path}:`);
      for (const file of files.sort((a, b) => b.kb - a.kb)) console.log(`  ${file.kb.toFixed(1).padStart(6)} KB  ${file.name}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
}

console.log("\nFirst-load JavaScript per page: every script Chromium loads by network idle (390 px viewport)");
console.log("| page | script files | gzip | brotli (what Chromium got) | target: gzip ≤ 150 KB |");
console.log("|---|---|---|---|---|");
for (const r of rows)
  console.log(`| ${r.path} | ${r.files} | ${r.gzipKb.toFixed(1)} KB | ${r.brKb.toFixed(1)} KB | ${r.gzipKb <= 150 ? "met" : "MISSED"} |`);
const command = `npm run build && npm run bench:js -- ${paths.join(" ")}`;
console.log(`\ncommand: ${command}`);
for (const r of rows)
  reportRow({ figure: `First-load JS ${r.path}, gzip`, value: r.gzipKb, unit: "KB", target: { op: "<=", value: 150 }, command });
