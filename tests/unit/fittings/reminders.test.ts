import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments } from "~/db/schema/fittings";
import { mailOutbox } from "~/db/schema/mail";
import { createSignedTokens } from "~/lib/signed-token.server";
import { bookFitting } from "~/modules/fittings/fittings.server";
// The reminder pass itself: startFittingReminders runs it on the real clock, these tests set the clock.
import { queueDueReminders } from "~/modules/fittings/reminders.server";
import { fittingBookingSchema } from "~/modules/fittings/schema";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const TOKENS = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac" });
const SETTINGS = {
  BOUTIQUE_TIME_ZONE: "America/New_York",
  FITTING_SLOT_CAPACITY: 3,
  FITTING_HORIZON_DAYS: 90,
  // The customer's mails only: staff notices have their own test (tests/server/staff-notices.test.ts).
  BOUTIQUE_EMAIL: "studio@boutique.example",
  STAFF_NOTIFICATIONS: "none" as const,
};
const LEAD = 24 * 3600_000;
const reminderOptions = (now: Date) => ({
  settings: { BOUTIQUE_TIME_ZONE: "America/New_York", FITTING_REMINDER_LEAD_MS: LEAD },
  appUrl: "https://boutique.example",
  tokens: TOKENS,
  now,
});

/** A boutique day 3 to 4 days ahead, never a Sunday (bookings are real-time: created_at is the database's clock). */
function dayAhead(): string {
  const date = new Date(Date.now() + 3 * 86_400_000);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe.each(testEngines)("fitting reminders on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [appointments, mailOutbox] });

  async function book(email: string, time = "11:00") {
    const outcome = await bookFitting(database.handle.db, fittingBookingSchema.parse({ date: dayAhead(), time, name: "Ada", email }), {
      settings: SETTINGS,
      appUrl: "https://boutique.example",
      tokens: TOKENS,
      userId: null,
    });
    if (outcome.status !== "booked") throw new Error(`not booked: ${JSON.stringify(outcome)}`);
    return outcome.appointment;
  }
  const reminders = () => database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "fitting-reminder"));

  it("queues nothing before 24 hours ahead, then one reminder with the invitation", async () => {
    const appointment = await book("ada@example.com");
    const startsAt = appointment.startsAt!.getTime();
    expect(await queueDueReminders(database.handle.db, reminderOptions(new Date(startsAt - LEAD - 60_000)))).toBe(0);
    expect(await queueDueReminders(database.handle.db, reminderOptions(new Date(startsAt - LEAD + 60_000)))).toBe(1);
    expect(await queueDueReminders(database.handle.db, reminderOptions(new Date(startsAt - 3600_000)))).toBe(0);
    const [mail] = await reminders();
    expect(mail).toMatchObject({ toAddress: "ada@example.com" });
    expect(mail!.subject).toMatch(/^Reminder: your fitting on \w+day, .* at 11:00 AM$/);
    expect(mail!.textBody).toContain("/fitting-room/cancel?token=");
    const ics = mail!.attachments?.find((a) => a.contentType.startsWith("text/calendar"));
    expect(Buffer.from(ics!.contentBase64, "base64").toString("utf8")).toContain(`UID:${appointment.id}@fittings.thehive`);
    const [row] = await database.handle.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.reminderQueuedAt).toBeInstanceOf(Date);
  });

  it("ten passes at once (several instances) queue each reminder exactly once", async () => {
    const booked = [await book("a@example.com", "10:00"), await book("b@example.com", "10:00"), await book("c@example.com", "12:00")];
    const at = new Date(Math.max(...booked.map((a) => a.startsAt!.getTime())) - LEAD + 60_000);
    const counts = await Promise.all(Array.from({ length: 10 }, () => queueDueReminders(database.handle.db, reminderOptions(at))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect((await reminders()).map((m) => m.toAddress).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
  });

  it("no reminder for a cancelled booking, nor for one made inside the 24 hours", async () => {
    const cancelled = await book("gone@example.com", "13:00");
    await database.handle.db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, cancelled.id));
    const late = await book("late@example.com", "14:00");
    await database.handle.db
      .update(appointments)
      .set({ createdAt: sql`starts_at - interval '2 hours'` })
      .where(eq(appointments.id, late.id));
    const at = new Date(late.startsAt!.getTime() - 3600_000);
    expect(await queueDueReminders(database.handle.db, reminderOptions(at))).toBe(0);
    expect(await reminders()).toEqual([]);
  });
});
