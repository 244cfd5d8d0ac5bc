// A signed-in customer's own appointments: the account's Appointments tab
// lists them, she moves or cancels one herself, and "Delete my account"
// unlinks them. Every function takes the user id from the guard
// (requireUser), never from the form: another's booking reads as not found.
// The changes are changes.server's, told that the shopper asks (her words,
// her booking only, at the sequence she saw).
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { isActiveAppointmentStatus, type AppointmentStatus } from "~/db/constants";
import { appointments } from "~/db/schema/fittings";
import { cancelFitting, rescheduleFitting, type StaffChangeOptions, type StaffChangeOutcome } from "./changes.server";

/** One of her fittings as the tab shows it. */
export interface AccountAppointment {
  id: string;
  appointmentType: string;
  preferredDate: string;
  preferredTime: string;
  status: AppointmentStatus;
  /** The SEQUENCE of its invitation now: a change form posts it back, so the same form posted twice changes nothing. */
  calendarSequence: number;
  /** Still ahead and active: she may reschedule or cancel it. */
  upcoming: boolean;
}

export function isUpcoming(row: { status: string; startsAt: Date | null }, now: Date): boolean {
  return isActiveAppointmentStatus(row.status) && (row.startsAt?.getTime() ?? 0) > now.getTime();
}

/** SPEC §7 "select by user_id": hers only, latest date first. */
export async function listAppointments(db: Executor, userId: string, now = new Date()): Promise<AccountAppointment[]> {
  const rows = await db
    .select({
      id: appointments.id,
      appointmentType: appointments.appointmentType,
      preferredDate: appointments.preferredDate,
      preferredTime: appointments.preferredTime,
      status: appointments.status,
      calendarSequence: appointments.calendarSequence,
      startsAt: appointments.startsAt,
    })
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.preferredDate), desc(appointments.preferredTime));
  return rows.map(({ startsAt, ...row }) => ({
    ...row,
    status: row.status as AppointmentStatus,
    upcoming: isUpcoming({ status: row.status, startsAt }, now),
  }));
}

type ShopperOptions = Omit<StaffChangeOptions, "within" | "shopper" | "sequence">;

/** Moves her own fitting to another slot: the booking's rules (calendar, seats), the same mail (METHOD:REQUEST, next SEQUENCE). */
export function rescheduleOwnFitting(
  db: Database,
  userId: string,
  input: { id: string; date: string; time: string; sequence: number },
  options: ShopperOptions,
): Promise<StaffChangeOutcome> {
  const { sequence, ...slot } = input;
  return rescheduleFitting(db, slot, { ...options, shopper: { owner: userId }, sequence });
}

/** Cancels her own fitting: the place is freed, and the cancellation (METHOD:CANCEL, next SEQUENCE) mailed. */
export function cancelOwnFitting(
  db: Database,
  userId: string,
  input: { id: string; sequence: number },
  options: ShopperOptions,
): Promise<StaffChangeOutcome> {
  return cancelFitting(db, input.id, { ...options, shopper: { owner: userId }, sequence: input.sequence });
}

/**
 * Moves the fitting a mail's link names, as she would from her account: `id` is the one her signed link gave
 * (findFittingByLink, which the page has already asked), so the token is not verified again here.
 */
export function rescheduleFittingByLink(
  db: Database,
  id: string,
  input: { date: string; time: string; sequence: number },
  options: ShopperOptions,
): Promise<StaffChangeOutcome> {
  const { sequence, ...slot } = input;
  return rescheduleFitting(db, { id, ...slot }, { ...options, shopper: {}, sequence });
}

/**
 * A guest's bookings made with her address join her account once she has
 * verified that address (the caller checks it): rows with no owner whose
 * email matches, case-insensitively. She holds one active booking per slot
 * (appointments_active_user_slot_idx), so an active guest booking of a slot
 * she already holds stays a guest's. Answers how many joined.
 */
export async function claimGuestFittings(db: Executor, userId: string, email: string): Promise<number> {
  const slotOf = (row: { preferredDate: string; preferredTime: string }) => `${row.preferredDate} ${row.preferredTime}`;
  const guestRows = await db
    .select({
      id: appointments.id,
      preferredDate: appointments.preferredDate,
      preferredTime: appointments.preferredTime,
      status: appointments.status,
    })
    .from(appointments)
    .where(and(isNull(appointments.userId), sql`lower(${appointments.email}) = lower(${email.trim()})`))
    .orderBy(appointments.createdAt, appointments.id);
  if (guestRows.length === 0) return 0;
  const held = new Set(
    (
      await db
        .select({ preferredDate: appointments.preferredDate, preferredTime: appointments.preferredTime, status: appointments.status })
        .from(appointments)
        .where(eq(appointments.userId, userId))
    )
      .filter((row) => isActiveAppointmentStatus(row.status))
      .map(slotOf),
  );
  let claimed = 0;
  for (const row of guestRows) {
    const active = isActiveAppointmentStatus(row.status);
    if (active && held.has(slotOf(row))) continue;
    const done = await db
      .update(appointments)
      .set({ userId })
      .where(and(eq(appointments.id, row.id), isNull(appointments.userId)))
      .returning({ id: appointments.id });
    claimed += done.length;
    if (active) held.add(slotOf(row));
  }
  return claimed;
}

/** "Delete my account": her appointments stay for the studio but lose the link to her (in the deletion's transaction). */
export async function unlinkAppointmentsOf(tx: Executor, userId: string): Promise<void> {
  await tx.update(appointments).set({ userId: null }).where(eq(appointments.userId, userId));
}
