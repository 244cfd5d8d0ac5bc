import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { catalogueInventory } from "~/db/schema/catalogue";
import { createBuiltInStorefront } from "~/modules/built-in-store/built-in-store.server";
import { parseGid } from "~/modules/built-in-store/gid";
import { StorefrontError } from "~/modules/catalogue/catalogue.server";
import type { CartLineInput, Product } from "~/modules/catalogue/types";
import { getCheckout } from "~/modules/orders/orders.server";
import { testEngines } from "../../helpers/databases";
import { STORE_SITE, useSeededStore } from "../../helpers/seeded-store";

async function cartError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StorefrontError);
    return error as StorefrontError;
  }
  throw new Error("expected cart creation to fail");
}

describe.each(testEngines)("cartCreate on the built-in store on $name", (engine) => {
  const store = useSeededStore(engine);
  const { product, availableVariant, setStock, cartIdOf } = store;
  const SITE = STORE_SITE;

  describe("cartCreate", () => {
    it("returns a checkout URL on this site, the quantity and the total", async () => {
      const a = availableVariant("ruby-satin-slit-gown");
      const b = availableVariant("marigold-cocktail-dress");
      const checkout = await store.catalogue.createCheckout([
        { merchandiseId: a.id, quantity: 1 },
        { merchandiseId: b.id, quantity: 1 },
      ]);
      expect(checkout.checkoutUrl).toMatch(new RegExp(`^${SITE}/checkout/[0-9a-f-]{36}$`));
      expect(checkout.cartId).toBe(`gid://hive/Cart/${cartIdOf(checkout.checkoutUrl)}`);
      expect(checkout.totalQuantity).toBe(2);
      expect(checkout.total).toEqual({ amount: "538.0", currencyCode: "USD" });
      const page = await getCheckout(store.database.handle.db, cartIdOf(checkout.checkoutUrl));
      expect(page!.lines.map((l) => [l.productTitle, l.variantTitle, l.quantity, l.lineTotal.amount])).toEqual([
        ["Ruby Satin Slit Gown", a.title, 1, "319.0"],
        ["Marigold Cocktail Dress", b.title, 1, "219.0"],
      ]);
      // The chosen colour's picture.
      expect(page!.lines[0]!.image).toEqual(a.image);
      expect(page!.lines[0]!.image?.url).toMatch(/^\/images\/gowns\/ruby-satin-slit-gown-front\.webp/);
      expect(page!.order).toBeNull();
    });

    it("merges two lines of the same variant, as Shopify does", async () => {
      const a = availableVariant("aurora-tulle-ball-gown");
      await setStock(a.id, 5);
      const checkout = await store.catalogue.createCheckout([
        { merchandiseId: a.id, quantity: 1 },
        { merchandiseId: a.id, quantity: 2 },
      ]);
      const page = await getCheckout(store.database.handle.db, cartIdOf(checkout.checkoutUrl));
      expect(page!.lines.map((l) => l.quantity)).toEqual([3]);
    });

    it.each<[string, (p: (h: string) => Product) => CartLineInput[], string]>([
      [
        "an unknown variant",
        () => [{ merchandiseId: "gid://hive/ProductVariant/00000000-0000-4000-8000-000000000000", quantity: 1 }],
        "Cart creation failed: The merchandise with id gid://hive/ProductVariant/00000000-0000-4000-8000-000000000000 does not exist.",
      ],
      [
        "an id from another store",
        () => [{ merchandiseId: "gid://shopify/ProductVariant/123", quantity: 1 }],
        "Cart creation failed: The merchandise with id gid://shopify/ProductVariant/123 does not exist.",
      ],
      [
        "a quantity of 0",
        (p) => [{ merchandiseId: p("ruby-satin-slit-gown").variants[0]!.id, quantity: 0 }],
        "Cart creation failed: The quantity must be at least 1.",
      ],
      [
        "a negative quantity",
        (p) => [{ merchandiseId: p("ruby-satin-slit-gown").variants[0]!.id, quantity: -2 }],
        "Cart creation failed: The quantity must be at least 1.",
      ],
      ["no lines", () => [], "Cart creation failed: Add at least one item to the cart to check out."],
    ])("answers %s with a userError and makes no cart", async (_name, lines, message) => {
      const [before] = await queryRows<{ n: string }>(store.database.handle.db, sql`select count(*) as n from catalogue_carts`);
      const error = await cartError(store.catalogue.createCheckout(lines(product)));
      expect(error.message.startsWith(message)).toBe(true);
      expect(error.userErrors.length).toBeGreaterThan(0);
      const [after] = await queryRows<{ n: string }>(store.database.handle.db, sql`select count(*) as n from catalogue_carts`);
      expect(after!.n).toBe(before!.n);
    });

    it("reports every bad line, in bag order, joined by commas", async () => {
      const error = await cartError(
        store.catalogue.createCheckout([
          { merchandiseId: availableVariant("marigold-cocktail-dress").id, quantity: 0 },
          { merchandiseId: "nonsense", quantity: 1 },
          { merchandiseId: availableVariant("ruby-satin-slit-gown").id, quantity: 0 },
        ]),
      );
      expect(error.message).toBe(
        "Cart creation failed: The quantity must be at least 1., The merchandise with id nonsense does not exist., The quantity must be at least 1.",
      );
      expect(error.userErrors.map((e) => e.field)).toEqual([
        ["input", "lines", "0", "quantity"],
        ["input", "lines", "1", "merchandiseId"],
        ["input", "lines", "2", "quantity"],
      ]);
    });

    it("answers a line short of stock as Shopify does, and the catalogue says which gown and what is left", async () => {
      const [a, b, c] = [
        availableVariant("ruby-satin-slit-gown"),
        availableVariant("marigold-cocktail-dress"),
        availableVariant("golden-hour-pleated-gown"),
      ];
      await setStock(a.id, 1);
      await setStock(b.id, 0);
      await setStock(c.id, 4);
      // The storefront itself: the cart is made with what there is, and warnings say what was cut.
      const storefront = createBuiltInStorefront({ db: store.database.handle.db, siteUrl: SITE });
      const answer = await storefront.execute({
        query: `mutation { cartCreate(input: { lines: [
          { merchandiseId: "${a.id}", quantity: 2 }, { merchandiseId: "${b.id}", quantity: 1 }, { merchandiseId: "${c.id}", quantity: 2 }
        ] }) { cart { totalQuantity lines(first: 10) { edges { node { id quantity merchandise { ... on ProductVariant { id quantityAvailable } } } } } }
          userErrors { message } warnings { code message target } } }`,
      });
      const created = (
        answer.data as {
          cartCreate: {
            cart: {
              totalQuantity: number;
              lines: { edges: { node: { id: string; quantity: number; merchandise: { id: string; quantityAvailable: number } } }[] };
            };
            userErrors: unknown[];
            warnings: { code: string; target: string }[];
          };
        }
      ).cartCreate;
      expect(created.userErrors).toEqual([]);
      expect(created.cart.totalQuantity).toBe(3);
      expect(created.cart.lines.edges.map(({ node }) => [node.merchandise.id, node.quantity, node.merchandise.quantityAvailable])).toEqual([
        [a.id, 1, 1],
        [c.id, 2, 4],
      ]);
      expect(created.warnings.map((w) => [w.code, w.target])).toEqual([
        ["MERCHANDISE_NOT_ENOUGH_STOCK", created.cart.lines.edges[0]!.node.id],
        ["MERCHANDISE_OUT_OF_STOCK", b.id],
      ]);

      // Through the catalogue: no checkout for a cart that is not the bag, but what is left of each gown, named.
      const error = await cartError(
        store.catalogue.createCheckout([
          { merchandiseId: a.id, quantity: 2 },
          { merchandiseId: b.id, quantity: 1 },
          { merchandiseId: c.id, quantity: 2 },
        ]),
      );
      expect(error.kind).toBe("stock");
      expect(error.stock).toEqual([
        { merchandiseId: a.id, available: 1, name: `Ruby Satin Slit Gown (${a.title})` },
        { merchandiseId: b.id, available: 0, name: null },
      ]);
      expect(error.message).toBe(`Ruby Satin Slit Gown (${a.title}): only 1 left. A gown in your bag has sold out.`);
      // A cart takes no stock.
      expect([await store.stockOf(a.id), await store.stockOf(b.id), await store.stockOf(c.id)]).toEqual([1, 0, 4]);
    });

    it("takes at most 12 pieces in all, however they are split", async () => {
      const [a, b] = [availableVariant("ruby-satin-slit-gown"), availableVariant("golden-hour-pleated-gown")];
      await store.database.handle.db
        .update(catalogueInventory)
        .set({ available: 40 })
        .where(sql`${catalogueInventory.variantId} in (${parseGid(a.id, "ProductVariant")}, ${parseGid(b.id, "ProductVariant")})`);
      const error = await cartError(
        store.catalogue.createCheckout([
          { merchandiseId: a.id, quantity: 7 },
          { merchandiseId: b.id, quantity: 6 },
        ]),
      );
      expect(error.message).toBe(
        "Cart creation failed: A cart holds at most 12 pieces. For a larger party, please call or email the boutique.",
      );
      const twelve = await store.catalogue.createCheckout([
        { merchandiseId: a.id, quantity: 6 },
        { merchandiseId: b.id, quantity: 6 },
      ]);
      expect(twelve.totalQuantity).toBe(12);
    });

    it("takes at most 100 lines", async () => {
      const lines = Array.from({ length: 101 }, () => ({ merchandiseId: availableVariant("ruby-satin-slit-gown").id, quantity: 1 }));
      expect((await cartError(store.catalogue.createCheckout(lines))).message).toBe(
        "Cart creation failed: A cart holds at most 100 lines.",
      );
    });
  });
});
