import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { appointments } from "~/db/schema/fittings";
import { mailOutbox } from "~/db/schema/mail";
import { createSignedTokens } from "~/lib/signed-token.server";
import { cancelFittingAsStaff, changeStatus, loadDashboard, parseView, rescheduleFittingAsStaff } from "~/modules/admin/admin.server";
import { bookFitting, cancelFittingByLink } from "~/modules/fittings/fittings.server";
// The reminder pass itself: startFittingReminders runs it on the real clock, these tests set the clock.
import { queueDueReminders } from "~/modules/fittings/reminders.server";
import { fittingBookingSchema } from "~/modules/fittings/schema";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

/** Now, for the dashboard: which fittings are still to come (those cannot be deleted before they are cancelled). */
const clock = { now: new Date("2026-11-25T12:00:00Z"), timeZone: "America/New_York" };

// Staff move or cancel a fitting from the dashboard (issue 12, item 6): the
// stored calendar sequence, the mails and their invitations, the capacity
// under concurrent moves, the refusals, the reminder and the audit trail.

const TOKENS = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac" });
const LEAD = 24 * 3600_000;
const SETTINGS = {
  BOUTIQUE_TIME_ZONE: "America/New_York",
  FITTING_SLOT_CAPACITY: 1,
  FITTING_HORIZON_DAYS: 90,
  FITTING_REMINDER_LEAD_MS: LEAD,
  // The customer's mails only: staff notices have their own test (tests/server/staff-notices.test.ts).
  BOUTIQUE_EMAIL: "studio@boutique.example",
  STAFF_NOTIFICATIONS: "none" as const,
};
// Tuesday 2037-11-24, 7:00 AM in New York: a year whose calendar is 2026's, far enough ahead that every cancel link (signed on the real clock) is still valid.
const NOW = new Date("2037-11-24T12:00:00Z");
const ACTOR = { id: "admin-1", email: "boss@example.com" };
const staff = (settings = SETTINGS) => ({ settings, appUrl: "https://boutique.example", tokens: TOKENS, now: NOW });

const booking = (overrides: Record<string, unknown> = {}) =>
  fittingBookingSchema.parse({ date: "2037-12-03", time: "15:00", name: "Ada Lovelace", email: "ada@example.com", ...overrides });

/** RFC 5545 content lines, unfolded: the first value of a property (parameters ignored). */
function ics(text: string) {
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const event = lines.slice(lines.indexOf("BEGIN:VEVENT"));
  const get = (name: string, from = lines) =>
    from.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))?.replace(/^[^:]*:/, "");
  return {
    method: get("METHOD"),
    uid: get("UID", event),
    sequence: Number(get("SEQUENCE", event)),
    status: get("STATUS", event),
    dtstart: event.find((l) => l.startsWith("DTSTART")),
  };
}

describe.each(testEngines)("staff reschedule and cancel on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [appointments, mailOutbox, auditLog] });
  const db = () => database.handle.db;

  async function book(overrides: Record<string, unknown> = {}, settings = SETTINGS) {
    const outcome = await bookFitting(db(), booking(overrides), {
      settings,
      appUrl: "https://boutique.example",
      tokens: TOKENS,
      userId: (overrides.userId as string | undefined) ?? null,
      now: NOW,
    });
    if (outcome.status !== "booked") throw new Error(`not booked: ${outcome.message}`);
    return outcome.appointment;
  }

  async function mailsOf(kind: string) {
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.createdAt);
    return rows.map((row) => ({
      ...row,
      invitation: ics(Buffer.from(row.attachments?.[0]?.contentBase64 ?? "", "base64").toString("utf8")),
      filename: row.attachments?.[0]?.filename,
    }));
  }

  const row = async (id: string) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0]!;

  it("every invitation carries the stored sequence: 0 booked, 1 moved (new DTSTART), 2 cancelled; the same UID throughout", async () => {
    const ada = await book({ notes: "Bringing my sister" });
    expect((await row(ada.id)).calendarSequence).toBe(0);
    const [confirmation] = await mailsOf("fitting-confirmation");
    expect(confirmation!.invitation).toMatchObject({ method: "REQUEST", sequence: 0 });
    const uid = confirmation!.invitation.uid;
    expect(uid).toBe(`${ada.id}@fittings.thehive`);

    const moved = await rescheduleFittingAsStaff(db(), ACTOR, { id: ada.id, date: "2037-12-05", time: "11:00" }, staff());
    expect(moved).toMatchObject({ status: "rescheduled", from: { date: "2037-12-03", time: "15:00" } });
    const after = await row(ada.id);
    expect(after).toMatchObject({
      preferredDate: "2037-12-05",
      preferredTime: "11:00",
      calendarSequence: 1,
      status: "pending",
      notes: "Preferred time: 11:00 AM\nBringing my sister",
    });
    expect(after.startsAt?.toISOString()).toBe("2037-12-05T16:00:00.000Z");
    // Both invitations from here on are for the new time.
    const dtstart = "DTSTART;TZID=America/New_York:20371205T110000";
    const [moveMail] = await mailsOf("fitting-rescheduled");
    expect(moveMail).toMatchObject({
      toAddress: "ada@example.com",
      subject: "Your fitting has moved to Saturday, December 5, 2037 at 11:00 AM",
    });
    expect(moveMail!.textBody).toContain("Thursday, December 3, 2037 at 3:00 PM");
    expect(moveMail!.textBody).toContain("/fitting-room/cancel?token=");
    expect(moveMail!.filename).toBe("fitting.ics");
    expect(moveMail!.invitation).toEqual({ method: "REQUEST", uid, sequence: 1, status: "CONFIRMED", dtstart });

    const cancelled = await cancelFittingAsStaff(db(), ACTOR, ada.id, staff());
    expect(cancelled).toMatchObject({ status: "cancelled" });
    expect(await row(ada.id)).toMatchObject({ status: "cancelled", calendarSequence: 2 });
    const [cancelMail] = await mailsOf("fitting-cancellation");
    expect(cancelMail!.textBody).toContain("we are sorry to let you know");
    expect(cancelMail!.invitation).toEqual({ method: "CANCEL", uid, sequence: 2, status: "CANCELLED", dtstart });
    // The place is free again.
    await book({ email: "next@example.com", date: "2037-12-05", time: "11:00" });
  });

  it("the status menu's cancelled cancels an upcoming fitting as the button does: mailed, sequence up, audited", async () => {
    const ada = await book();
    expect(await changeStatus(db(), ACTOR, { tab: "appointments", id: ada.id, status: "cancelled" }, staff())).toEqual({ ok: true });
    expect(await row(ada.id)).toMatchObject({ status: "cancelled", calendarSequence: 1 });
    const [cancelMail] = await mailsOf("fitting-cancellation");
    expect(cancelMail).toMatchObject({ toAddress: "ada@example.com" });
    expect(cancelMail!.textBody).toContain("we are sorry to let you know");
    expect(cancelMail!.invitation).toMatchObject({ method: "CANCEL", uid: `${ada.id}@fittings.thehive`, sequence: 1 });
    const entries = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.entityId, (e.details as { to?: string }).to])).toEqual([["cancel", ada.id, "cancelled"]]);
    // The place is free again.
    await book({ email: "next@example.com" });
  });

  it("the status menu re-files a completed fitting as cancelled without mail, and says not found for a missing one", async () => {
    const ada = await book();
    expect(await changeStatus(db(), ACTOR, { tab: "appointments", id: ada.id, status: "completed" }, staff())).toEqual({ ok: true });
    expect(await changeStatus(db(), ACTOR, { tab: "appointments", id: ada.id, status: "cancelled" }, staff())).toEqual({ ok: true });
    expect(await row(ada.id)).toMatchObject({ status: "cancelled", calendarSequence: 0 });
    expect(await mailsOf("fitting-cancellation")).toEqual([]);
    const entries = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(["status-change", "status-change"]);
    expect(
      await changeStatus(db(), ACTOR, { tab: "appointments", id: "00000000-0000-4000-8000-000000000000", status: "cancelled" }, staff()),
    ).toEqual({ ok: false, reason: "not-found" });
  });

  it("the shopper's own cancel link uses the stored sequence too", async () => {
    const ada = await book();
    await rescheduleFittingAsStaff(db(), ACTOR, { id: ada.id, date: "2037-12-04", time: "10:00" }, staff());
    await rescheduleFittingAsStaff(db(), ACTOR, { id: ada.id, date: "2037-12-04", time: "12:00" }, staff());
    // The link in the latest mail, the second reschedule's.
    const latest = (await mailsOf("fitting-rescheduled")).find((mail) => mail.invitation.sequence === 2)!;
    const token = new URL(/https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(latest.textBody)![0]).searchParams.get("token");
    expect(
      await cancelFittingByLink(db(), token, { tokens: TOKENS, settings: SETTINGS, appUrl: "https://boutique.example" }),
    ).toMatchObject({
      status: "cancelled",
    });
    expect((await row(ada.id)).calendarSequence).toBe(3);
    const [cancelMail] = await mailsOf("fitting-cancellation");
    expect(cancelMail!.invitation).toMatchObject({ method: "CANCEL", sequence: 3 });
    // The moves went out at 1 and 2, in order.
    expect((await mailsOf("fitting-rescheduled")).map((m) => m.invitation.sequence).sort()).toEqual([1, 2]);
  });

  it("records who moved or cancelled it, from which slot to which, in the row's history", async () => {
    const ada = await book();
    await rescheduleFittingAsStaff(db(), ACTOR, { id: ada.id, date: "2037-12-05", time: "11:00" }, staff());
    await cancelFittingAsStaff(db(), ACTOR, ada.id, staff());
    const entries = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorId, e.entity, e.entityId])).toEqual([
      ["reschedule", "admin-1", "appointments", ada.id],
      ["cancel", "admin-1", "appointments", ada.id],
    ]);
    expect(entries[0]!.details).toMatchObject({ from: "2037-12-03 15:00", to: "2037-12-05 11:00", actorEmail: "boss@example.com" });
    expect(entries[1]!.details).toMatchObject({ from: "2037-12-05 11:00", to: "cancelled" });
    const dashboard = await loadDashboard(db(), parseView(new URL("http://x/admin/dashboard?tab=appointments")), clock);
    const shown = dashboard.rows.find((r) => r.id === ada.id)!;
    expect(shown.history.map((h) => [h.action, h.from, h.to])).toEqual([
      ["cancel", "2037-12-05 11:00", "cancelled"],
      ["reschedule", "2037-12-03 15:00", "2037-12-05 11:00"],
    ]);
    expect(dashboard.activity[0]).toMatchObject({ action: "cancel", label: "Ada Lovelace · ada@example.com" });
  });

  it("the reminder follows the new time: cleared for a later slot, marked sent for one already inside the 24 hours", async () => {
    const ada = await book({ date: "2037-11-25", time: "10:00" });
    await db().update(appointments).set({ reminderQueuedAt: NOW }).where(eq(appointments.id, ada.id));
    await rescheduleFittingAsStaff(db(), ACTOR, { id: ada.id, date: "2037-12-01", time: "11:00" }, staff());
    expect((await row(ada.id)).reminderQueuedAt).toBeNull();
    // A day before the new time the reminder goes out, for the new time and at the current sequence.
    const dayBefore = new Date("2037-11-30T17:00:00Z");
    expect(await queueDueReminders(db(), { settings: SETTINGS, appUrl: "https://boutique.example", tokens: TOKENS, now: dayBefore })).toBe(
      1,
    );
    const [reminder] = await mailsOf("fitting-reminder");
    expect(reminder!.invitation).toMatchObject({ sequence: 1, dtstart: "DTSTART;TZID=America/New_York:20371201T110000" });

    // Moved to this afternoon: the move's mail is the notice; no reminder follows it.
    await rescheduleFittingAsStaff(db(), ACTOR, { id: ada.id, date: "2037-11-24", time: "15:00" }, staff());
    expect((await row(ada.id)).reminderQueuedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("refuses a past date, a Sunday, a started slot, beyond the horizon, garbage, the same slot, a full slot, a missing or cancelled appointment: nothing stored", async () => {
    const ada = await book();
    await book({ email: "bea@example.com", date: "2037-12-04", time: "10:00" });
    const gone = await book({ email: "cy@example.com", date: "2037-12-07", time: "10:00" });
    await cancelFittingAsStaff(db(), ACTOR, gone.id, staff());
    await db().delete(mailOutbox);
    await db().delete(auditLog);
    const before = await row(ada.id);
    const attempts: Array<[string, string, string]> = [
      [ada.id, "2037-11-23", "10:00"],
      [ada.id, "2037-11-29", "10:00"],
      [ada.id, "2037-11-24", "06:00"],
      [ada.id, "2037-11-24", "07:00"],
      [ada.id, "2038-06-01", "10:00"],
      [ada.id, "2037-12-03", "15:00"],
      [ada.id, "2037-12-04", "10:00"],
      ["00000000-0000-4000-8000-000000000000", "2037-12-05", "10:00"],
      [gone.id, "2037-12-05", "10:00"],
    ];
    const outcomes = [];
    for (const [id, date, time] of attempts) outcomes.push(await rescheduleFittingAsStaff(db(), ACTOR, { id, date, time }, staff()));
    expect(outcomes.map((o) => (o.status === "refused" ? o.reason : o.status))).toEqual([
      "past",
      "closed",
      "closed",
      "closed",
      "beyond",
      "same",
      "full",
      "not-found",
      "inactive",
    ]);
    expect(outcomes.every((o) => o.status === "refused" && o.message.length > 10)).toBe(true);
    expect(await cancelFittingAsStaff(db(), ACTOR, gone.id, staff())).toMatchObject({ status: "refused", reason: "inactive" });
    expect(await row(ada.id)).toEqual(before);
    expect(await db().select().from(mailOutbox)).toHaveLength(0);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });

  it("will not give a signed-in shopper two fittings at one time", async () => {
    const settings = { ...SETTINGS, FITTING_SLOT_CAPACITY: 3 };
    const first = await book({ userId: "user-1" }, settings);
    await book({ userId: "user-1", date: "2037-12-04", time: "10:00" }, settings);
    const outcome = await rescheduleFittingAsStaff(db(), ACTOR, { id: first.id, date: "2037-12-04", time: "10:00" }, staff(settings));
    expect(outcome).toMatchObject({ status: "refused", reason: "duplicate" });
  });

  it("concurrent moves (and bookings) into one slot never pass its capacity", async () => {
    for (const capacity of [1, 3]) {
      await db().delete(appointments);
      await db().delete(mailOutbox);
      const settings = { ...SETTINGS, FITTING_SLOT_CAPACITY: capacity };
      // Twenty fittings in twenty different slots, all asked to move to Friday 4 December at 2 PM at once, with five new bookings.
      const days = ["2037-11-30", "2037-12-01", "2037-12-02"];
      const booked = [];
      for (let i = 0; i < 20; i++) {
        booked.push(await book({ email: `s${i}@example.com`, date: days[i % 3], time: `${10 + (i % 7)}:00` }, settings));
      }
      const moves = booked.map((b) =>
        rescheduleFittingAsStaff(db(), ACTOR, { id: b.id, date: "2037-12-04", time: "14:00" }, staff(settings)),
      );
      const bookings = Array.from({ length: 5 }, (_, i) =>
        bookFitting(db(), booking({ email: `new${i}@example.com`, date: "2037-12-04", time: "14:00" }), {
          settings,
          appUrl: "https://boutique.example",
          tokens: TOKENS,
          userId: null,
          now: NOW,
        }),
      );
      const [moved, made] = await Promise.all([Promise.all(moves), Promise.all(bookings)]);
      const wins = moved.filter((o) => o.status === "rescheduled").length + made.filter((o) => o.status === "booked").length;
      expect(wins).toBe(capacity);
      expect(moved.filter((o) => o.status === "refused").every((o) => o.status === "refused" && o.reason === "full")).toBe(true);
      const [count] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.preferredDate, "2037-12-04"), eq(appointments.preferredTime, "14:00")));
      expect(Number(count?.n)).toBe(capacity);
      // Only the winners moved: their sequence went up, the others' did not; one mail per winning move.
      const sequences = (await db().select({ s: appointments.calendarSequence }).from(appointments)).map((r) => r.s);
      expect(sequences.filter((s) => s === 1)).toHaveLength(moved.filter((o) => o.status === "rescheduled").length);
      expect(await mailsOf("fitting-rescheduled")).toHaveLength(moved.filter((o) => o.status === "rescheduled").length);
    }
  }, 180_000);
});
