import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments } from "~/db/schema/fittings";
import { mailOutbox } from "~/db/schema/mail";
import { createSignedTokens } from "~/lib/signed-token.server";
import { bookFitting, cancelFittingByLink, findFittingByLink, fittingCalendar, slotsForDate } from "~/modules/fittings/fittings.server";
import { fittingBookingSchema } from "~/modules/fittings/schema";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const SETTINGS = {
  BOUTIQUE_TIME_ZONE: "America/New_York",
  FITTING_SLOT_CAPACITY: 1,
  FITTING_HORIZON_DAYS: 90,
  // The customer's mails only: staff notices have their own test (tests/server/staff-notices.test.ts).
  BOUTIQUE_EMAIL: "studio@boutique.example",
  STAFF_NOTIFICATIONS: "none" as const,
};
// Tuesday 2026-11-24, 7:00 AM in New York.
const NOW = new Date("2026-11-24T12:00:00Z");
// The cancel links are signed on the same clock as the bookings, or they would expire with the real date.
const TOKENS = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac", now: () => NOW.getTime() });
const booking = (overrides: Record<string, unknown> = {}) =>
  fittingBookingSchema.parse({ date: "2026-11-25", time: "10:00", name: "Ada Lovelace", email: "ada@example.com", ...overrides });
/** The token of the cancel link a mail's text carries. */
const cancelTokenIn = (text: string) =>
  new URL(/https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(text)![0]).searchParams.get("token")!;
const options = (overrides: Partial<Parameters<typeof bookFitting>[2]> = {}) => ({
  settings: SETTINGS,
  appUrl: "https://boutique.example",
  tokens: TOKENS,
  userId: null,
  now: NOW,
  ...overrides,
});

describe.each(testEngines)("fitting bookings on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [appointments, mailOutbox] });

  it("stores SPEC's row (type fitting, 'Preferred time: …' then the note, the slot in its own columns, pending) and queues the invitation", async () => {
    const db = database.handle.db;
    const outcome = await bookFitting(db, booking({ notes: "Bringing my sister", phone: "912 555 0101" }), options());
    expect(outcome.status).toBe("booked");
    const [row] = await db.select().from(appointments);
    expect(row).toMatchObject({
      appointmentType: "fitting",
      preferredDate: "2026-11-25",
      preferredTime: "10:00",
      notes: "Preferred time: 10:00 AM\nBringing my sister",
      phone: "912 555 0101",
      status: "pending",
      userId: null,
      seat: 1,
    });
    expect(row?.startsAt?.toISOString()).toBe("2026-11-25T15:00:00.000Z");
    const mails = await db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "fitting-confirmation", toAddress: "ada@example.com" });
    expect(mails[0]?.textBody).toContain("Wednesday, November 25, 2026");
    expect(mails[0]?.textBody).toContain("/fitting-room/cancel?token=");
    const ics = Buffer.from(mails[0]?.attachments?.[0]?.contentBase64 ?? "", "base64").toString("utf8");
    expect(ics).toContain("METHOD:REQUEST");
    // On the boutique's clock, with its zone's definition (EST in November: 10:00 AM is 15:00 UTC, stored above).
    expect(ics).toContain("DTSTART;TZID=America/New_York:20261125T100000");
    expect(ics).toContain("DTEND;TZID=America/New_York:20261125T110000");
    expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n/);
    expect(ics).toContain("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST");
    expect(ics).toContain("214 Whitaker Street");
  });

  it("without a note stores only the preferred time", async () => {
    await bookFitting(database.handle.db, booking({ time: "13:00" }), options());
    const [row] = await database.handle.db.select().from(appointments);
    expect(row?.notes).toBe("Preferred time: 1:00 PM");
  });

  it("refuses Sundays, past days, started slots and days past the horizon, storing nothing", async () => {
    const db = database.handle.db;
    const refused = [
      await bookFitting(db, booking({ date: "2026-11-29" }), options()),
      await bookFitting(db, booking({ date: "2026-11-23" }), options()),
      await bookFitting(db, booking({ date: "2026-11-24", time: "10:00" }), options({ now: new Date("2026-11-24T15:30:00Z") })),
      await bookFitting(db, booking({ date: "2027-03-01" }), options()),
    ];
    expect(refused.map((r) => (r.status === "refused" ? r.reason : r.status))).toEqual(["closed", "past", "started", "beyond"]);
    expect(await db.select().from(appointments)).toHaveLength(0);
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("50 concurrent bookings of one slot: exactly the capacity succeeds", async () => {
    const db = database.handle.db;
    for (const capacity of [1, 3]) {
      await db.delete(appointments);
      const settings = { ...SETTINGS, FITTING_SLOT_CAPACITY: capacity };
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) => bookFitting(db, booking({ email: `shopper${i}@example.com` }), options({ settings }))),
      );
      expect(outcomes.filter((o) => o.status === "booked")).toHaveLength(capacity);
      const losers = outcomes.filter((o) => o.status === "refused");
      expect(losers).toHaveLength(50 - capacity);
      expect(losers.every((o) => o.status === "refused" && o.reason === "full" && /choose another time/.test(o.message))).toBe(true);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.preferredDate, "2026-11-25"), eq(appointments.preferredTime, "10:00")));
      expect(Number(count?.n)).toBe(capacity);
    }
  }, 120_000);

  it("the calendar and the time list come from the server's answer", async () => {
    const db = database.handle.db;
    await bookFitting(db, booking({ time: "11:00" }), options());
    const slots = await slotsForDate(db, "2026-11-25", SETTINGS, NOW);
    expect(slots.find((s) => s.time === "11:00")).toMatchObject({ full: true, available: false });
    expect(slots.find((s) => s.time === "10:00")).toMatchObject({ full: false, available: true });
    const calendar = await fittingCalendar(db, SETTINGS, NOW);
    expect(calendar.today).toBe("2026-11-24");
    expect(calendar.lastDay).toBe("2027-02-22");
    expect(calendar.closedDays).toContain("2026-11-29");
    expect(calendar.closedDays).not.toContain("2026-11-25");
    expect(calendar.firstOpenDay).toBe("2026-11-24");
    // After closing the day is over: the first open day is tomorrow.
    const evening = await fittingCalendar(db, SETTINGS, new Date("2026-11-24T23:30:00Z"));
    expect(evening.firstOpenDay).toBe("2026-11-25");
  });

  it("a signed-in shopper cannot book the same time twice", async () => {
    const db = database.handle.db;
    const settings = { ...SETTINGS, FITTING_SLOT_CAPACITY: 3 };
    const first = await bookFitting(db, booking(), options({ userId: "user-1", settings }));
    expect(first.status).toBe("booked");
    const again = await bookFitting(db, booking(), options({ userId: "user-1", settings }));
    expect(again).toMatchObject({ status: "refused", reason: "duplicate" });
  });

  it("the confirmation's cancel link shows, then cancels, frees the slot and mails a METHOD:CANCEL; repeating changes nothing", async () => {
    const db = database.handle.db;
    const outcome = await bookFitting(db, booking(), options());
    if (outcome.status !== "booked") throw new Error("not booked");
    const [confirmation] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "fitting-confirmation"));
    const token = cancelTokenIn(confirmation!.textBody);
    expect(await findFittingByLink(db, token, TOKENS)).toMatchObject({ status: "active" });
    expect(await findFittingByLink(db, `${token}x`, TOKENS)).toEqual({ status: "invalid-token" });
    const cancelOptions = { tokens: TOKENS, settings: SETTINGS, appUrl: "https://boutique.example" };
    expect(await cancelFittingByLink(db, token, cancelOptions)).toMatchObject({ status: "cancelled" });
    expect(await cancelFittingByLink(db, token, cancelOptions)).toMatchObject({ status: "cancelled" });
    const cancellations = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "fitting-cancellation"));
    expect(cancellations).toHaveLength(1);
    expect(Buffer.from(cancellations[0]?.attachments?.[0]?.contentBase64 ?? "", "base64").toString()).toContain("METHOD:CANCEL");
    // The slot is free again.
    expect((await bookFitting(db, booking({ email: "next@example.com" }), options())).status).toBe("booked");
  });
});
