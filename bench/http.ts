/**
 * Requests per second the built server answers for catalogue reads, with a
 * warm cache, on loopback. Starts `node server/main.js` (run `npm run build`
 * first) on a free port with a fresh data folder, warms each path, then runs
 * autocannon against it for a bounded time.
 *
 *   npm run build && npx tsx bench/http.ts [seconds=10] [connections=10]
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort, printHeader, table } from "./bench-helpers";

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 10);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Request lines are logged at info; the bench measures serving, not logging.
const child = spawn(process.execPath, [fileURLToPath(new URL("../server/main.js", import.meta.url))], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(join(tmpdir(), "boutique-bench-")),
    LOG_LEVEL: "warn",
    APP_URL: base,
  },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }

  // A checkout page to render (an uncached read of the cart from the database, then a full page).
  const product = (
    (await (await fetch(`${base}/api/products/magnolia-lace-ball-gown`)).json()) as {
      product: { variants: { id: string; availableForSale: boolean }[] };
    }
  ).product;
  const checkout = (await (
    await fetch(`${base}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ merchandiseId: product.variants.find((v) => v.availableForSale)!.id, quantity: 1 }] }),
    })
  ).json()) as { checkoutUrl: string };
  const targets = [
    { name: "product page, server-rendered HTML (GET /product/:handle)", path: "/product/magnolia-lace-ball-gown" },
    { name: "collection page, server-rendered HTML (GET /weddings)", path: "/weddings" },
    { name: "product read, JSON (GET /api/products/:handle)", path: "/api/products/magnolia-lace-ball-gown" },
    { name: "search, JSON (GET /api/search?q=lace)", path: "/api/search?q=lace" },
    { name: "checkout page, server-rendered HTML", path: new URL(checkout.checkoutUrl).pathname },
    { name: "home page, server-rendered HTML", path: "/" },
  ];

  const rows: (string | number)[][] = [];
  for (const target of targets) {
    for (let i = 0; i < 20; i++) await (await fetch(`${base}${target.path}`)).arrayBuffer();
    const result = await autocannon({ url: `${base}${target.path}`, connections: CONNECTIONS, duration: SECONDS });
    rows.push([
      target.name,
      Math.round(result.requests.average),
      result.latency.p50,
      result.latency.p99,
      result.non2xx + result.errors + result.timeouts,
    ]);
  }
  printHeader(
    `Server throughput on loopback, warm cache (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per path, production build, PGlite, LOG_LEVEL=warn)`,
    `npm run build && npx tsx bench/http.ts ${SECONDS} ${CONNECTIONS}`,
  );
  process.stdout.write(`${table(["path", "req/s", "p50 ms", "p99 ms", "errors"], rows)}\n`);
} finally {
  child.kill("SIGTERM");
}
