/**
 * Search on the built-in store with 10,000 products: the trigram-indexed
 * query, and the whole searchProducts call (GraphQL execution, loading the
 * matches, reshaping) with the cache out of the way. Runs on a temporary
 * in-memory PGlite.
 *
 *   npx tsx bench/search.ts [products=10000] [rounds=200]
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openMigratedDatabase, queryRows } from "~/db/client.server";
import {
  catalogueInventory,
  catalogueProductImages,
  catalogueProductOptions,
  catalogueProducts,
  catalogueProductVariants,
} from "~/db/schema/catalogue";
import { createCatalogue } from "~/modules/catalogue/catalogue.server";
import { printHeader, summarise, table } from "./bench-helpers";

const PRODUCTS = Number(process.argv[2] ?? 10_000);
const ROUNDS = Number(process.argv[3] ?? 200);

const handle = await openMigratedDatabase({ engine: "pglite", dataDir: null });
const db = handle.db;

// A made-up catalogue with the vocabulary of a real one, so terms match as they would.
const fabrics = ["lace", "satin", "tulle", "chiffon", "crepe", "velvet", "sequin", "organza", "mikado", "georgette"];
const cuts = [
  "ball gown",
  "A-line gown",
  "mermaid gown",
  "sheath dress",
  "column gown",
  "tea-length dress",
  "cocktail dress",
  "high-low dress",
];
const names = [
  "Magnolia",
  "Azalea",
  "Camellia",
  "Juniper",
  "Willow",
  "Savannah",
  "Tybee",
  "Forsyth",
  "Chatham",
  "Isle",
  "Harbor",
  "Juliette",
  "Aurora",
  "Celeste",
  "Ruby",
  "Pearl",
  "Ivy",
  "Rosa",
  "Luna",
  "Opal",
];
const colours = ["ivory", "champagne", "blush", "midnight", "emerald", "ruby", "lilac", "sage", "gold", "silver"];
const moods = ["romantic", "modern", "bohemian", "formal", "outdoor", "classic", "playful", "minimal"];
// mulberry32: a tiny seeded generator, so every run builds the same catalogue.
let state = 42;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;

const loadStarted = performance.now();
const BATCH = 500;
for (let start = 0; start < PRODUCTS; start += BATCH) {
  const products = [];
  const variants = [];
  const inventory = [];
  const images = [];
  const options = [];
  for (let i = start; i < Math.min(PRODUCTS, start + BATCH); i++) {
    const id = randomUUID();
    const title = `${pick(names)} ${pick(fabrics)} ${pick(cuts)} ${i}`.replace(/\b\w/g, (c) => c.toUpperCase());
    const description = `A ${pick(moods)} ${pick(cuts)} in ${pick(colours)} ${pick(fabrics)}, with a ${pick(["sweetheart", "V", "square", "halter"])} neckline and ${pick(["a chapel train", "a soft sweep", "pockets", "a corset back"])}. Made to order in our Savannah atelier.`;
    products.push({ id, handle: `gown-${i}`, title, description, position: i });
    options.push(
      { productId: id, position: 0, name: "Size", values: ["XS", "S", "M", "L", "XL", "XXL"] },
      { productId: id, position: 1, name: "Color", values: ["Ivory"] },
    );
    images.push({ productId: id, position: 0, url: `/images/gowns/gown-${i}.webp`, altText: title, width: 1200, height: 1500 });
    for (const [position, size] of ["XS", "S", "M", "L", "XL", "XXL"].entries()) {
      const variantId = randomUUID();
      variants.push({
        id: variantId,
        productId: id,
        position,
        title: `${size} / Ivory`,
        price: "499.00",
        selectedOptions: [
          { name: "Size", value: size },
          { name: "Color", value: "Ivory" },
        ],
      });
      inventory.push({ variantId, available: position % 3 });
    }
  }
  await db.insert(catalogueProducts).values(products);
  await db.insert(catalogueProductOptions).values(options);
  await db.insert(catalogueProductImages).values(images);
  await db.insert(catalogueProductVariants).values(variants);
  await db.insert(catalogueInventory).values(inventory);
}
await db.execute(sql`analyze`);
const loadMs = performance.now() - loadStarted;

const catalogue = createCatalogue({
  config: { store: { kind: "built-in", siteUrl: "http://localhost:3000" }, timeoutMs: 10_000 },
  database: handle,
});
// Common and rare words, a phrase, a 2-letter term (too short for trigrams) and a miss.
const terms = ["lace", "mermaid gown", "emerald velvet", "juniper", "atelier", "ki", "zzqx"];

// A running server is warm: let the JIT and the database's caches settle before measuring.
for (let round = 0; round < 30; round++) {
  for (const term of terms) {
    catalogue.invalidate();
    await catalogue.searchProducts(term);
  }
}

const rows: (string | number)[][] = [];
const all: number[] = [];
for (const term of terms) {
  const pattern = `%${term.toLowerCase()}%`;
  const [{ count } = { count: "0" }] = await queryRows<{ count: string }>(
    db,
    sql`select count(*)::text as count from catalogue_products where search_text like ${pattern}`,
  );
  const sqlTimes: number[] = [];
  const callTimes: number[] = [];
  let results = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    await queryRows(db, sql`select id from catalogue_products where search_text like ${pattern} order by position, id limit 10`);
    sqlTimes.push(performance.now() - t);
    catalogue.invalidate();
    t = performance.now();
    results = (await catalogue.searchProducts(term)).products.length;
    callTimes.push(performance.now() - t);
  }
  all.push(...callTimes);
  const s = summarise(sqlTimes);
  const c = summarise(callTimes);
  rows.push([JSON.stringify(term), Number(count), results, s.p50, s.p95, c.p50, c.p95, c.p99]);
}
const overall = summarise(all);

printHeader(
  `Search on the built-in store with ${PRODUCTS.toLocaleString("en-US")} products (PGlite in memory, ${ROUNDS} rounds per term, cache invalidated before each call)`,
  `npx tsx bench/search.ts ${PRODUCTS} ${ROUNDS}`,
);
process.stdout.write(`Loaded ${PRODUCTS} products (${PRODUCTS * 6} variants) in ${(loadMs / 1000).toFixed(1)} s.\n\n`);
process.stdout.write(
  `${table(["term", "matching rows", "results", "SQL p50 ms", "SQL p95 ms", "searchProducts p50 ms", "p95 ms", "p99 ms"], rows)}\n\n`,
);
process.stdout.write(
  `All terms: searchProducts p50 ${overall.p50.toFixed(2)} ms, p95 ${overall.p95.toFixed(2)} ms, p99 ${overall.p99.toFixed(2)} ms (target p95 < 20 ms): ${overall.p95 < 20 ? "met" : "NOT met"}\n`,
);
const plan = await queryRows<{ "QUERY PLAN": string }>(
  db,
  sql`explain select id from catalogue_products where search_text like ${"%juniper%"} order by position, id limit 10`,
);
process.stdout.write(`\nPlan for a rare term:\n${plan.map((r) => `    ${r["QUERY PLAN"]}`).join("\n")}\n`);
await catalogue.close();
await handle.close();
