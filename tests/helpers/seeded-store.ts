import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { catalogueInventory } from "~/db/schema/catalogue";
import { parseGid } from "~/modules/built-in-store/gid";
import { createCatalogue, type CatalogueService } from "~/modules/catalogue/catalogue.server";
import type { Product } from "~/modules/catalogue/types";
import type { TestEngine } from "./databases";
import { useTestDatabase, type UsedDatabase } from "./test-database";

export const STORE_SITE = "https://boutique.example";

export interface SeededStore {
  readonly database: UsedDatabase;
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
  const database = useTestDatabase(engine);
  // Filled in beforeAll (a box: the react-hooks lint takes a `use…` function for a hook and refuses reassignments in it).
  const made: { catalogue?: CatalogueService; products: Product[] } = { products: [] };

  beforeAll(async () => {
    made.catalogue = createCatalogue({
      config: { store: { kind: "built-in", siteUrl: STORE_SITE }, timeoutMs: 5_000 },
      database: database.handle,
    });
    await made.catalogue.start();
    made.products = (await made.catalogue.listProducts()).products;
  });
  afterAll(async () => {
    await made.catalogue?.close();
  });

  const ready = () => {
    if (!made.catalogue) throw new Error("the seeded store is made in beforeAll: use it inside a test");
    return { database, catalogue: made.catalogue };
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
      const found = made.products.find((p) => p.handle === handle);
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
