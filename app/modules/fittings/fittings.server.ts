import { startPeriodicJob, type PeriodicJob } from "~/lib/periodic-job.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "~/db/client.server";
import { ACTIVE_APPOINTMENT_STATUSES, type AppointmentStatus } from "~/db/constants";
import { isUniqueViolation } from "~/db/errors";
import { appointmentPullItems, appointments } from "~/db/schema/fittings";
import { wishlistItems } from "~/db/schema/wishlist";
import { BRAND } from "~/lib/brand";
import type { Env } from "~/lib/env.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import type { Logger } from "~/lib/logger.server";
import type { SignedTokens } from "~/lib/signed-token.server";
import { brandedMail, enqueueMail, type MailMessage } from "~/modules/mail/mail.server";
import { bookableRange, judgeDay, judgeSlot, slotStart, type ClockOptions } from "./availability.server";
import { fittingInvitation } from "./invitation.server";
import { FITTING_MESSAGES, STAFF_MESSAGES, type FittingBooking } from "./schema";
import { longDate, SLOT_TIMES, slotLabel } from "./fittings";
import type { Appointment, BookingOutcome, FittingCalendar, PullItem, SlotAvailability } from "./types";

export type { PullItem } from "./types";

export { boutiqueToday, judgeDay, judgeSlot, slotStart, type ClockOptions } from "./availability.server";

export const CONFIRMATION_MAIL_KIND = "fitting-confirmation";
export const CANCELLATION_MAIL_KIND = "fitting-cancellation";
export const REMINDER_MAIL_KIND = "fitting-reminder";
export const CANCEL_PATH = "/fitting-room/cancel";
export const CANCEL_TOKEN_PURPOSE = "fitting-cancel";

export type FittingSettings = Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_SLOT_CAPACITY" | "FITTING_HORIZON_DAYS">;

export function clockFor(env: Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_HORIZON_DAYS">, now = new Date()): ClockOptions {
  return { now, timeZone: env.BOUTIQUE_TIME_ZONE, horizonDays: env.FITTING_HORIZON_DAYS };
}

const active = () => inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]);

/** Active bookings per slot between two dates, keyed 'YYYY-MM-DD HH:MM'. */
async function bookedCounts(db: Database, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: appointments.preferredDate, time: appointments.preferredTime, count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(active(), sql`${appointments.preferredDate} between ${from} and ${to}`))
    .groupBy(appointments.preferredDate, appointments.preferredTime);
  return new Map(rows.map((row) => [`${row.date} ${row.time}`, Number(row.count)]));
}

function slotsOf(date: string, counts: Map<string, number>, clock: ClockOptions, capacity: number): SlotAvailability[] {
  return SLOT_TIMES.map((time) => {
    const full = (counts.get(`${date} ${time}`) ?? 0) >= capacity;
    return { time, label: slotLabel(time), full, available: !full && judgeSlot(date, time, clock) === "open" };
  });
}

/** The eight slots of one date as they stand now (all unavailable on a closed or past day). */
export async function slotsForDate(db: Database, date: string, settings: FittingSettings, now = new Date()): Promise<SlotAvailability[]> {
  const counts = await bookedCounts(db, date, date);
  return slotsOf(date, counts, clockFor(settings, now), settings.FITTING_SLOT_CAPACITY);
}

/** The calendar the booking page draws: which days between today and the horizon can be chosen. */
export async function fittingCalendar(db: Database, settings: FittingSettings, now = new Date()): Promise<FittingCalendar> {
  const clock = clockFor(settings, now);
  const { today, lastDay, days } = bookableRange(clock);
  const counts = await bookedCounts(db, today, lastDay);
  const closedDays = days.filter(
    (day) => judgeDay(day, clock) !== "open" || !slotsOf(day, counts, clock, settings.FITTING_SLOT_CAPACITY).some((slot) => slot.available),
  );
  const closed = new Set(closedDays);
  return { today, lastDay, closedDays, firstOpenDay: days.find((day) => !closed.has(day)) ?? null, timeZone: settings.BOUTIQUE_TIME_ZONE };
}

export interface BookingOptions {
  settings: FittingSettings;
  appUrl: string;
  tokens: SignedTokens;
  /** The signed-in shopper's id, or null for a guest. */
  userId: string | null;
  /**
   * Product ids the shopper ticked from her wishlist (the pull list). Only
   * those on her own wishlist are kept; a guest's are ignored.
   */
  pullProductIds?: readonly string[];
  now?: Date;
}

/** SPEC §3: 'Preferred time: 10:00 AM' and, after it, the shopper's own note. */
export function appointmentNotes(time: string, note: string | null): string {
  return note ? `Preferred time: ${slotLabel(time)}\n${note}` : `Preferred time: ${slotLabel(time)}`;
}

function refusal(verdict: "closed" | "past" | "started" | "beyond", horizonDays: number): BookingOutcome {
  const message =
    verdict === "closed"
      ? FITTING_MESSAGES.dayClosed
      : verdict === "past"
        ? FITTING_MESSAGES.dayPast
        : verdict === "started"
          ? FITTING_MESSAGES.slotStarted
          : `Fittings can be booked up to ${horizonDays} days ahead. Please choose an earlier date.`;
  return { status: "refused", reason: verdict, message };
}

/**
 * Books a fitting: checks the slot on the boutique's clock, then takes the
 * first free place (seat 1..capacity) with INSERT … ON CONFLICT DO NOTHING.
 * The unique index over active bookings on (date, time, seat) decides between
 * concurrent requests, on PGlite and PostgreSQL alike: a racing insert waits
 * for the other to commit and then finds its seat taken, so a slot never holds
 * more than its capacity. The confirmation and its invitation are queued in
 * the same transaction; the caller nudges the mail worker afterwards.
 */
export async function bookFitting(db: Database, input: FittingBooking, options: BookingOptions): Promise<BookingOutcome> {
  const { settings } = options;
  const clock = clockFor(settings, options.now);
  const verdict = judgeSlot(input.date, input.time, clock);
  if (verdict !== "open") return refusal(verdict, settings.FITTING_HORIZON_DAYS);
  const startsAt = slotStart(input.date, input.time, settings.BOUTIQUE_TIME_ZONE);

  return db.transaction(async (tx) => {
    if (options.userId) {
      const [mine] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, options.userId),
            eq(appointments.preferredDate, input.date),
            eq(appointments.preferredTime, input.time),
            active(),
          ),
        );
      if (mine) return { status: "refused", reason: "duplicate", message: FITTING_MESSAGES.alreadyBooked } satisfies BookingOutcome;
    }
    for (let seat = 1; seat <= settings.FITTING_SLOT_CAPACITY; seat++) {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into appointments (name, email, phone, appointment_type, preferred_date, preferred_time, starts_at, seat, notes, user_id, status)
            values (${input.name}, ${input.email}, ${input.phone}, 'fitting', ${input.date}, ${input.time}, ${startsAt.toISOString()}::timestamptz,
                    ${seat}, ${appointmentNotes(input.time, input.notes)}, ${options.userId}, 'pending')
            on conflict do nothing
            returning id`,
      );
      if (!row) continue;
      const appointment = await readAppointment(tx, row.id);
      if (!appointment) throw new Error("bookFitting: the new appointment vanished inside its transaction");
      await storePullList(tx, row.id, options.userId, options.pullProductIds ?? []);
      await enqueueMail(tx, confirmationMail(appointment, options));
      return { status: "booked", appointment } satisfies BookingOutcome;
    }
    return { status: "refused", reason: "full", message: FITTING_MESSAGES.slotTaken } satisfies BookingOutcome;
  });
}

async function readAppointment(db: Executor, id: string): Promise<Appointment | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    appointmentType: row.appointmentType,
    preferredDate: row.preferredDate,
    preferredTime: row.preferredTime,
    startsAt: row.startsAt,
    notes: row.notes,
    userId: row.userId,
    status: row.status as AppointmentStatus,
    calendarSequence: row.calendarSequence,
    createdAt: row.createdAt,
  };
}

/** A signed-in shopper's upcoming active appointments, soonest first. */
export async function upcomingAppointments(db: Database, userId: string, now = new Date()): Promise<Appointment[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), active(), sql`${appointments.startsAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(appointments.startsAt);
  const found = await Promise.all(rows.map((row) => readAppointment(db, row.id)));
  return found.filter((item): item is Appointment => item !== null);
}

// --- cancel links -------------------------------------------------------------
// A signed token whose subject is the appointment's id. It expires a day after
// the slot: by then there is nothing left to cancel.

export function signCancelToken(appointment: Pick<Appointment, "id" | "startsAt">, tokens: SignedTokens): string {
  const until = new Date((appointment.startsAt ?? new Date()).getTime() + 24 * 3600_000);
  return tokens.sign(CANCEL_TOKEN_PURPOSE, appointment.id, { expiresAt: until });
}

export function cancelUrl(appointment: Pick<Appointment, "id" | "startsAt">, options: { appUrl: string; tokens: SignedTokens }): string {
  const url = new URL(CANCEL_PATH, options.appUrl);
  url.searchParams.set("token", signCancelToken(appointment, options.tokens));
  return url.toString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function verifyCancelToken(token: unknown, tokens: SignedTokens): string | null {
  const verdict = tokens.verify(CANCEL_TOKEN_PURPOSE, typeof token === "string" ? token.trim() : token);
  return verdict.valid && UUID.test(verdict.subject) ? verdict.subject : null;
}

export type CancelLookup =
  { status: "active" | "cancelled" | "over"; appointment: Appointment } | { status: "not-found" } | { status: "invalid-token" };

/** What a cancel link points at, changing nothing: the page asks before it acts. */
export async function findAppointmentByCancelToken(db: Database, token: unknown, tokens: SignedTokens): Promise<CancelLookup> {
  const id = verifyCancelToken(token, tokens);
  if (!id) return { status: "invalid-token" };
  const appointment = await readAppointment(db, id);
  if (!appointment) return { status: "not-found" };
  if (appointment.status === "cancelled") return { status: "cancelled", appointment };
  if (appointment.status === "completed") return { status: "over", appointment };
  return { status: "active", appointment };
}

export type CancelOutcome = CancelLookup;

/**
 * Cancels the appointment a signed link names: the status becomes cancelled,
 * which takes it out of the unique index and so frees its place, and the
 * calendar sequence goes up by one; a cancellation with METHOD:CANCEL and that
 * sequence is queued in the same transaction. Safe to repeat.
 */
export async function cancelAppointment(
  db: Database,
  token: unknown,
  options: { tokens: SignedTokens; settings: Pick<Env, "BOUTIQUE_TIME_ZONE">; appUrl: string },
): Promise<CancelOutcome> {
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
    if (!appointment) return { status: "not-found" } satisfies CancelOutcome;
    if (!updated) return { status: appointment.status === "cancelled" ? "cancelled" : "over", appointment } satisfies CancelOutcome;
    await enqueueMail(tx, cancellationMail(appointment, options.settings.BOUTIQUE_TIME_ZONE));
    return { status: "cancelled", appointment } satisfies CancelOutcome;
  });
}

// --- staff changes: move or cancel a booking ---------------------------------------
// From the admin dashboard. Each is one transaction: the row changes, its
// calendar sequence goes up by one, the customer's mail (with the invitation
// at the new sequence, same UID) is queued, and the caller's `within` (the
// admin module's audit entry) runs, so all of it lands or none of it does.

export const RESCHEDULE_MAIL_KIND = "fitting-rescheduled";

/** Where a booking was before a staff change: its slot and status. */
export interface FittingChange {
  appointment: Appointment;
  from: { date: string; time: string; status: AppointmentStatus };
}

export interface StaffChangeOptions {
  settings: FittingSettings & Pick<Env, "FITTING_REMINDER_LEAD_MS">;
  appUrl: string;
  tokens: SignedTokens;
  now?: Date;
  /** Runs inside the change's transaction once the row has changed (the admin module records the change here). */
  within?: (tx: Executor, change: FittingChange) => Promise<void>;
}

export type StaffRefusal = "not-found" | "inactive" | "same" | "closed" | "past" | "started" | "beyond" | "full" | "duplicate";

export type StaffChangeOutcome =
  ({ status: "rescheduled" | "cancelled" } & FittingChange) | { status: "refused"; reason: StaffRefusal; message: string };

const refused = (reason: StaffRefusal, message: string): StaffChangeOutcome => ({ status: "refused", reason, message });

/** The booking, locked until the transaction ends, or null. */
async function lockAppointment(tx: Executor, id: string) {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for("update");
  return row ?? null;
}

/** SPEC's notes begin 'Preferred time: 10:00 AM': a move rewrites that first line and keeps the shopper's note. */
function notesForTime(notes: string | null, time: string): string | null {
  if (notes === null) return appointmentNotes(time, null);
  return notes.startsWith("Preferred time: ") ? notes.replace(/^Preferred time: [^\n]*/, `Preferred time: ${slotLabel(time)}`) : notes;
}

/**
 * Moves an active booking to another slot. The slot is judged on the
 * boutique's clock as a booking is (closed day, past, started, beyond the
 * horizon), then the booking takes a free place there by the same rule as
 * bookFitting: seat 1, 2, … up to FITTING_SLOT_CAPACITY, with the unique index
 * over active bookings deciding. An UPDATE has no ON CONFLICT, so each try
 * runs in a savepoint: a place another transaction took first (committed, or
 * committing while we waited on it) rolls back to the savepoint and the next
 * place is tried. The slot therefore never holds more than its capacity.
 *
 * The reminder follows the booking: reminder_queued_at is cleared so the
 * 24-hour reminder goes out before the new time, unless the new time is
 * already within those 24 hours (the move's own mail is then the fresh notice,
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
  if (verdict !== "open") {
    const refusalOf = refusal(verdict, settings.FITTING_HORIZON_DAYS);
    return refused(verdict, refusalOf.status === "refused" ? refusalOf.message : FITTING_MESSAGES.failed);
  }
  const startsAt = slotStart(input.date, input.time, settings.BOUTIQUE_TIME_ZONE);
  const reminderDue = startsAt.getTime() - settings.FITTING_REMINDER_LEAD_MS > now.getTime();

  return db.transaction(async (tx) => {
    const row = await lockAppointment(tx, input.id);
    if (!row) return refused("not-found", STAFF_MESSAGES.notFound);
    if (!(ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(row.status)) {
      return refused("inactive", STAFF_MESSAGES.inactive(row.status));
    }
    if (row.preferredDate === input.date && row.preferredTime === input.time) return refused("same", STAFF_MESSAGES.same);
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
      if (other) return refused("duplicate", STAFF_MESSAGES.duplicate);
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
    for (let seat = 1; seat <= settings.FITTING_SLOT_CAPACITY && !moved; seat++) {
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
    if (!moved) return refused("full", STAFF_MESSAGES.full);
    const appointment = await readAppointment(tx, input.id);
    if (!appointment) throw new Error("rescheduleFitting: the appointment vanished inside its transaction");
    const change: FittingChange = { appointment, from: { date: row.preferredDate, time: row.preferredTime, status: appointment.status } };
    await enqueueMail(tx, rescheduledMail(change, options));
    await options.within?.(tx, change);
    return { status: "rescheduled", ...change } satisfies StaffChangeOutcome;
  });
}

/**
 * Cancels an active booking for the boutique: the status becomes cancelled
 * (which frees its place), the calendar sequence goes up by one, and the
 * customer is mailed the cancellation with METHOD:CANCEL at that sequence.
 */
export async function cancelFittingByStaff(db: Database, id: string, options: StaffChangeOptions): Promise<StaffChangeOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) return refused("not-found", STAFF_MESSAGES.notFound);
    if (!(ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(row.status)) {
      return refused("inactive", STAFF_MESSAGES.inactive(row.status));
    }
    await tx
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: options.now ?? new Date(), calendarSequence: sql`${appointments.calendarSequence} + 1` })
      .where(eq(appointments.id, id));
    const appointment = await readAppointment(tx, id);
    if (!appointment) throw new Error("cancelFittingByStaff: the appointment vanished inside its transaction");
    const change: FittingChange = {
      appointment,
      from: { date: row.preferredDate, time: row.preferredTime, status: row.status as AppointmentStatus },
    };
    await enqueueMail(tx, cancellationMail(appointment, options.settings.BOUTIQUE_TIME_ZONE, "staff"));
    await options.within?.(tx, change);
    return { status: "cancelled", ...change } satisfies StaffChangeOutcome;
  });
}

function rescheduledMail({ appointment, from }: FittingChange, options: StaffChangeOptions): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: RESCHEDULE_MAIL_KIND,
    to: appointment.email,
    subject: `Your fitting has moved to ${when}`,
    preheader: `Your fitting is now on ${when}. The updated invitation is attached.`,
    blocks: [
      { kind: "heading", text: "Your fitting has moved" },
      {
        kind: "paragraph",
        text: `Dear ${appointment.name}, your fitting at ${BRAND.fullName} has moved from ${describeSlot(from.date, from.time)} to a new time. We look forward to seeing you.`,
      },
      slotDetails(appointment),
      { kind: "paragraph", text: "The attached invitation updates the fitting in your calendar. You are welcome to bring up to 2 guests." },
      { kind: "button", label: "Cancel this appointment", url: cancelUrl(appointment, options) },
      { kind: "note", text: `Does the new time not suit you? Call us on ${BRAND.phone} and we will find another.` },
    ],
    attachments: [invitationOf(appointment, options.settings.BOUTIQUE_TIME_ZONE, "request")],
  });
}

// --- rate limit ------------------------------------------------------------------

export function bookingRateLimiter(env: Pick<Env, "BOOKING_RATE_LIMIT" | "BOOKING_RATE_WINDOW_MS">): RateLimiter {
  return createRateLimiter({ scope: "fitting-booking", limit: env.BOOKING_RATE_LIMIT, windowMs: env.BOOKING_RATE_WINDOW_MS });
}

// --- mail ----------------------------------------------------------------------

/** 'Saturday, November 28, 2026 at 10:00 AM'. */
export function describeSlot(date: string, time: string): string {
  return `${longDate(date)} at ${slotLabel(time)}`;
}

/** The .ics every fitting mail carries: the booking itself, or its cancellation. */
function invitationOf(appointment: Appointment, timeZone: string, method: "request" | "cancel") {
  return fittingInvitation({
    appointmentId: appointment.id,
    date: appointment.preferredDate,
    time: appointment.preferredTime,
    timeZone,
    attendee: { name: appointment.name, email: appointment.email },
    organizerEmail: BRAND.email,
    method,
    sequence: appointment.calendarSequence,
    localWhen: describeSlot(appointment.preferredDate, appointment.preferredTime),
  });
}

/** Date, time and place of a fitting, as a mail's details block. */
function slotDetails(appointment: Appointment) {
  return {
    kind: "details" as const,
    rows: [
      { label: "Date", value: longDate(appointment.preferredDate) },
      { label: "Time", value: slotLabel(appointment.preferredTime) },
      { label: "Where", value: `${BRAND.street}, ${BRAND.city}, ${BRAND.region} ${BRAND.postalCode}` },
    ],
  };
}

function confirmationMail(appointment: Appointment, options: BookingOptions): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: CONFIRMATION_MAIL_KIND,
    to: appointment.email,
    subject: `Your fitting on ${when}`,
    preheader: `We look forward to seeing you on ${when}. The invitation is attached.`,
    blocks: [
      { kind: "heading", text: "Your fitting is booked" },
      {
        kind: "paragraph",
        text: `Dear ${appointment.name}, thank you for booking a fitting at ${BRAND.fullName}. We look forward to seeing you.`,
      },
      slotDetails(appointment),
      { kind: "paragraph", text: "Add the attached invitation to your calendar. You are welcome to bring up to 2 guests." },
      { kind: "button", label: "Cancel this appointment", url: cancelUrl(appointment, options) },
      { kind: "note", text: `Need to change the time? Cancel with the link above and book again, or call us on ${BRAND.phone}.` },
    ],
    attachments: [invitationOf(appointment, options.settings.BOUTIQUE_TIME_ZONE, "request")],
  });
}

function cancellationMail(appointment: Appointment, timeZone: string, by: "shopper" | "staff" = "shopper"): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: CANCELLATION_MAIL_KIND,
    to: appointment.email,
    subject: `Your fitting on ${when} is cancelled`,
    preheader: "Your fitting is cancelled. We hope to see you another time.",
    blocks: [
      { kind: "heading", text: "Your fitting is cancelled" },
      by === "staff"
        ? {
            kind: "paragraph",
            text: `Dear ${appointment.name}, we are sorry to let you know that your fitting on ${when} at ${BRAND.fullName} has been cancelled.`,
          }
        : { kind: "paragraph", text: `Dear ${appointment.name}, your fitting on ${when} is cancelled and the time has been freed.` },
      { kind: "paragraph", text: `Whenever you are ready, book another fitting on our website or call us on ${BRAND.phone}.` },
      ...(by === "staff" ? [{ kind: "note" as const, text: "The attached update removes the fitting from your calendar." }] : []),
    ],
    attachments: [invitationOf(appointment, timeZone, "cancel")],
  });
}

// --- the reminder ------------------------------------------------------------------
// Mailed FITTING_REMINDER_LEAD_MS (24 hours) before the slot, once per booking.
// A booking made inside that window gets none: its confirmation is fresh.

export interface ReminderOptions {
  settings: Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_REMINDER_LEAD_MS">;
  appUrl: string;
  tokens: SignedTokens;
  now?: Date;
  /** At most this many per pass (the rest wait for the next). */
  batchSize?: number;
}

/**
 * Queues the reminders that have come due, each in the outbox in the same
 * transaction that marks its booking reminded. The rows are claimed with
 * FOR UPDATE SKIP LOCKED and marked only while still unmarked, so two
 * instances (or a pass that overlaps a restart) never queue one twice; a pass
 * that dies before committing leaves them for the next. Returns how many.
 */
export async function queueDueReminders(db: Database, options: ReminderOptions): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  const lead = options.settings.FITTING_REMINDER_LEAD_MS;
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: string }>(
      tx,
      sql`update appointments set reminder_queued_at = ${now}::timestamptz
          where id in (
            select id from appointments
            where reminder_queued_at is null and status in ('pending', 'confirmed')
              and starts_at > ${now}::timestamptz
              and starts_at <= ${now}::timestamptz + ${lead} * interval '1 millisecond'
              and created_at < starts_at - ${lead} * interval '1 millisecond'
            order by starts_at
            limit ${options.batchSize ?? 50}
            for update skip locked
          ) and reminder_queued_at is null
          returning id`,
    );
    for (const { id } of due) {
      const appointment = await readAppointment(tx, id);
      if (appointment) await enqueueMail(tx, reminderMail(appointment, options));
    }
    return due.length;
  });
}

/**
 * Looks for due reminders every FITTING_REMINDER_POLL_MS on this instance
 * (every instance may run it: the claim above keeps each reminder single) and
 * wakes the mail worker when it queued any. A failed pass is logged and tried
 * again at the next tick.
 */
export function startFittingReminders(options: {
  db: Database;
  env: Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_REMINDER_LEAD_MS" | "FITTING_REMINDER_POLL_MS" | "APP_URL">;
  tokens: SignedTokens;
  logger: Logger;
  nudgeMail: () => void;
}): PeriodicJob<number> {
  return startPeriodicJob({
    everyMs: options.env.FITTING_REMINDER_POLL_MS,
    fallback: 0,
    onError: (error) => options.logger.error({ err: error }, "queueing fitting reminders failed"),
    run: async () => {
      const count = await queueDueReminders(options.db, { settings: options.env, appUrl: options.env.APP_URL, tokens: options.tokens });
      if (count > 0) {
        options.logger.info({ count }, "fitting reminders queued");
        options.nudgeMail();
      }
      return count;
    },
  });
}

function reminderMail(appointment: Appointment, options: ReminderOptions): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: REMINDER_MAIL_KIND,
    to: appointment.email,
    subject: `Reminder: your fitting on ${when}`,
    preheader: `We look forward to seeing you on ${when}.`,
    blocks: [
      { kind: "heading", text: "See you soon" },
      {
        kind: "paragraph",
        text: `Dear ${appointment.name}, this is a reminder of your fitting at ${BRAND.fullName}. We look forward to seeing you.`,
      },
      slotDetails(appointment),
      { kind: "paragraph", text: "Bring the shoes and undergarments you plan to wear. You are welcome to bring up to 2 guests." },
      { kind: "button", label: "Cancel this appointment", url: cancelUrl(appointment, options) },
      { kind: "note", text: `Running late or need to change the time? Call us on ${BRAND.phone}.` },
    ],
    attachments: [invitationOf(appointment, options.settings.BOUTIQUE_TIME_ZONE, "request")],
  });
}

// --- the pull list ---------------------------------------------------------------------
// Dresses from the shopper's wishlist for staff to pull before her fitting.

/** At most this many dresses on one pull list (a rail, not the whole shop). */
export const MAX_PULL_ITEMS = 12;

/** The wishlist a signed-in shopper picks her pull list from, newest first. */
export async function pullListChoices(db: Database, userId: string): Promise<PullItem[]> {
  const rows = await db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(sql`${wishlistItems.createdAt} desc`)
    .limit(48);
  return rows.map((row) => ({
    productId: row.productId,
    handle: row.productHandle,
    title: row.productTitle,
    imageUrl: row.productImageUrl,
  }));
}

async function storePullList(tx: Executor, appointmentId: string, userId: string | null, productIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(productIds.filter((id) => typeof id === "string" && id.length > 0 && id.length <= 200))].slice(
    0,
    MAX_PULL_ITEMS,
  );
  if (!userId || wanted.length === 0) return;
  // Only dresses on her own wishlist: the ids come from the browser, the rows from the database.
  const own = await tx
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, wanted)));
  if (own.length === 0) return;
  await tx
    .insert(appointmentPullItems)
    .values(
      own.map((item) => ({
        appointmentId,
        productId: item.productId,
        productHandle: item.productHandle,
        productTitle: item.productTitle,
        productImageUrl: item.productImageUrl,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The pull lists of some appointments, keyed by appointment id (appointments
 * without one are absent): for the admin dashboard, so staff can pull the
 * dresses before each fitting.
 */
export async function pullListsFor(db: Database, appointmentIds: readonly string[]): Promise<Map<string, PullItem[]>> {
  const out = new Map<string, PullItem[]>();
  if (appointmentIds.length === 0) return out;
  const rows = await db
    .select()
    .from(appointmentPullItems)
    .where(inArray(appointmentPullItems.appointmentId, [...appointmentIds]))
    .orderBy(appointmentPullItems.appointmentId, appointmentPullItems.productTitle);
  for (const row of rows) {
    const list = out.get(row.appointmentId) ?? [];
    list.push({ productId: row.productId, handle: row.productHandle, title: row.productTitle, imageUrl: row.productImageUrl });
    out.set(row.appointmentId, list);
  }
  return out;
}

/** One appointment's pull list (empty when there is none). */
export async function pullListFor(db: Database, appointmentId: string): Promise<PullItem[]> {
  return (await pullListsFor(db, [appointmentId])).get(appointmentId) ?? [];
}
