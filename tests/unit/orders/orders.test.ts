import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~/db/client.server";
import { catalogueInventory } from "~/db/schema/catalogue";
import { catalogueOrderLines, catalogueOrders } from "~/db/schema/orders";
import { mailOutbox } from "~/db/schema/mail";
import {
  getCheckout,
  getOrder,
  listOrdersForCustomer,
  placeOrder,
  releaseExpiredHolds,
  type PlaceOrderOptions,
} from "~/modules/orders/orders.server";
import type { PlaceOrderInput } from "~/modules/orders/types";
import { testEngines } from "../../helpers/databases";
import { STORE_SITE, useSeededStore } from "../../helpers/seeded-store";

describe.each(testEngines)("orders on the built-in store on $name", (engine) => {
  const store = useSeededStore(engine);
  const { availableVariant, stockOf, setStock, cartIdOf } = store;
  const SITE = STORE_SITE;
  const order = (input: Omit<PlaceOrderInput, "siteUrl">, options?: PlaceOrderOptions) =>
    placeOrder(store.database.handle.db, { ...input, siteUrl: SITE }, options);

  describe("placing the order", () => {
    it("records the order (number, pending status, date, total, lines, no user yet) and takes the stock", async () => {
      const a = availableVariant("golden-hour-pleated-gown");
      await setStock(a.id, 3);
      const checkout = await store.catalogue.createCheckout([{ merchandiseId: a.id, quantity: 2 }]);
      const cartId = cartIdOf(checkout.checkoutUrl);
      const result = await order({ cartId, customerName: "Ava Brooks", customerEmail: "ava@example.com", userId: null });
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
      expect((await getOrder(store.database.handle.db, result.order.id))?.orderNumber).toBe(result.order.orderNumber);
      // The page now shows the confirmation.
      expect((await getCheckout(store.database.handle.db, cartId))!.order?.id).toBe(result.order.id);
    });

    it("a second submit finds the first order and takes nothing more", async () => {
      const a = availableVariant("azalea-high-low-dress");
      await setStock(a.id, 4);
      const checkout = await store.catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }]);
      const input = { cartId: cartIdOf(checkout.checkoutUrl), customerName: "Bea", customerEmail: "bea@example.com", userId: null };
      const first = await order(input);
      const second = await order(input);
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
      const checkout = await store.catalogue.createCheckout([
        { merchandiseId: a.id, quantity: 1 },
        { merchandiseId: b.id, quantity: 2 },
      ]);
      await setStock(b.id, 1);
      const [ordersBefore] = await queryRows<{ n: string }>(store.database.handle.db, sql`select count(*) as n from catalogue_orders`);
      const result = await order({
        cartId: cartIdOf(checkout.checkoutUrl),
        customerName: "Cy",
        customerEmail: "cy@example.com",
        userId: null,
      });
      expect(result).toEqual({ status: "unavailable", problems: [`Midnight Velvet Column (${b.title}): only 1 left.`] });
      expect(await stockOf(a.id)).toBe(2);
      expect(await stockOf(b.id)).toBe(1);
      const [ordersAfter] = await queryRows<{ n: string }>(store.database.handle.db, sql`select count(*) as n from catalogue_orders`);
      expect(ordersAfter!.n).toBe(ordersBefore!.n);
      expect((await getCheckout(store.database.handle.db, cartIdOf(checkout.checkoutUrl)))!.lines[1]!.problem).toBe(
        `Midnight Velvet Column (${b.title}): only 1 left.`,
      );
    });

    it("queues the confirmation mail in the order's transaction: both are stored, or neither", async () => {
      const a = availableVariant("savannah-sunset-chiffon-gown");
      await setStock(a.id, 2);
      const failing = await store.catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }]);
      const input = { cartId: cartIdOf(failing.checkoutUrl), customerName: "Ida Vance", customerEmail: "ida@example.com", userId: null };
      // Something else in the transaction fails after the order and its mail were written: neither stays.
      await expect(order(input, { onPlaced: () => Promise.reject(new Error("outbox unavailable")) })).rejects.toThrow("outbox unavailable");
      expect(await stockOf(a.id)).toBe(2);
      expect((await getCheckout(store.database.handle.db, input.cartId))!.order).toBeNull();
      expect(await store.database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ida@example.com"))).toEqual([]);

      const placed = await order(input);
      expect(placed.status).toBe("placed");
      const [mail] = await store.database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ida@example.com"));
      expect(mail).toMatchObject({ kind: "order-confirmation", status: "pending" });
      expect(mail!.subject).toMatch(/^Your order #\d+ at The Hive Bridal & Formal$/);
      expect(mail!.textBody).toContain("Dear Ida Vance,");
      expect(mail!.textBody).toContain(`1 × Savannah Sunset Chiffon Gown (${a.title.split(" / ").join(", ")})  USD $329.00`);
      expect(mail!.textBody).toContain(`${SITE}/checkout/${input.cartId}`);
    });

    it("answers an unknown or malformed cart with not-found", async () => {
      for (const cartId of ["00000000-0000-4000-8000-000000000000", "'; drop table catalogue_orders; --"]) {
        expect(await order({ cartId, customerName: "D", customerEmail: "d@example.com", userId: null }), cartId).toEqual({
          status: "not-found",
        });
      }
      expect(await getCheckout(store.database.handle.db, "nope")).toBeNull();
    });

    it("shows the sold-out state at once after an order takes the last one", async () => {
      const a = availableVariant("champagne-toast-sequin-midi");
      await setStock(a.id, 1);
      store.catalogue.invalidate();
      expect(
        (await store.catalogue.getProduct("champagne-toast-sequin-midi")).product!.variants.find((v) => v.id === a.id)!.availableForSale,
      ).toBe(true);
      const checkout = await store.catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }]);
      await order({
        cartId: cartIdOf(checkout.checkoutUrl),
        customerName: "Eve",
        customerEmail: "eve@example.com",
        userId: null,
      });
      // What the checkout route does once an order is placed (AppServices.catalogueChanged).
      store.catalogue.invalidate();
      expect(
        (await store.catalogue.getProduct("champagne-toast-sequin-midi")).product!.variants.find((v) => v.id === a.id)!.availableForSale,
      ).toBe(false);
    });

    it("the database refuses an order line without a quantity or an order without a customer", async () => {
      const [order] = await store.database.handle.db.select().from(catalogueOrders).limit(1);
      await expect(
        store.database.handle.db.insert(catalogueOrderLines).values({
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
        store.database.handle.db
          .update(catalogueInventory)
          .set({ available: -1 })
          .where(sql`true`),
      ).rejects.toThrow();
    });
  });

  describe("unpaid reservations", () => {
    const HOLD_MS = 48 * 3_600_000;
    const placeOne = async (handle: string, quantity: number) => {
      const a = availableVariant(handle);
      await setStock(a.id, 10);
      const checkout = await store.catalogue.createCheckout([{ merchandiseId: a.id, quantity }]);
      const result = await order({
        cartId: cartIdOf(checkout.checkoutUrl),
        customerName: "Lou",
        customerEmail: "lou@example.com",
        userId: null,
      });
      if (result.status !== "placed") throw new Error(`order not placed: ${result.status}`);
      return { variant: a, order: result.order };
    };
    const ageBy = (orderId: string, ms: number) =>
      store.database.handle.db
        .update(catalogueOrders)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(catalogueOrders.id, orderId));

    it("go back on sale after the hold, once; recent and paid orders keep their gowns", async () => {
      const expired = await placeOne("savannah-sunset-chiffon-gown", 2);
      expect(await stockOf(expired.variant.id)).toBe(8);
      const recent = await placeOne("ruby-satin-slit-gown", 1);
      const paid = await placeOne("golden-hour-pleated-gown", 1);
      await ageBy(expired.order.id, HOLD_MS + 60_000);
      await ageBy(recent.order.id, HOLD_MS - 60_000);
      await ageBy(paid.order.id, HOLD_MS * 2);
      await store.database.handle.db.update(catalogueOrders).set({ status: "paid" }).where(eq(catalogueOrders.id, paid.order.id));
      const recentStock = await stockOf(recent.variant.id);
      const paidStock = await stockOf(paid.variant.id);

      const released = await releaseExpiredHolds(store.database.handle.db, HOLD_MS);
      expect(released).toEqual([expired.order.orderNumber]);
      expect(await stockOf(expired.variant.id)).toBe(10);
      expect((await getOrder(store.database.handle.db, expired.order.id))!.status).toBe("cancelled");
      expect(await stockOf(recent.variant.id)).toBe(recentStock);
      expect((await getOrder(store.database.handle.db, recent.order.id))!.status).toBe("pending");
      expect(await stockOf(paid.variant.id)).toBe(paidStock);
      expect((await getOrder(store.database.handle.db, paid.order.id))!.status).toBe("paid");

      // A second sweep gives nothing back twice.
      expect(await releaseExpiredHolds(store.database.handle.db, HOLD_MS)).toEqual([]);
      expect(await stockOf(expired.variant.id)).toBe(10);
    });
  });

  describe("a customer's orders", () => {
    it("lists a signed-in customer's orders by user id and a guest's by email (any case), newest first", async () => {
      const a = availableVariant("ruby-satin-slit-gown");
      await setStock(a.id, 5);
      const placeFor = async (customerEmail: string, userId: string | null) => {
        const checkout = await store.catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }]);
        const result = await order({ cartId: cartIdOf(checkout.checkoutUrl), customerName: "Jo March", customerEmail, userId });
        if (result.status !== "placed") throw new Error(`order not placed: ${result.status}`);
        return result.order;
      };
      const first = await placeFor("jo@example.com", null);
      const second = await placeFor("Jo@Example.com", "user-jo");
      const third = await placeFor("other@example.com", "user-jo");
      await placeFor("amy@example.com", "user-amy");

      const byUser = await listOrdersForCustomer(store.database.handle.db, { userId: "user-jo" });
      expect(byUser.map((o) => o.orderNumber)).toEqual([third.orderNumber, second.orderNumber]);
      const byEmail = await listOrdersForCustomer(store.database.handle.db, { email: " JO@example.com " });
      expect(byEmail.map((o) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
      const both = await listOrdersForCustomer(store.database.handle.db, { userId: "user-jo", email: "jo@example.com" });
      expect(both.map((o) => o.orderNumber)).toEqual([third.orderNumber, second.orderNumber, first.orderNumber]);
      expect(both[0]!.lines).toHaveLength(1);
      expect(await listOrdersForCustomer(store.database.handle.db, {})).toEqual([]);
      expect(await listOrdersForCustomer(store.database.handle.db, { userId: null, email: "  " })).toEqual([]);
    });
  });

  it.runIf(engine.name === "postgres")("two shoppers ordering the last gown at the same moment: exactly one gets it", async () => {
    const a = availableVariant("electra-cape-mermaid-gown");
    await setStock(a.id, 1);
    const carts = await Promise.all([0, 1].map(() => store.catalogue.createCheckout([{ merchandiseId: a.id, quantity: 1 }])));
    // Two separate connection pools: two server instances.
    const second = await openDatabase({ engine: "postgres", url: store.database.url!, poolSize: 2 });
    try {
      const results = await Promise.all([
        order({
          cartId: cartIdOf(carts[0]!.checkoutUrl),
          customerName: "Fay",
          customerEmail: "fay@example.com",
          userId: null,
        }),
        placeOrder(second.db, {
          siteUrl: SITE,
          cartId: cartIdOf(carts[1]!.checkoutUrl),
          customerName: "Gia",
          customerEmail: "gia@example.com",
          userId: null,
        }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["placed", "unavailable"]);
      expect(await stockOf(a.id)).toBe(0);
    } finally {
      await second.close();
    }
  });
});
