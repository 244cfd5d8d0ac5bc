import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { catalogueInventory } from "~/db/schema/catalogue";
import { parseGid } from "~/modules/built-in-store/gid";
import { createCatalogue, type CatalogueService } from "~/modules/catalogue/catalogue.server";
import type { Product } from "~/modules/catalogue/types";
import type { TestDatabase, TestEngine } from "./databases";

export const STORE_SITE = "https://boutique.example";

export interface SeededStore {
  readonly database: TestDatabase;
  readonly catalogue: CatalogueService;
  product(handle: string): Product;
  /** The `skip`-th variant of a product that is for sale. */
  availableVariant(handle: string, skip?: number): Product["variants"][number];
  stockOf(variantGid: string): Promise<number>;
  setStock(variantGid: string, available: number): Promise<unknown>;
  /** The cart id at the end of a built-in checkout URL. */
  cartIdOf(checkoutUrl: string): string;
}

/**
 * A database of the engine with the built-in store's demo collection
 * seeded, for the tests of one describe block: made before them, dropped
 * after them.
 */
export function useSeededStore(engine: TestEngine): SeededStore {
  let database: TestDatabase | undefined;
  let catalogue: CatalogueService | undefined;
  let products: Product[] = [];

  beforeAll(async () => {
    database = await engine.create();
    catalogue = createCatalogue({
      config: { store: { kind: "built-in", siteUrl: STORE_SITE }, timeoutMs: 5_000 },
      database: database.handle,
    });
    await catalogue.start();
    products = (await catalogue.listProducts()).products;
  });
  afterAll(async () => {
    await catalogue?.close();
    await database?.drop();
  });

  const ready = () => {
    if (!database || !catalogue) throw new Error("the seeded store is made in beforeAll: use it inside a test");
    return { database, catalogue };
  };
  const variantRow = (variantGid: string) => eq(catalogueInventory.variantId, parseGid(variantGid, "ProductVariant")!);
  const store: SeededStore = {
    get database() {
      return ready().database;
    },
    get catalogue() {
      return ready().catalogue;
    },
    product: (handle) => {
      const found = products.find((p) => p.handle === handle);
      if (!found) throw new Error(`no demo product ${handle}`);
      return found;
    },
    availableVariant: (handle, skip = 0) => store.product(handle).variants.filter((v) => v.availableForSale)[skip]!,
    stockOf: async (variantGid) => {
      const [row] = await ready().database.handle.db.select().from(catalogueInventory).where(variantRow(variantGid));
      return row!.available;
    },
    setStock: (variantGid, available) =>
      ready().database.handle.db.update(catalogueInventory).set({ available }).where(variantRow(variantGid)),
    cartIdOf: (checkoutUrl) => checkoutUrl.split("/").pop()!,
  };
  return store;
}
