// Changes to a booking after it is made: staff reschedule or cancel it from
// the admin dashboard; the shopper does from her account or with the link in
// her mail (the same two functions, told who asks).
// Each is one transaction: the row changes, its calendar sequence goes up by
// one, the customer's mail (with the invitation at the new sequence, same UID)
// is queued, and for staff the caller's `within` (the admin module's audit
// entry) runs, so all of it lands or none of it does.
import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { isActiveAppointmentStatus, type AppointmentStatus } from "~/db/constants";
import { isUniqueViolation } from "~/db/errors";
import { appointments } from "~/db/schema/fittings";
import type { Env } from "~/lib/env.server";
import type { SignedTokens } from "~/lib/signed-token.server";
import { enqueueMail, type StaffNoticeSettings } from "~/modules/mail/mail.server";
import { active, readAppointment } from "./appointment-rows.server";
import { clockFor, judgeSlot, judgeStaffRules, lockFittingDay, slotStart, staffRefusal, type FittingSettings } from "./availability.server";
import { appointmentNotes, MAX_SEAT, refusal } from "./booking.server";
import { verifyCancelToken, type CancelLookup } from "./cancel-links.server";
import { formatSlot } from "~/lib/format";
import { slotLabel } from "./fittings";
import { cancellationMail, customerCancelledNotice, rescheduledMail } from "./mails.server";
import { FITTING_MESSAGES, SHOPPER_CHANGE_MESSAGES } from "./schema";
import { STAFF_MESSAGES } from "./staff-schema";
import type { Appointment } from "./types";

/** Where a booking was before a staff change: its slot and status. */
interface FittingChange {
  appointment: Appointment;
  from: { date: string; time: string; status: AppointmentStatus };
}

export interface StaffChangeOptions {
  /** With the boutique's inbox and STAFF_NOTIFICATIONS: a shopper's own cancellation is told to staff. */
  settings: FittingSettings & Pick<Env, "FITTING_REMINDER_LEAD_MS"> & StaffNoticeSettings;
  appUrl: string;
  tokens: SignedTokens;
  now?: Date;
  /** Runs inside the change's transaction once the row has changed (the admin module records the change here). */
  within?: (tx: Executor, change: FittingChange) => Promise<void>;
  /**
   * The shopper herself asks: the answers are in her words, a fitting that
   * has begun cannot change, and (with `owner`) only her own booking is
   * found; another's reads as not found.
   */
  shopper?: { owner?: string };
  /** The calendar sequence the asker saw: a booking changed since (a form posted twice, two tabs) is refused as 'changed'. */
  sequence?: number;
}

export type StaffRefusal =
  "not-found" | "inactive" | "same" | "closed" | "blocked" | "past" | "started" | "beyond" | "full" | "duplicate" | "over" | "changed";

export type StaffChangeOutcome =
  ({ status: "rescheduled" | "cancelled" } & FittingChange) | { status: "refused"; reason: StaffRefusal; message: string };

const refused = (reason: StaffRefusal, message: string): StaffChangeOutcome => ({ status: "refused", reason, message });

/** The booking, locked until the transaction ends, or null (also when the shopper asks about a booking not hers). */
async function lockAppointment(tx: Executor, id: string, options: Pick<StaffChangeOptions, "shopper">) {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for("update");
  if (!row) return null;
  const owner = options.shopper?.owner;
  return owner === undefined || row.userId === owner ? row : null;
}

type LockedRow = NonNullable<Awaited<ReturnType<typeof lockAppointment>>>;

/** In the asker's words: why this booking cannot change at all now, or null when it can. */
function unchangeable(row: LockedRow, options: StaffChangeOptions, now: Date): StaffChangeOutcome | null {
  const shopper = options.shopper !== undefined;
  if (!isActiveAppointmentStatus(row.status)) {
    if (!shopper) return refused("inactive", STAFF_MESSAGES.inactive(row.status));
    return refused("inactive", row.status === "cancelled" ? SHOPPER_CHANGE_MESSAGES.cancelledAlready : SHOPPER_CHANGE_MESSAGES.over);
  }
  if (options.sequence !== undefined && row.calendarSequence !== options.sequence) {
    return refused("changed", SHOPPER_CHANGE_MESSAGES.changed(formatSlot(row.preferredDate, row.preferredTime)));
  }
  if (shopper && row.startsAt && row.startsAt.getTime() <= now.getTime()) return refused("over", SHOPPER_CHANGE_MESSAGES.over);
  return null;
}

type WordedRefusal = "not-found" | "same" | "full" | "duplicate";

/** Refusals in the asker's words: staff read the dashboard's, the shopper the booking form's. */
const REFUSAL_WORDS: Record<"staff" | "shopper", Record<WordedRefusal, string>> = {
  staff: {
    "not-found": STAFF_MESSAGES.notFound,
    same: STAFF_MESSAGES.same,
    full: STAFF_MESSAGES.full,
    duplicate: STAFF_MESSAGES.duplicate,
  },
  shopper: {
    "not-found": SHOPPER_CHANGE_MESSAGES.notFound,
    same: SHOPPER_CHANGE_MESSAGES.same,
    full: FITTING_MESSAGES.slotTaken,
    duplicate: FITTING_MESSAGES.alreadyBooked,
  },
};

function refusedFor(reason: WordedRefusal, options: StaffChangeOptions): StaffChangeOutcome {
  return refused(reason, REFUSAL_WORDS[options.shopper ? "shopper" : "staff"][reason]);
}

/**
 * A refused change as an HTTP status, for every route that answers one: the booking is not there (404), the
 * booking or the slot says no as things stand (409), or the request asks what cannot be (400).
 */
export function refusalStatus(reason: StaffRefusal): 400 | 404 | 409 {
  if (reason === "not-found") return 404;
  if (
    reason === "full" ||
    reason === "blocked" ||
    reason === "duplicate" ||
    reason === "inactive" ||
    reason === "changed" ||
    reason === "over"
  ) {
    return 409;
  }
  return 400;
}

/** SPEC's notes begin 'Preferred time: 10:00 AM': a reschedule rewrites that first line and keeps the shopper's note. */
function notesForTime(notes: string | null, time: string): string | null {
  if (notes === null) return appointmentNotes(time, null);
  return notes.startsWith("Preferred time: ") ? notes.replace(/^Preferred time: [^\n]*/, `Preferred time: ${slotLabel(time)}`) : notes;
}

/**
 * Reschedules an active booking to another slot. The slot is judged on the
 * boutique's clock as a booking is (closed day, past, started, beyond the
 * horizon), then, under the new day's lock (taken before the booking's row
 * lock, the order a staff close takes them in), by staff's rules (a closed
 * day, a blocked slot, the slot's seats), then the booking takes a free place
 * there as bookFitting does: the first free seat, with the unique index over
 * active bookings deciding. An UPDATE has no ON CONFLICT, so each try
 * runs in a savepoint: a place another transaction took first (committed, or
 * committing while we waited on it) rolls back to the savepoint and the next
 * place is tried. The slot therefore never holds more than its capacity.
 *
 * The reminder follows the booking: reminder_queued_at is cleared so the
 * 24-hour reminder goes out before the new time, unless the new time is
 * already within those 24 hours (the reschedule's own mail is then the fresh notice,
 * as with a booking made that late).
 */
export async function rescheduleFitting(
  db: Database,
  input: { id: string; date: string; time: string },
  options: StaffChangeOptions,
): Promise<StaffChangeOutcome> {
  const { settings } = options;
  const now = options.now ?? new Date();
  const clock = clockFor(settings, now);
  const verdict = judgeSlot(input.date, input.time, clock);
  if (verdict !== "open") return refused(verdict, refusal(verdict, settings.FITTING_HORIZON_DAYS).message);
  const startsAt = slotStart(input.date, input.time, settings.BOUTIQUE_TIME_ZONE);
  const reminderDue = startsAt.getTime() - settings.FITTING_REMINDER_LEAD_MS > now.getTime();

  return db.transaction(async (tx) => {
    await lockFittingDay(tx, input.date, input.time);
    const row = await lockAppointment(tx, input.id, options);
    if (!row) return refusedFor("not-found", options);
    const cannot = unchangeable(row, options, now);
    if (cannot) return cannot;
    if (row.preferredDate === input.date && row.preferredTime === input.time) return refusedFor("same", options);
    const rules = await judgeStaffRules(tx, input.date, input.time, settings.FITTING_SLOT_CAPACITY);
    if (rules === "day" || rules === "slot") return refused(rules === "day" ? "closed" : "blocked", staffRefusal(rules));
    if (rules === "full") return refusedFor("full", options);
    if (row.userId) {
      const [other] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, row.userId),
            eq(appointments.preferredDate, input.date),
            eq(appointments.preferredTime, input.time),
            active(),
          ),
        );
      if (other) return refusedFor("duplicate", options);
    }
    const taken = new Set(
      (
        await tx
          .select({ seat: appointments.seat })
          .from(appointments)
          .where(and(eq(appointments.preferredDate, input.date), eq(appointments.preferredTime, input.time), active()))
      ).map((r) => r.seat),
    );
    let moved = false;
    for (let seat = 1; seat <= MAX_SEAT && !moved; seat++) {
      if (taken.has(seat)) continue;
      try {
        await tx.transaction(async (savepoint) => {
          await savepoint
            .update(appointments)
            .set({
              preferredDate: input.date,
              preferredTime: input.time,
              startsAt,
              seat,
              notes: notesForTime(row.notes, input.time),
              calendarSequence: sql`${appointments.calendarSequence} + 1`,
              reminderQueuedAt: reminderDue ? null : now,
            })
            .where(eq(appointments.id, input.id));
        });
        moved = true;
      } catch (error) {
        // Someone took this place since we looked: try the next one.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    if (!moved) return refusedFor("full", options);
    const appointment = await readAppointment(tx, input.id);
    if (!appointment) throw new Error("rescheduleFitting: the appointment vanished inside its transaction");
    const change: FittingChange = { appointment, from: { date: row.preferredDate, time: row.preferredTime, status: appointment.status } };
    await enqueueMail(
      tx,
      rescheduledMail(change, { appUrl: options.appUrl, tokens: options.tokens, timeZone: settings.BOUTIQUE_TIME_ZONE }),
    );
    await options.within?.(tx, change);
    return { status: "rescheduled", ...change } satisfies StaffChangeOutcome;
  });
}

/**
 * Cancels an active booking, for the boutique or for the shopper herself
 * (`options.shopper`): the status becomes cancelled (which frees its place),
 * the calendar sequence goes up by one, and the customer is mailed the
 * cancellation with METHOD:CANCEL at that sequence.
 */
export async function cancelFitting(db: Database, id: string, options: StaffChangeOptions): Promise<StaffChangeOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id, options);
    if (!row) return refusedFor("not-found", options);
    const cannot = unchangeable(row, options, now);
    if (cannot) return cannot;
    await tx
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: now, calendarSequence: sql`${appointments.calendarSequence} + 1` })
      .where(eq(appointments.id, id));
    const appointment = await readAppointment(tx, id);
    if (!appointment) throw new Error("cancelFitting: the appointment vanished inside its transaction");
    const change: FittingChange = {
      appointment,
      from: { date: row.preferredDate, time: row.preferredTime, status: row.status as AppointmentStatus },
    };
    await enqueueMail(tx, cancellationMail(appointment, options.settings.BOUTIQUE_TIME_ZONE, options.shopper ? "shopper" : "staff"));
    if (options.shopper) await queueCustomerCancelledNotice(tx, appointment, options.settings, options.appUrl, now);
    await options.within?.(tx, change);
    return { status: "cancelled", ...change } satisfies StaffChangeOutcome;
  });
}

/**
 * Cancels the appointment a signed link names: the status becomes cancelled,
 * which takes it out of the unique index and so frees its place, and the
 * calendar sequence goes up by one; a cancellation with METHOD:CANCEL and that
 * sequence is queued in the same transaction. Safe to repeat.
 */
export async function cancelFittingByLink(
  db: Database,
  token: unknown,
  options: { tokens: SignedTokens; settings: Pick<Env, "BOUTIQUE_TIME_ZONE"> & StaffNoticeSettings; appUrl: string; now?: Date },
): Promise<CancelLookup> {
  const id = verifyCancelToken(token, options.tokens);
  if (!id) return { status: "invalid-token" };
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(appointments)
      // The cancellation's invitation must outrank every one sent before it.
      .set({ status: "cancelled", cancelledAt: new Date(), calendarSequence: sql`${appointments.calendarSequence} + 1` })
      .where(and(eq(appointments.id, id), active()))
      .returning({ id: appointments.id });
    const appointment = await readAppointment(tx, id);
    if (!appointment) return { status: "not-found" } satisfies CancelLookup;
    if (!updated) return { status: appointment.status === "cancelled" ? "cancelled" : "over", appointment } satisfies CancelLookup;
    await enqueueMail(tx, cancellationMail(appointment, options.settings.BOUTIQUE_TIME_ZONE));
    await queueCustomerCancelledNotice(tx, appointment, options.settings, options.appUrl, options.now ?? new Date());
    return { status: "cancelled", appointment } satisfies CancelLookup;
  });
}

/** The customer cancelled the fitting themselves: staff are told, in the cancellation's transaction (unless STAFF_NOTIFICATIONS says not). */
async function queueCustomerCancelledNotice(
  tx: Executor,
  appointment: Appointment,
  settings: Pick<Env, "BOUTIQUE_TIME_ZONE"> & StaffNoticeSettings,
  appUrl: string,
  now: Date,
): Promise<void> {
  const notice = customerCancelledNotice(appointment, { settings, appUrl, now });
  if (notice) await enqueueMail(tx, notice);
}
