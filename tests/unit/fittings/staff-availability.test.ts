import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { appointments, fittingDays, fittingSlots } from "~/db/schema/fittings";
import { mailOutbox } from "~/db/schema/mail";
import { createSignedTokens } from "~/lib/signed-token.server";
import { auditAvailability, cancelFittingAsStaff, changeStatus, rescheduleFittingAsStaff } from "~/modules/admin/admin.server";
import {
  availabilityOverview,
  bookFitting,
  changeAvailability,
  fittingAvailability,
  fittingCalendar,
  slotsForDate,
} from "~/modules/fittings/fittings.server";
import { queueDueReminders } from "~/modules/fittings/reminders.server";
import { availabilitySchema } from "~/modules/fittings/staff-schema";
import { fittingBookingSchema } from "~/modules/fittings/schema";
import type { AvailabilityRequest } from "~/modules/fittings/types";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

// Staff's availability (issue 26, item 4): closed days, blocked times and seats, stored and audited, and the
// calendar, the booking check, rescheduling and the reminder job reading them at once; a close racing bookings.

const LEAD = 24 * 3600_000;
const SETTINGS = {
  BOUTIQUE_TIME_ZONE: "America/New_York",
  FITTING_SLOT_CAPACITY: 2,
  FITTING_HORIZON_DAYS: 90,
  FITTING_REMINDER_LEAD_MS: LEAD,
  // The customer's mails only: staff notices have their own test (tests/server/staff-notices.test.ts).
  BOUTIQUE_EMAIL: "studio@boutique.example",
  STAFF_NOTIFICATIONS: "none" as const,
};
// Tuesday 2037-11-24, 7:00 AM in New York (2037's calendar is 2026's); Monday 2037-11-30 is the holiday.
const NOW = new Date("2037-11-24T12:00:00Z");
const MONDAY = "2037-11-30";
const TOKENS = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac" });
const ACTOR = { id: "admin-1", email: "boss@example.com" };
const staff = { settings: SETTINGS, appUrl: "https://boutique.example", tokens: TOKENS, now: NOW };

describe.each(testEngines)("staff availability on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [appointments, mailOutbox, auditLog, fittingDays, fittingSlots] });
  const db = () => database.handle.db;
  const book = (overrides: Record<string, unknown> = {}) =>
    bookFitting(
      db(),
      fittingBookingSchema.parse({ date: MONDAY, time: "10:00", name: "Ada Lovelace", email: "ada@example.com", ...overrides }),
      { settings: SETTINGS, appUrl: "https://boutique.example", tokens: TOKENS, userId: null, now: NOW },
    );
  const change = (request: AvailabilityRequest) =>
    changeAvailability(db(), request, { settings: SETTINGS, now: NOW, within: auditAvailability(ACTOR) });

  it("a closed day is off the calendar and its slots, refused by booking and reschedule, and audited; reopening undoes it", async () => {
    const tuesday = await book({ date: "2037-12-01" });
    expect(tuesday.status).toBe("booked");
    const closed = await change({ action: "close-day", date: MONDAY, note: "Thanksgiving week" });
    expect(closed).toMatchObject({ status: "changed", change: { from: "open", to: "closed: Thanksgiving week" }, fittings: [] });
    expect((await fittingCalendar(db(), SETTINGS, NOW)).closedDays).toContain(MONDAY);
    expect((await slotsForDate(db(), MONDAY, SETTINGS, NOW)).every((slot) => !slot.available)).toBe(true);
    expect((await fittingAvailability(db(), SETTINGS, MONDAY, NOW)).date).not.toBe(MONDAY);
    const refused = await book();
    expect(refused).toMatchObject({
      status: "refused",
      reason: "closed",
      message: "The fitting room is closed on that day. Please choose another date.",
    });
    const moved = await rescheduleFittingAsStaff(
      db(),
      ACTOR,
      { id: tuesday.status === "booked" ? tuesday.appointment.id : "", date: MONDAY, time: "11:00" },
      staff,
    );
    expect(moved).toMatchObject({ status: "refused", reason: "closed" });
    expect(await db().select().from(appointments).where(eq(appointments.preferredDate, MONDAY))).toHaveLength(0);
    const [audit] = await db().select().from(auditLog);
    expect(audit).toMatchObject({ action: "close-day", entity: "fitting_availability", entityId: MONDAY, actorId: "admin-1" });
    expect(audit?.details).toMatchObject({
      from: "open",
      to: "closed: Thanksgiving week",
      actorEmail: "boss@example.com",
      label: "Monday, November 30, 2037",
    });

    expect(await change({ action: "reopen-day", date: MONDAY })).toMatchObject({
      status: "changed",
      change: { from: "closed: Thanksgiving week", to: "open" },
    });
    expect(await db().select().from(fittingDays)).toHaveLength(0);
    expect(await book()).toMatchObject({ status: "booked" });
    expect(await change({ action: "reopen-day", date: MONDAY })).toMatchObject({ status: "refused", reason: "unchanged" });
  });

  it("a blocked slot and changed seats: the slot is unavailable, seats count per slot (the slot's over the day's), each undone", async () => {
    expect(await change({ action: "block-slot", date: MONDAY, time: "11:00", note: "Maria away" })).toMatchObject({ status: "changed" });
    const slots = await slotsForDate(db(), MONDAY, SETTINGS, NOW);
    expect(slots.find((s) => s.time === "11:00")).toMatchObject({ available: false, full: false });
    expect(slots.find((s) => s.time === "10:00")).toMatchObject({ available: true });
    expect(await book({ time: "11:00" })).toMatchObject({
      status: "refused",
      reason: "blocked",
      message: "That time is not available. Please choose another time.",
    });

    await change({ action: "set-seats", date: MONDAY, time: null, seats: 1 });
    expect(await book({ email: "one@example.com" })).toMatchObject({ status: "booked" });
    expect(await book({ email: "two@example.com" })).toMatchObject({ status: "refused", reason: "full" });
    await change({ action: "set-seats", date: MONDAY, time: "10:00", seats: 3 });
    expect(await book({ email: "two@example.com" })).toMatchObject({ status: "booked" });
    expect(await book({ email: "three@example.com" })).toMatchObject({ status: "booked" });
    expect(await book({ email: "four@example.com" })).toMatchObject({ status: "refused", reason: "full" });
    // Fewer seats than bookings: the bookings stay, nobody more gets in.
    await change({ action: "reset-seats", date: MONDAY, time: "10:00" });
    expect((await slotsForDate(db(), MONDAY, SETTINGS, NOW)).find((s) => s.time === "10:00")).toMatchObject({
      full: true,
      available: false,
    });
    expect(await change({ action: "reset-seats", date: MONDAY, time: "10:00" })).toMatchObject({ status: "refused", reason: "unchanged" });

    const overview = await availabilityOverview(db(), SETTINGS, NOW);
    expect(overview.rules).toEqual([
      { date: MONDAY, time: null, closed: false, note: null, seats: 1, booked: 3 },
      { date: MONDAY, time: "11:00", closed: true, note: "Maria away", seats: null, booked: 0 },
    ]);
    expect(overview.days.find((d) => d.date === MONDAY)).toMatchObject({ closed: null, booked: 3, seats: 7 });
    expect(overview.days.find((d) => d.date === "2037-11-29")).toMatchObject({ closed: "sunday" });
    await change({ action: "unblock-slot", date: MONDAY, time: "11:00" });
    await change({ action: "reset-seats", date: MONDAY, time: null });
    expect((await availabilityOverview(db(), SETTINGS, NOW)).rules).toEqual([]);
    expect((await db().select().from(auditLog)).map((a) => a.action)).toEqual([
      "block-slot",
      "set-seats",
      "set-seats",
      "reset-seats",
      "unblock-slot",
      "reset-seats",
    ]);
  });

  it("a cancelled fitting set back to confirmed from the dashboard answers to staff's rules as a booking does", async () => {
    expect(await book({ email: "one@example.com" })).toMatchObject({ status: "booked" });
    const second = await book({ email: "two@example.com" });
    expect(second).toMatchObject({ status: "booked" });
    const id = second.status === "booked" ? second.appointment.id : "";
    const status = (to: string) => changeStatus(db(), ACTOR, { tab: "appointments", id, status: to }, staff);
    expect(await status("cancelled")).toEqual({ ok: true });
    // The day closed since: she cannot be put back on it.
    await change({ action: "close-day", date: MONDAY, note: "Holiday" });
    expect(await status("confirmed")).toEqual({
      ok: false,
      reason: "closed",
      message: "The fitting room is closed on that day. Please choose another date.",
    });
    await change({ action: "reopen-day", date: MONDAY });
    // Her time blocked: refused in the booking form's words.
    await change({ action: "block-slot", date: MONDAY, time: "10:00", note: null });
    expect(await status("confirmed")).toMatchObject({
      ok: false,
      reason: "closed",
      message: "That time is not available. Please choose another time.",
    });
    await change({ action: "unblock-slot", date: MONDAY, time: "10:00" });
    // The time cut to one seat, which the other booking holds: a conflict, though her own seat (the second) is free.
    await change({ action: "set-seats", date: MONDAY, time: "10:00", seats: 1 });
    expect(await status("confirmed")).toEqual({ ok: false, reason: "conflict" });
    const [row] = await db().select().from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe("cancelled");
    await change({ action: "reset-seats", date: MONDAY, time: "10:00" });
    expect(await status("confirmed")).toEqual({ ok: true });
  });

  it("refuses past days, Sundays, days over two years ahead and bad input, storing nothing", async () => {
    expect(await change({ action: "close-day", date: "2037-11-23", note: null })).toMatchObject({ status: "refused", reason: "past" });
    expect(await change({ action: "close-day", date: "2037-11-29", note: null })).toMatchObject({ status: "refused", reason: "sunday" });
    expect(await change({ action: "close-day", date: "2040-01-02", note: null })).toMatchObject({ status: "refused", reason: "far" });
    const bad = [
      { intent: "set-seats", date: MONDAY, seats: "0" },
      { intent: "set-seats", date: MONDAY, seats: "101" },
      { intent: "set-seats", date: MONDAY, seats: "2.5" },
      { intent: "block-slot", date: MONDAY, time: "09:30" },
      { intent: "close-day", date: "2037-02-30" },
      { intent: "close-day", date: MONDAY, note: "x".repeat(201) },
    ].map((form) => availabilitySchema.safeParse(form));
    expect(bad.map((r) => r.success)).toEqual([false, false, false, false, false, false]);
    expect(bad.map((r) => r.error?.issues[0]?.message)).toEqual([
      "Seats must be a whole number from 1 to 100",
      "Seats must be a whole number from 1 to 100",
      "Seats must be a whole number from 1 to 100",
      "Please choose one of the fitting times",
      "Please choose a date",
      "Note must be less than 200 characters",
    ]);
    expect(await db().select().from(fittingDays)).toHaveLength(0);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });

  it("closing a day lists its bookings; cancelling mails each METHOD:CANCEL at the next SEQUENCE; a kept one gets no reminder while closed", async () => {
    const ada = await book();
    const bea = await book({ time: "15:00", name: "Bea", email: "bea@example.com" });
    if (ada.status !== "booked" || bea.status !== "booked") throw new Error("not booked");
    const closed = await change({ action: "close-day", date: MONDAY, note: null });
    expect(closed.status === "changed" && closed.fittings.map((f) => [f.name, f.time])).toEqual([
      ["Ada Lovelace", "10:00"],
      ["Bea", "15:00"],
    ]);
    expect((await availabilityOverview(db(), SETTINGS, NOW)).held.map((h) => h.id)).toEqual([ada.appointment.id, bea.appointment.id]);
    // Bea is kept: a day before, no reminder while the day stays closed; Ada is cancelled with the mail.
    expect(await queueDueReminders(db(), { ...staff, now: new Date("2037-11-29T21:00:00Z") })).toBe(0);
    expect(await cancelFittingAsStaff(db(), ACTOR, ada.appointment.id, staff)).toMatchObject({ status: "cancelled" });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "fitting-cancellation"));
    const ics = Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? "", "base64").toString("utf8");
    expect(mail?.toAddress).toBe("ada@example.com");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("SEQUENCE:1");
    await change({ action: "reopen-day", date: MONDAY });
    expect(await queueDueReminders(db(), { ...staff, now: new Date("2037-11-29T21:00:00Z") })).toBe(1);
  });

  it("a close racing 18 bookings of the day: each booking lands before it (and is listed) or is refused; none after", async () => {
    const times = ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"];
    const bookings = Array.from({ length: 18 }, (_, i) => book({ time: times[i % times.length], email: `racer${i}@example.com` }));
    const close = change({ action: "close-day", date: MONDAY, note: "Race" });
    const [closed, ...outcomes] = await Promise.all([close, ...bookings]);
    if (closed?.status !== "changed") throw new Error("not closed");
    const booked = outcomes.filter((o) => o.status === "booked").map((o) => (o.status === "booked" ? o.appointment.id : ""));
    const refusedClosed = outcomes.filter((o) => o.status === "refused" && o.reason === "closed");
    const refusedFull = outcomes.filter((o) => o.status === "refused" && o.reason === "full");
    expect(booked.length + refusedClosed.length + refusedFull.length).toBe(18);
    // Every booking that exists on the day was listed by the close: none landed after it.
    const onDay = await db().select({ id: appointments.id }).from(appointments).where(eq(appointments.preferredDate, MONDAY));
    expect(onDay.map((r) => r.id).sort()).toEqual(closed.fittings.map((f) => f.id).sort());
    expect(onDay.map((r) => r.id).sort()).toEqual([...booked].sort());
    expect(await book({ email: "late@example.com" })).toMatchObject({ status: "refused", reason: "closed" });
  }, 120_000);
});
