// A shopper books a fitting: the slot judged on the boutique's clock, a place
// taken under the unique index, the pull list and the confirmation stored in
// the same transaction.
import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { appointments } from "~/db/schema/fittings";
import type { SignedTokens } from "~/lib/signed-token.server";
import { enqueueMail, type StaffNoticeSettings } from "~/modules/mail/mail.server";
import { active, readAppointment } from "./appointment-rows.server";
import {
  clockFor,
  judgeSlot,
  judgeStaffRules,
  lockFittingDay,
  slotStart,
  staffRefusal,
  type FittingSettings,
  type SlotVerdict,
} from "./availability.server";
import { slotLabel } from "./fittings";
import { confirmationMail, newFittingNotice } from "./mails.server";
import { storePullList } from "./pull-list.server";
import { FITTING_MESSAGES, type FittingBooking } from "./schema";
import type { BookingOutcome } from "./types";

/** appointments.seat's range (its CHECK constraint). */
export const MAX_SEAT = 100;

interface BookingOptions {
  /** With the boutique's inbox and STAFF_NOTIFICATIONS: staff are told of the new fitting. */
  settings: FittingSettings & StaffNoticeSettings;
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

/** Why a slot that is not open cannot be booked, in the booking form's words. */
export function refusal(verdict: Exclude<SlotVerdict, "open">, horizonDays: number): BookingOutcome & { status: "refused" } {
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
 * Books a fitting: checks the slot on the boutique's clock, then, under the
 * day's shared lock and the slot's own (lockFittingDay; staff closing the day
 * take the day's alone), staff's
 * rules (a closed day, a blocked slot, the slot's seats, counted against its
 * active bookings), then takes the first free place with INSERT … ON CONFLICT
 * DO NOTHING. The unique index over active bookings on (date, time, seat)
 * still guards the places, on PGlite and PostgreSQL alike, so a slot never
 * holds more than its seats and never a booking on a closed day. The
 * confirmation and its invitation are queued in the same transaction, with the
 * staff notice (STAFF_NOTIFICATIONS); the caller nudges the mail worker afterwards.
 */
export async function bookFitting(db: Database, input: FittingBooking, options: BookingOptions): Promise<BookingOutcome> {
  const { settings } = options;
  const clock = clockFor(settings, options.now);
  const verdict = judgeSlot(input.date, input.time, clock);
  if (verdict !== "open") return refusal(verdict, settings.FITTING_HORIZON_DAYS);
  const startsAt = slotStart(input.date, input.time, settings.BOUTIQUE_TIME_ZONE);

  return db.transaction(async (tx) => {
    await lockFittingDay(tx, input.date, input.time);
    const rules = await judgeStaffRules(tx, input.date, input.time, settings.FITTING_SLOT_CAPACITY);
    if (rules === "day" || rules === "slot") {
      return { status: "refused", reason: rules === "day" ? "closed" : "blocked", message: staffRefusal(rules) } satisfies BookingOutcome;
    }
    if (rules === "full") return { status: "refused", reason: "full", message: FITTING_MESSAGES.slotTaken } satisfies BookingOutcome;
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
    // The seats are counted above, under the lock; the first free place (1..100, the column's range) is the booking's.
    for (let seat = 1; seat <= MAX_SEAT; seat++) {
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
      const pullList = await storePullList(tx, row.id, options.userId, options.pullProductIds ?? []);
      await enqueueMail(
        tx,
        confirmationMail(appointment, { appUrl: options.appUrl, tokens: options.tokens, timeZone: settings.BOUTIQUE_TIME_ZONE }),
      );
      const notice = newFittingNotice(appointment, { settings, appUrl: options.appUrl });
      if (notice) await enqueueMail(tx, notice);
      return { status: "booked", appointment, pullList } satisfies BookingOutcome;
    }
    return { status: "refused", reason: "full", message: FITTING_MESSAGES.slotTaken } satisfies BookingOutcome;
  });
}
