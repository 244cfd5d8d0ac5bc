import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { catalogueProducts } from "~/db/schema/catalogue";
import { createBuiltInStorefront } from "~/modules/built-in-store/built-in-store.server";
import { createCatalogue, type CatalogueService } from "~/modules/catalogue/catalogue.server";
import { DEMO_DRESSES } from "~/modules/built-in-store/demo-collection";
import { seedDemoCatalogue } from "~/modules/built-in-store/demo-seed.server";
import { StorefrontError } from "~/modules/catalogue/catalogue.server";
import { CatalogueProductsDocument } from "~/modules/catalogue/storefront-operations.generated";
import { COLLECTION_HANDLES, type Product } from "~/modules/catalogue/types";
import { testEngines, withDatabases } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const STYLE_WORDS = ["Outdoor", "Formal", "Bohemian", "Modern", "Romantic"];

describe.each(testEngines)("the built-in storefront on $name", (engine) => {
  const database = useTestDatabase(engine);
  let catalogue: CatalogueService;
  let all: Product[];
  let storefrontRequests = 0;

  beforeAll(async () => {
    catalogue = createCatalogue({
      config: { store: { kind: "built-in", siteUrl: "https://boutique.example" }, timeoutMs: 5_000 },
      database: database.handle,
      onStorefrontRequest: () => (storefrontRequests += 1),
    });
    expect(await catalogue.start()).toEqual({ seeded: true, products: DEMO_DRESSES.length });
    all = (await catalogue.listProducts()).products;
  });
  afterAll(async () => {
    await catalogue.close();
  });

  describe("the demo collection", () => {
    it("has at least 24 dresses, in the featured order", () => {
      expect(all.length).toBeGreaterThanOrEqual(24);
      expect(all.map((p) => p.handle)).toEqual(DEMO_DRESSES.map((d) => d.handle));
    });

    it("gives weddings, prom and celebrations only their own dresses", async () => {
      const seen = new Set<string>();
      for (const collection of COLLECTION_HANDLES) {
        const { products } = await catalogue.listProducts({ collection });
        expect(products.length).toBeGreaterThanOrEqual(6);
        for (const p of products) {
          expect(p.collections).toEqual([collection]);
          seen.add(p.id);
        }
        expect(products.map((p) => p.handle)).toEqual(DEMO_DRESSES.filter((d) => d.collection === collection).map((d) => d.handle));
      }
      expect(seen.size).toBe(all.length);
    });

    it("finds each bridal style word in some wedding dress's title or description", async () => {
      const { products } = await catalogue.listProducts({ collection: "weddings" });
      for (const word of STYLE_WORDS) {
        const matching = products.filter((p) => `${p.title} ${p.description}`.toLowerCase().includes(word.toLowerCase()));
        expect(matching.length, word).toBeGreaterThanOrEqual(2);
        expect(matching.length, word).toBeLessThan(products.length);
      }
    });

    it("offers Size XS to XXL and a Color on every dress, priced in USD", () => {
      for (const p of all) {
        expect(p.options.map((o) => o.name)).toEqual(["Size", "Color"]);
        expect(p.options[0]!.values).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
        expect(p.options[1]!.values.length).toBeGreaterThanOrEqual(1);
        expect(p.priceRange.minVariantPrice.currencyCode).toBe("USD");
        expect(Number(p.priceRange.minVariantPrice.amount)).toBeGreaterThan(100);
        for (const v of p.variants) {
          expect(v.title).toBe(v.selectedOptions.map((o) => o.value).join(" / "));
          expect(v.price.currencyCode).toBe("USD");
        }
        expect(p.description.length).toBeGreaterThan(100);
      }
    });

    it("has sold-out variants, and a dress whose first variant is sold out though others are not", async () => {
      expect(all.some((p) => p.variants.some((v) => !v.availableForSale))).toBe(true);
      const firstGone = await Promise.all(
        all.filter((p) => !p.variants[0]!.availableForSale).map(async (p) => (await catalogue.getProduct(p.handle)).product!),
      );
      expect(firstGone.some((p) => p.variants.some((v) => v.availableForSale))).toBe(true);
      expect(firstGone.some((p) => p.variants.every((v) => !v.availableForSale))).toBe(true);
    });

    it("pictures every dress with sized images and alt text, several views each", () => {
      for (const p of all) {
        expect(p.images.length).toBeGreaterThanOrEqual(3);
        for (const image of p.images) {
          expect(image.url).toMatch(/^\/images\/gowns\/[a-z0-9-]+\.webp\?v=\d+$/);
          expect(image).toMatchObject({ width: 1200, height: 1500 });
          expect(image.altText).toContain(p.title);
        }
      }
    });

    it("gives each variant the picture of its colour", async () => {
      const { product } = await catalogue.getProduct("starlight-sequin-mermaid-gown");
      for (const v of product!.variants) {
        const colour = v.selectedOptions.find((o) => o.name === "Color")!.value;
        expect(v.image?.altText).toBe(`Starlight Sequin Mermaid Gown in ${colour}, from the front`);
      }
    });

    it("seeds only once, also when several instances start at the same moment", async () => {
      const again = await Promise.all([seedDemoCatalogue(database.handle.db), seedDemoCatalogue(database.handle.db)]);
      expect(again.map((r) => r.seeded)).toEqual([false, false]);
      const [row] = await queryRows<{ count: string }>(database.handle.db, sql`select count(*) as count from catalogue_products`);
      expect(Number(row!.count)).toBe(DEMO_DRESSES.length);
    });
  });

  describe("reads", () => {
    it("lists 5 images and 10 variants per dress, a product page 10 and 20", async () => {
      const threeColours = all.find((p) => p.options[1]!.values.length === 3)!;
      expect(threeColours.variants).toHaveLength(10);
      expect(threeColours.images).toHaveLength(5);
      const { product } = await catalogue.getProduct(threeColours.handle);
      expect(product!.variants).toHaveLength(18);
      expect(product!.images).toHaveLength(5);
    });

    it("honours first, and answers an unknown handle with null", async () => {
      expect((await catalogue.listProducts({ first: 3 })).products.map((p) => p.handle)).toEqual(all.slice(0, 3).map((p) => p.handle));
      expect(await catalogue.getProduct("no-such-gown")).toEqual({ product: null, notice: null });
      expect(await catalogue.getProduct("bad handle/with spaces")).toEqual({ product: null, notice: null });
    });

    it("gives the minimum variant price across all variants", async () => {
      await database.handle.db.execute(sql`update catalogue_product_variants set price = 150 where title = 'XXL / Rose Gold'`);
      catalogue.invalidate();
      const { product } = await catalogue.getProduct("starlight-sequin-mermaid-gown");
      // That variant is beyond the 20 a product page reads; the minimum still sees it.
      expect(product!.priceRange.minVariantPrice).toEqual({ amount: "150.0", currencyCode: "USD" });
      await database.handle.db.execute(sql`update catalogue_product_variants set price = 429 where title = 'XXL / Rose Gold'`);
      catalogue.invalidate();
    });

    it("answers a bad argument as Shopify would, as a GraphQL error the client reports", async () => {
      const storefront = createBuiltInStorefront({ db: database.handle.db, siteUrl: "https://boutique.example" });
      const tooMany = await storefront.execute({ query: CatalogueProductsDocument.query, variables: { first: 300 } });
      expect(tooMany.errors?.map((e) => e.message)).toEqual(["first must be at most 250"]);
      const unknown = await storefront.execute({ query: 'query X { product(handle: "a") { colour } }' });
      expect(unknown.errors?.[0]?.message).toBe('Cannot query field "colour" on type "Product".');
      const viaClient = await storefront.transport.send(
        JSON.stringify({ query: 'query X { products(first: 1, query: "title:lace") { edges { node { id } } } }' }),
        AbortSignal.timeout(1000),
      );
      expect(((await viaClient.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(
        /field filters and groups are not supported/,
      );
    });
  });

  describe("search", () => {
    const titles = async (term: string) => (await catalogue.searchProducts(term)).products.map((p) => p.title);

    it("needs at least 2 characters after trimming, and then does not ask the store", async () => {
      const before = storefrontRequests;
      expect(await titles("")).toEqual([]);
      expect(await titles("  l ")).toEqual([]);
      expect(storefrontRequests).toBe(before);
      expect((await titles(" la ")).length).toBeGreaterThan(0);
    });

    it("matches title or description in any case, at most 5", async () => {
      const bohemian = await catalogue.searchProducts("  BoHeMiAn ");
      expect(bohemian.products.length).toBeGreaterThan(0);
      for (const p of bohemian.products) expect(`${p.title} ${p.description}`.toLowerCase()).toContain("bohemian");
      // Only in a description:
      expect(await titles("live oaks")).toEqual(["Forsyth Garden Chiffon Gown"]);
      expect(await titles("gown")).toHaveLength(5);
    });

    it("treats the shopper's characters literally: no wildcards, quotes or syntax", async () => {
      expect(await titles("100%")).toEqual([]);
      expect(await titles("__")).toEqual([]);
      expect(await titles('"lace')).toEqual([]);
      expect(await titles("title:lace")).toEqual([]);
      expect((await titles("high-low")).length).toBe(1);
    });

    it("is served by the trigram index on the searched text", async () => {
      const plan = await database.handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ "QUERY PLAN": string }>(
          tx,
          sql`explain select id from catalogue_products where search_text like lower(${"%lace%"})`,
        );
      });
      expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("catalogue_products_search_text_idx");
    });

    it("sees a new dress at once", async () => {
      await database.handle.db
        .update(catalogueProducts)
        .set({ description: "Now with a detachable organza overskirt." })
        .where(eq(catalogueProducts.handle, "ruby-satin-slit-gown"));
      catalogue.invalidate();
      expect(await titles("organza")).toEqual(["Ruby Satin Slit Gown"]);
    });
  });

  it("reports a database failure as the store's internal error, not the database's words", async () => {
    await withDatabases([engine], async (other) => {
      const broken = createCatalogue({
        config: { store: { kind: "built-in", siteUrl: "https://boutique.example" }, timeoutMs: 5_000 },
        database: other.handle,
      });
      await broken.start();
      await other.handle.db.execute(sql`drop table catalogue_product_images cascade`);
      await broken.listProducts().then(
        () => expect.unreachable(),
        (error: unknown) => {
          expect(error).toBeInstanceOf(StorefrontError);
          expect((error as Error).message).toBe("Error calling Shopify: Internal error. Looks like something went wrong on our end.");
        },
      );
      await broken.close();
    });
  });
});
