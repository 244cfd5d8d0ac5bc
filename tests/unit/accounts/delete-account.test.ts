import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "~/db/constants";
import { addresses, profiles } from "~/db/schema/accounts";
import { users } from "~/db/schema/auth";
import { catalogueCarts } from "~/db/schema/catalogue";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { catalogueOrders } from "~/db/schema/orders";
import { wishlistItems } from "~/db/schema/wishlist";
import { deleteAccount } from "~/modules/accounts/accounts.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

// "Delete my account" goes through each table's owner (docs/architecture.md, "One owner per table"): her own rows go,
// her requests and appointments stay for the studio without her, her orders stay for the books without her name.
describe.each(testEngines)("deleting an account on $name", (engine) => {
  const database = useTestDatabase(engine);

  it("removes her rows, unlinks her requests and appointments, anonymises her orders, and leaves another customer's alone", async () => {
    const db = database.handle.db;
    await db.insert(users).values([
      { id: "ada", name: "Ada", email: "Ada@Example.com" },
      { id: "bea", name: "Bea", email: "bea@example.com" },
    ]);
    await db.insert(profiles).values({ userId: "ada", fullName: "Ada Lovelace" });
    await db.insert(wishlistItems).values(
      ["ada", "bea"].map((userId) => ({
        userId,
        productId: "gid://1",
        productHandle: "aurora-lace",
        productTitle: "Aurora Lace",
        productImageUrl: null,
        priceAmount: "1200.00",
        priceCurrency: "USD",
      })),
    );
    await db.insert(appointments).values(
      ["ada", "bea"].map((userId, seat) => ({
        userId,
        name: userId,
        email: `${userId}@example.com`,
        preferredDate: "2026-11-25",
        preferredTime: "10:00",
        seat: seat + 1,
      })),
    );
    await db.insert(customDesignSubmissions).values(
      ["ada", "bea"].map((userId) => ({
        userId,
        name: userId,
        email: `${userId}@example.com`,
        eventType: EVENT_TYPES[0],
        vision: "Ivory lace, long sleeves",
      })),
    );
    const carts = await db.insert(catalogueCarts).values([{}, {}, {}]).returning({ id: catalogueCarts.id });
    const order = (cartId: string, userId: string | null, customerEmail: string) => ({
      cartId,
      userId,
      customerName: "Someone",
      customerEmail,
      totalAmount: "1200.00",
    });
    await db.insert(catalogueOrders).values([
      order(carts[0]!.id, "ada", "ada@example.com"),
      // A guest order with her address, in another case: hers too.
      order(carts[1]!.id, null, "ADA@example.com"),
      order(carts[2]!.id, "bea", "bea@example.com"),
    ]);

    await deleteAccount(db, "ada");

    expect(await db.select({ id: users.id }).from(users)).toEqual([{ id: "bea" }]);
    expect(await db.select().from(profiles)).toEqual([]);
    expect(await db.select().from(addresses)).toEqual([]);
    expect((await db.select({ userId: wishlistItems.userId }).from(wishlistItems)).map((row) => row.userId)).toEqual(["bea"]);
    const owners = async (table: typeof appointments | typeof customDesignSubmissions) =>
      (await db.select({ name: table.name, userId: table.userId }).from(table)).sort((a, b) => a.name.localeCompare(b.name));
    expect(await owners(appointments)).toEqual([
      { name: "ada", userId: null },
      { name: "bea", userId: "bea" },
    ]);
    expect(await owners(customDesignSubmissions)).toEqual([
      { name: "ada", userId: null },
      { name: "bea", userId: "bea" },
    ]);
    const orders = await db
      .select({
        cartId: catalogueOrders.cartId,
        userId: catalogueOrders.userId,
        name: catalogueOrders.customerName,
        email: catalogueOrders.customerEmail,
      })
      .from(catalogueOrders);
    const byCart = (cartId: string) => orders.find((row) => row.cartId === cartId);
    expect(byCart(carts[0]!.id)).toEqual({ cartId: carts[0]!.id, userId: null, name: "Deleted customer", email: "deleted@invalid" });
    expect(byCart(carts[1]!.id)).toEqual({ cartId: carts[1]!.id, userId: null, name: "Deleted customer", email: "deleted@invalid" });
    expect(byCart(carts[2]!.id)).toEqual({ cartId: carts[2]!.id, userId: "bea", name: "Someone", email: "bea@example.com" });
    expect(await db.select().from(users).where(eq(users.id, "ada"))).toEqual([]);
  });
});
