/**
 * Requests per second the built server answers for catalogue reads, with a
 * warm cache, on loopback. Starts `node server/main.js` (run `npm run build`
 * first) on a free port with a fresh data folder, warms each path, then runs
 * autocannon against it for a bounded time.
 *
 *   npm run build && npx tsx bench/http.ts [seconds=10] [connections=10]
 */
import autocannon from "autocannon";
import { printHeader, startBenchServer, table } from "./bench-helpers";

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 10);

const server = await startBenchServer();
const { base } = server;
try {
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
  server.stop();
}
