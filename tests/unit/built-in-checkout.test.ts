import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~/db/client.server";
import { catalogueInventory, catalogueOrderLines, catalogueOrders } from "~/db/schema/catalogue";
import { mailOutbox } from "~/db/schema/mail";
import { createCatalogue, type Catalogue } from "~/modules/catalogue/catalogue.server";
import { parseGid } from "~/modules/catalogue/gid";
import { orderConfirmationMail } from "~/modules/catalogue/order-mail";
import { StorefrontError } from "~/modules/catalogue/storefront-client.server";
import type { CartLineInput, Product } from "~/modules/catalogue/types";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { testEngines, type TestDatabase } from "../helpers/databases";

async function cartError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StorefrontError);
    return error as StorefrontError;
  }
  throw new Error("expected cart creation to fail");
}

describe.each(testEngines)("checkout on the built-in store on $name", (engine) => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let all: Product[];
  const SITE = "https://boutique.example";

  beforeAll(async () => {
    database = await engine.create();
    catalogue = createCatalogue({ config: { store: { kind: "built-in", siteUrl: SITE }, timeoutMs: 5_000 }, database: database.handle });
    await catalogue.start();
    all = (await catalogue.listProducts()).products;
  });
  afterAll(async () => {
    await catalogue.close();
    await database.drop();
  });

  const product = (handle: string) => all.find((p) => p.handle === handle)!;
  const availableVariant = (handle: string, skip = 0) => product(handle).variants.filter((v) => v.availableForSale)[skip]!;
  const stockOf = async (variantGid: string) => {
    const [row] = await database.handle.db
      .select()
      .from(catalogueInventory)
      .where(eq(catalogueInventory.variantId, parseGid(variantGid, "ProductVariant")!));
    return row!.available;
  };
  const setStock = (variantGid: string, available: number) =>
    database.handle.db
      .update(catalogueInventory)
      .set({ available })
      .where(eq(catalogueInventory.variantId, parseGid(variantGid, "ProductVariant")!));
  const cartIdOf = (checkoutUrl: string) => checkoutUrl.split("/").pop()!;

  describe("cartCreate", () => {
    it("returns a checkout URL on this site, the quantity and the total", async () => {
      const a = availableVariant("ruby-satin-slit-gown");
      const b = availableVariant("marigold-cocktail-dress");
      const checkout = await catalogue.createCheckout([
        { merchandiseId: a.id, quantity: 1 },
        { merchandiseId: b.id, quantity: 1 },
      ]);
      expect(checkout.checkoutUrl).toMatch(new RegExp(`^${SITE}/checkout/[0-9a-f-]{36}$`));
      expect(checkout.cartId).toBe(`gid://hive/Cart/${cartIdOf(checkout.checkoutUrl)}`);
      expect(checkout.totalQuantity).toBe(2);
      expect(checkout.total).toEqual({ amount: "538.0", currencyCode: "USD" });
      const page = await catalogue.getCheckout(cartIdOf(checkout.checkoutUrl));
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
      const checkout = await catalogue.createCheckout([
        { merchandiseId: a.id, quantity: 1 },
        { merchandiseId: a.id, quantity: 2 },
      ]);
      const page = await catalogue.getCheckout(cartIdOf(checkout.checkoutUrl));
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
        "a sold-out variant",
        (p) => [{ merchandiseId: p("camellia-tea-length-dress").variants[0]!.id, quantity: 1 }],
        "Cart creation failed: Camellia Tea-Length Dress (XS / Ivory) is sold out.",
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
      [
        "more than the stock",
        (p) => [{ merchandiseId: p("ruby-satin-slit-gown").variants[0]!.id, quantity: 50 }],
        "Cart creation failed: Only",
      ],
      ["no lines", () => [], "Cart creation failed: Add at least one item to the cart to check out."],
    ])("answers %s with a userError and makes no cart", async (_name, lines, message) => {
      const [before] = await queryRows<{ n: string }>(database.handle.db, sql`select count(*) as n from catalogue_carts`);
      const error = await cartError(catalogue.createCheckout(lines(product)));
      expect(error.message.startsWith(message)).toBe(true);
      expect(error.userErrors.length).toBeGreaterThan(0);
      const [after] = await queryRows<{ n: string }>(database.handle.db, sql`select count(*) as n from catalogue_carts`);
      expect(after!.n).toBe(before!.n);
    });

    it("reports every bad line, in bag order, joined by commas", async () => {
      const error = await cartError(
        catalogue.createCheckout([
          { merchandiseId: product("evening-primrose-velvet-dress").variants[0]!.id, quantity: 1 },
          { merchandiseId: "nonsense", quantity: 1 },
          { merchandiseId: availableVariant("ruby-satin-slit-gown").id, quantity: 0 },
        ]),
      );
      expect(error.message).toBe(
        "Cart creation failed: Evening Primrose Velvet Dress (XS / Wine) is sold out., The merchandise with id nonsense does not exist., The quantity must be at least 1.",
      );
      expect(error.userErrors.map((e) => e.field)).toEqual([
        ["input", "lines", "0", "quantity"],
        ["input", "lines", "1", "merchandiseId"],
        ["input", "lines", "2", "quantity"],
      ]);
    });

    it("takes at most 100 lines", async () => {
      const lines = Array.from({ length: 101 }, () => ({ merchandiseId: availableVariant("ruby-satin-slit-gown").id, quantity: 1 }));
      expect((await cartError(catalogue.createCheckout(lines))).message).toBe("Cart creation failed: A cart holds at most 100 lines.");
    });
  });

  describe("placing the order", () => {
    it("records the order (number, pending status, date, total, lines, no user yet) and takes the stock", async () => {
      const a = availableVariant("golden-hour-pleated-gown");
      await setStock(a.id, 3);
      const checkout = await catalogue.createCheckout([{ merchandiseId: a.id, quantity: 2 }]);
      const cartId = cartIdOf(checkout.checkoutUrl);
      const result = await catalogue.placeOrder({ cartId, customerName: "Ava Brooks", customerEmail: "ava@example.com", userId: null });
      expect(result.status).toBe("placed");
      if (result.status !== "placed") return;
      expect(result.order).toMatchObject({
        status: "pending",
        total: { amount: "598.0", currencyCode: "USD" },
        customerName: "Ava Brooks",
        customerEmail: "ava@example.com",
        userId: null,
        lines: [
          {
            productHandle: "golden-hour-pleated-gown",
            productTitle: "Golden Hour Pleated Gown",
            variantTitle: a.title,
            quantity: 2,
            unitPrice: { amount: "299.0", currencyCode: "USD" },
          },
        ],
      });
      expect(result.order.orderNumber).toBeGreaterThanOrEqual(1001);
      expect(Date.now() - Date.parse(result.order.date)).toBeLessThan(60_000);
      expect(await stockOf(a.id)).toBe(1);
      expect((await catalogue.getOrder(result.order.id))?.orderNumber).toBe(result.order.orderNumber);
      // The page now shows the confirmation.
      expect((await catalogue.getCheckout(cartId))!.order?.id).toBe(result.order.id);
    });

    it("a second submit finds the first order and takes nothing more", async () => {
      const a = availableVariant("azalea-high-low-dress");
      await setStock(a.id, 4);
      const checkout = await catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }]);
      const input = { cartId: cartIdOf(checkout.checkoutUrl), customerName: "Bea", customerEmail: "bea@example.com", userId: null };
      const first = await catalogue.placeOrder(input);
      const second = await catalogue.placeOrder(input);
      expect(second.status).toBe("already-placed");
      expect(second.status !== "not-found" && second.status !== "unavailable" && second.order.id).toBe(
        first.status === "placed" && first.order.id,
      );
      expect(await stockOf(a.id)).toBe(3);
    });

    it("refuses, storing nothing, when a line sold out after the cart was made", async () => {
      const a = availableVariant("celeste-beaded-halter-gown");
      const b = availableVariant("midnight-velvet-column");
      await setStock(a.id, 2);
      await setStock(b.id, 2);
      const checkout = await catalogue.createCheckout([
        { merchandiseId: a.id, quantity: 1 },
        { merchandiseId: b.id, quantity: 2 },
      ]);
      await setStock(b.id, 1);
      const [ordersBefore] = await queryRows<{ n: string }>(database.handle.db, sql`select count(*) as n from catalogue_orders`);
      const result = await catalogue.placeOrder({
        cartId: cartIdOf(checkout.checkoutUrl),
        customerName: "Cy",
        customerEmail: "cy@example.com",
        userId: null,
      });
      expect(result).toEqual({ status: "unavailable", problems: [`Only 1 left of Midnight Velvet Column (${b.title}).`] });
      expect(await stockOf(a.id)).toBe(2);
      expect(await stockOf(b.id)).toBe(1);
      const [ordersAfter] = await queryRows<{ n: string }>(database.handle.db, sql`select count(*) as n from catalogue_orders`);
      expect(ordersAfter!.n).toBe(ordersBefore!.n);
      expect((await catalogue.getCheckout(cartIdOf(checkout.checkoutUrl)))!.lines[1]!.problem).toBe(
        `Only 1 left of Midnight Velvet Column (${b.title}).`,
      );
    });

    it("queues the confirmation mail in the order's transaction: both are stored, or neither", async () => {
      const a = availableVariant("savannah-sunset-chiffon-gown");
      await setStock(a.id, 2);
      const failing = await catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }]);
      const input = { cartId: cartIdOf(failing.checkoutUrl), customerName: "Ida Vance", customerEmail: "ida@example.com", userId: null };
      await expect(catalogue.placeOrder(input, { onPlaced: () => Promise.reject(new Error("outbox unavailable")) })).rejects.toThrow(
        "outbox unavailable",
      );
      expect(await stockOf(a.id)).toBe(2);
      expect((await catalogue.getCheckout(input.cartId))!.order).toBeNull();

      const placed = await catalogue.placeOrder(input, {
        onPlaced: (tx, order) => enqueueMail(tx, orderConfirmationMail(order, `${SITE}/checkout/${input.cartId}`)),
      });
      expect(placed.status).toBe("placed");
      const [mail] = await database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ida@example.com"));
      expect(mail).toMatchObject({ kind: "order-confirmation", status: "pending" });
      expect(mail!.subject).toMatch(/^Your order #\d+ at The Hive Bridal & Formal$/);
      expect(mail!.textBody).toContain("Dear Ida Vance,");
      expect(mail!.textBody).toContain(`1 × Savannah Sunset Chiffon Gown (${a.title.split(" / ").join(", ")})  USD $329.00`);
      expect(mail!.textBody).toContain(`${SITE}/checkout/${input.cartId}`);
    });

    it("answers an unknown or malformed cart with not-found", async () => {
      expect(
        await catalogue.placeOrder({
          cartId: "00000000-0000-4000-8000-000000000000",
          customerName: "D",
          customerEmail: "d@example.com",
          userId: null,
        }),
      ).toEqual({ status: "not-found" });
      expect(
        await catalogue.placeOrder({
          cartId: "'; drop table catalogue_orders; --",
          customerName: "D",
          customerEmail: "d@example.com",
          userId: null,
        }),
      ).toEqual({ status: "not-found" });
      expect(await catalogue.getCheckout("nope")).toBeNull();
    });

    it("shows the sold-out state at once after an order takes the last one", async () => {
      const a = availableVariant("champagne-toast-sequin-midi");
      await setStock(a.id, 1);
      catalogue.invalidate();
      expect(
        (await catalogue.getProduct("champagne-toast-sequin-midi")).product!.variants.find((v) => v.id === a.id)!.availableForSale,
      ).toBe(true);
      const checkout = await catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }]);
      await catalogue.placeOrder({
        cartId: cartIdOf(checkout.checkoutUrl),
        customerName: "Eve",
        customerEmail: "eve@example.com",
        userId: null,
      });
      expect(
        (await catalogue.getProduct("champagne-toast-sequin-midi")).product!.variants.find((v) => v.id === a.id)!.availableForSale,
      ).toBe(false);
    });

    it("the database refuses an order line without a quantity or an order without a customer", async () => {
      const [order] = await database.handle.db.select().from(catalogueOrders).limit(1);
      await expect(
        database.handle.db.insert(catalogueOrderLines).values({
          orderId: order!.id,
          position: 99,
          productHandle: "x",
          productTitle: "X",
          variantTitle: "S",
          quantity: 0,
          unitPrice: "1.00",
        }),
      ).rejects.toThrow();
      await expect(
        database.handle.db
          .update(catalogueInventory)
          .set({ available: -1 })
          .where(sql`true`),
      ).rejects.toThrow();
    });
  });

  it.runIf(engine.name === "postgres")("two shoppers ordering the last gown at the same moment: exactly one gets it", async () => {
    const a = availableVariant("electra-cape-mermaid-gown");
    await setStock(a.id, 1);
    const carts = await Promise.all([0, 1].map(() => catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }])));
    // Two separate connection pools: two server instances.
    const second = await openDatabase({ engine: "postgres", url: database.url!, poolSize: 2 });
    const other = createCatalogue({ config: { store: { kind: "built-in", siteUrl: SITE }, timeoutMs: 5_000 }, database: second });
    try {
      const results = await Promise.all([
        catalogue.placeOrder({
          cartId: cartIdOf(carts[0]!.checkoutUrl),
          customerName: "Fay",
          customerEmail: "fay@example.com",
          userId: null,
        }),
        other.placeOrder({ cartId: cartIdOf(carts[1]!.checkoutUrl), customerName: "Gia", customerEmail: "gia@example.com", userId: null }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["placed", "unavailable"]);
      expect(await stockOf(a.id)).toBe(0);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
