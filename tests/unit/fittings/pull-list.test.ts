import { beforeEach, describe, expect, it } from "vitest";
import { appointmentPullItems, appointments } from "~/db/schema/fittings";
import { mailOutbox } from "~/db/schema/mail";
import { wishlistItems } from "~/db/schema/wishlist";
import { createSignedTokens } from "~/lib/signed-token.server";
import { bookFitting, pullListChoices, pullListsFor } from "~/modules/fittings/fittings.server";
import { fittingBookingSchema } from "~/modules/fittings/schema";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const SETTINGS = {
  BOUTIQUE_TIME_ZONE: "America/New_York",
  FITTING_SLOT_CAPACITY: 2,
  FITTING_HORIZON_DAYS: 90,
  // The customer's mails only: staff notices have their own test (tests/server/staff-notices.test.ts).
  BOUTIQUE_EMAIL: "studio@boutique.example",
  STAFF_NOTIFICATIONS: "none" as const,
};
const NOW = new Date("2026-11-24T12:00:00Z");
// The cancel links are signed on the same clock as the bookings, or they would expire with the real date.
const TOKENS = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac", now: () => NOW.getTime() });
const booking = (email: string) => fittingBookingSchema.parse({ date: "2026-11-25", time: "10:00", name: "Ada", email });
const dress = (userId: string, productId: string, title: string) => ({
  userId,
  productId,
  productHandle: title.toLowerCase().replaceAll(" ", "-"),
  productTitle: title,
  productImageUrl: null,
  priceAmount: "1200.00",
  priceCurrency: "USD",
});

describe.each(testEngines)("the pull list on $name", (engine) => {
  const database = useTestDatabase(engine);
  beforeEach(async () => {
    const db = database.handle.db;
    await db.delete(appointmentPullItems);
    await db.delete(appointments);
    await db.delete(mailOutbox);
    await db.delete(wishlistItems);
    await db
      .insert(wishlistItems)
      .values([dress("ada", "gid://1", "Aurora Lace"), dress("ada", "gid://2", "Celeste Satin"), dress("bea", "gid://3", "Bea's Own")]);
  });

  const options = (userId: string | null, pullProductIds: string[]) => ({
    settings: SETTINGS,
    appUrl: "https://boutique.example",
    tokens: TOKENS,
    userId,
    pullProductIds,
    now: NOW,
  });

  it("stores the ticked dresses from her own wishlist only, and staff read them by appointment", async () => {
    const db = database.handle.db;
    expect((await pullListChoices(db, "ada")).map((item) => item.title).sort()).toEqual(["Aurora Lace", "Celeste Satin"]);
    const outcome = await bookFitting(db, booking("ada@example.com"), options("ada", ["gid://2", "gid://3", "gid://nope", "gid://2"]));
    expect(outcome.status).toBe("booked");
    if (outcome.status !== "booked") return;
    expect((await pullListsFor(db, [outcome.appointment.id])).get(outcome.appointment.id)).toEqual([
      { productId: "gid://2", handle: "celeste-satin", title: "Celeste Satin", imageUrl: null },
    ]);
    // The booking answers the list it stored (the confirmation panel's), without reading it back.
    expect(outcome.pullList).toEqual((await pullListsFor(db, [outcome.appointment.id])).get(outcome.appointment.id));
    const guest = await bookFitting(db, booking("guest@example.com"), options(null, ["gid://1"]));
    expect(guest.status).toBe("booked");
    if (guest.status !== "booked") return;
    expect(guest.pullList).toEqual([]);
    const lists = await pullListsFor(db, [outcome.appointment.id, guest.appointment.id]);
    expect([...lists.keys()]).toEqual([outcome.appointment.id]);
  });

  it("a refused booking stores no pull list", async () => {
    const db = database.handle.db;
    const refused = await bookFitting(db, booking("ada@example.com"), {
      ...options("ada", ["gid://1"]),
      now: new Date("2026-11-26T12:00:00Z"),
    });
    expect(refused.status).toBe("refused");
    expect(await db.select().from(appointmentPullItems)).toEqual([]);
  });
});
