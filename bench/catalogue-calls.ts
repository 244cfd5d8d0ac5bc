/**
 * How many storefront calls do 100 views of one product page make?
 * Each view runs what the product page's loader runs (catalogue.getProduct)
 * on the built-in store; the catalogue's onStorefrontRequest hook counts the
 * requests that reach the store (cache hits do not).
 *
 *   npx tsx bench/catalogue-calls.ts
 */
import { openMigratedDatabase } from "~/db/client.server";
import { createCatalogue } from "~/modules/catalogue/catalogue.server";
import { printHeader, table } from "./bench-helpers";

const handle = await openMigratedDatabase({ engine: "pglite", dataDir: null });
let storefrontCalls = 0;
const catalogue = createCatalogue({
  config: { store: { kind: "built-in", siteUrl: "http://localhost:3000" }, timeoutMs: 10_000 },
  database: handle,
  onStorefrontRequest: () => (storefrontCalls += 1),
});
await catalogue.start();
const PRODUCT = "magnolia-lace-ball-gown";

async function scenario(name: string, run: () => Promise<void>) {
  catalogue.invalidate();
  const before = storefrontCalls;
  const started = performance.now();
  await run();
  return [name, 100, storefrontCalls - before, Math.round(performance.now() - started)];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rows = [
  await scenario("100 views one after another", async () => {
    for (let i = 0; i < 100; i++) await catalogue.getProduct(PRODUCT);
  }),
  await scenario("100 views at the same moment", async () => {
    await Promise.all(Array.from({ length: 100 }, () => catalogue.getProduct(PRODUCT)));
  }),
  await scenario("100 views over 5 s (one every 50 ms)", async () => {
    for (let i = 0; i < 100; i++) {
      await catalogue.getProduct(PRODUCT);
      await sleep(50);
    }
  }),
  await scenario("100 views, no cache (invalidated before each)", async () => {
    for (let i = 0; i < 100; i++) {
      catalogue.invalidate();
      await catalogue.getProduct(PRODUCT);
    }
  }),
];

printHeader(
  "Storefront calls for 100 views of one product page (built-in store, CacheShort: max-age 1 s, stale-while-revalidate 9 s)",
  "npx tsx bench/catalogue-calls.ts",
);
process.stdout.write(`${table(["scenario", "views", "storefront calls", "elapsed ms"], rows)}\n`);
await catalogue.close();
await handle.close();
