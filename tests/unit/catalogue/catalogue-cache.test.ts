import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/client.server";
import { catalogueInventory, catalogueProducts } from "~/db/schema/catalogue";
import { createCatalogue, type CatalogueService } from "~/modules/catalogue/catalogue.server";
import { parseGid } from "~/modules/built-in-store/gid";
import { ReadCache } from "~/modules/catalogue/read-cache.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

describe("the read cache (CacheShort: max-age 1 s, stale-while-revalidate 9 s)", () => {
  function setup() {
    let now = 0;
    const cache = new ReadCache({ now: () => now });
    let calls = 0;
    let answer = "v1";
    const load = () => {
      calls += 1;
      return Promise.resolve(answer);
    };
    return {
      cache,
      load,
      calls: () => calls,
      advance: (ms: number) => (now += ms),
      setAnswer: (value: string) => (answer = value),
    };
  }

  it("serves a fresh entry without calling again", async () => {
    const t = setup();
    expect(await t.cache.get("k", t.load)).toBe("v1");
    t.advance(999);
    expect(await t.cache.get("k", t.load)).toBe("v1");
    expect(t.calls()).toBe(1);
  });

  it("serves a stale entry at once and refreshes it in the background, once", async () => {
    const t = setup();
    await t.cache.get("k", t.load);
    t.setAnswer("v2");
    t.advance(5_000);
    expect(await Promise.all([t.cache.get("k", t.load), t.cache.get("k", t.load)])).toEqual(["v1", "v1"]);
    await new Promise((r) => setImmediate(r));
    expect(t.calls()).toBe(2);
    expect(await t.cache.get("k", t.load)).toBe("v2");
  });

  it("calls again once the stale window has passed", async () => {
    const t = setup();
    await t.cache.get("k", t.load);
    t.setAnswer("v2");
    t.advance(10_001);
    expect(await t.cache.get("k", t.load)).toBe("v2");
    expect(t.calls()).toBe(2);
  });

  it("shares one call between concurrent misses", async () => {
    const t = setup();
    const values = await Promise.all(Array.from({ length: 100 }, () => t.cache.get("k", t.load)));
    expect(new Set(values)).toEqual(new Set(["v1"]));
    expect(t.calls()).toBe(1);
  });

  it("does not keep an answer that was under way when the cache was invalidated", async () => {
    const cache = new ReadCache();
    let release!: (v: string) => void;
    const slow = cache.get("k", () => new Promise<string>((r) => (release = r)));
    cache.invalidate();
    release("outdated");
    expect(await slow).toBe("outdated");
    expect(await cache.get("k", () => Promise.resolve("current"))).toBe("current");
  });

  it("does not keep answers the caller says not to, nor failures", async () => {
    const cache = new ReadCache();
    await cache.get(
      "k",
      () => Promise.resolve({ notice: "402" }),
      (v) => v.notice === null,
    );
    await expect(cache.get("e", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(cache.stats().entries).toBe(0);
  });

  it("holds a bounded number of entries", async () => {
    const cache = new ReadCache({ maxEntries: 3 });
    for (const key of ["a", "b", "c", "d"]) await cache.get(key, () => Promise.resolve(key));
    expect(cache.stats().entries).toBe(3);
  });
});

describe.each(testEngines)("catalogue reads through the cache on $name", (engine) => {
  const database = useTestDatabase(engine);
  let catalogue: CatalogueService;
  let storefrontRequests = 0;

  beforeAll(async () => {
    // A long max-age, so only invalidation (not expiry) can explain a change being seen.
    catalogue = createCatalogue({
      config: { store: { kind: "built-in", siteUrl: "https://boutique.example" }, timeoutMs: 5_000 },
      database: database.handle,
      cache: { maxAgeMs: 60_000 },
      onStorefrontRequest: () => (storefrontRequests += 1),
    });
    await catalogue.start();
  });
  afterAll(async () => {
    await catalogue.close();
  });

  it("a hundred views of one product page make one storefront call", async () => {
    catalogue.invalidate();
    const before = storefrontRequests;
    for (let i = 0; i < 50; i++) await catalogue.getProduct("magnolia-lace-ball-gown");
    await Promise.all(Array.from({ length: 50 }, () => catalogue.getProduct("magnolia-lace-ball-gown")));
    expect(storefrontRequests - before).toBe(1);
  });

  it("a change to the catalogue, made anywhere, is seen at once", async () => {
    expect((await catalogue.getProduct("tybee-bohemian-lace-gown")).product!.title).toBe("Tybee Bohemian Lace Gown");
    // Not through the catalogue: as another instance, or a person in psql, would change it.
    await database.handle.db
      .update(catalogueProducts)
      .set({ title: "Tybee Lace Gown" })
      .where(eq(catalogueProducts.handle, "tybee-bohemian-lace-gown"));
    await vi.waitFor(async () => expect((await catalogue.getProduct("tybee-bohemian-lace-gown")).product!.title).toBe("Tybee Lace Gown"), {
      timeout: 500,
      interval: 10,
    });
  });

  it.runIf(engine.name === "postgres")("another instance's order shows here as sold out at once", async () => {
    const second = await openDatabase({ engine: "postgres", url: database.url!, poolSize: 2 });
    const other = createCatalogue({
      config: { store: { kind: "built-in", siteUrl: "https://boutique.example" }, timeoutMs: 5_000 },
      database: second,
    });
    try {
      const { product } = await catalogue.getProduct("peony-corset-gown");
      const variant = product!.variants.find((v) => v.availableForSale)!;
      const checkout = await other.createCheckout([{ merchandiseId: variant.id, quantity: await stockOf(variant.id) }]);
      const placed = await placeOrder(second.db, {
        siteUrl: "https://boutique.example",
        cartId: checkout.checkoutUrl.split("/").pop()!,
        customerName: "Hal",
        customerEmail: "hal@example.com",
        userId: null,
      });
      expect(placed.status).toBe("placed");
      await vi.waitFor(
        async () =>
          expect(
            (await catalogue.getProduct("peony-corset-gown")).product!.variants.find((v) => v.id === variant.id)!.availableForSale,
          ).toBe(false),
        { timeout: 500, interval: 10 },
      );
    } finally {
      await other.close();
      await second.close();
    }
  });

  async function stockOf(variantGid: string): Promise<number> {
    const [row] = await database.handle.db
      .select()
      .from(catalogueInventory)
      .where(eq(catalogueInventory.variantId, parseGid(variantGid, "ProductVariant")!));
    return row!.available;
  }
});
