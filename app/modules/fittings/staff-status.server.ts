// A fitting's status as staff set it from the dashboard, and its row deleted: the appointments table's own writes,
// run inside the caller's transaction so the admin module audits them in the same commit.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/db/client.server";
import { isActiveAppointmentStatus } from "~/db/constants";
import { judgeStaffRules, lockFittingDay, slotEnd, staffRefusal } from "./availability.server";

/** What the row was before a change: its status and who it is for (the audit's label). */
export type FittingRowBefore = {
  status: string;
  name: string;
  email: string;
};

/**
 * Sets a fitting's status, locking its row. Back to an active status only while its seat is still free (another
 * booking may have taken it since): "conflict" otherwise. Taking a seat again also answers to staff's rules, judged
 * as a booking is, under the slot's lock (taken before the row's): a closed day or blocked time is `refused` with
 * the booking form's words, a slot whose seats are all taken is a "conflict". `capacity` is the usual seats of a
 * time (FITTING_SLOT_CAPACITY); without it only staff's own seat changes count. A status it already has changes
 * nothing. `expected`, the status the staff member saw: when someone else changed it since (two staff at once),
 * nothing is changed and "stale" says so, with the status it has now; the first change wins and the second is told.
 */
export async function setFittingStatus(
  tx: Executor,
  id: string,
  status: string,
  options: { expected?: string; capacity?: number } = {},
): Promise<{ changed: boolean; before: FittingRowBefore } | "not-found" | "conflict" | { stale: string } | { refused: string }> {
  const active = isActiveAppointmentStatus(status);
  if (active) {
    const [slot] = await queryRows<{ date: string; time: string }>(
      tx,
      sql`select preferred_date::text as date, preferred_time as time from appointments where id = ${id}`,
    );
    if (!slot) return "not-found";
    await lockFittingDay(tx, slot.date, slot.time);
  }
  const [row] = await queryRows<FittingRowBefore & { date: string; time: string }>(
    tx,
    sql`select status, name, email, preferred_date::text as date, preferred_time as time from appointments where id = ${id} for update`,
  );
  if (!row) return "not-found";
  const before: FittingRowBefore = { status: row.status, name: row.name, email: row.email };
  if (before.status === status) return { changed: false, before };
  if (options.expected !== undefined && before.status !== options.expected) return { stale: before.status };
  if (active && !isActiveAppointmentStatus(before.status)) {
    // Only an active fitting is ever moved, so the slot locked above is still this one's.
    const rules = await judgeStaffRules(tx, row.date, row.time, options.capacity ?? Number.POSITIVE_INFINITY);
    if (rules === "day" || rules === "slot") return { refused: staffRefusal(rules) };
    if (rules === "full") return "conflict";
  }
  const updated = await queryRows<{ id: string }>(
    tx,
    active
      ? sql`update appointments a set status = ${status}, cancelled_at = null where a.id = ${id}
            and not exists (select 1 from appointments o where o.id <> a.id and o.preferred_date = a.preferred_date
              and o.preferred_time = a.preferred_time and o.seat = a.seat and o.status in ('pending', 'confirmed'))
            returning a.id`
      : sql`update appointments set status = ${status}, cancelled_at = coalesce(cancelled_at, now()) where id = ${id} returning id`,
  );
  return updated.length === 0 ? "conflict" : { changed: true, before };
}

/** Where "now" is for a fitting: the instant, and the boutique's zone its slots are read in. */
export interface FittingClock {
  now: Date;
  timeZone: string;
}

/**
 * Whether a fitting is still to come: it holds its seat (pending or confirmed) and its slot has not ended on the
 * boutique's clock. Such a fitting is not deleted; it is cancelled first, which tells the customer (issue 26).
 */
export function isUpcomingFitting(row: { status: string; preferredDate: string; preferredTime: string }, clock: FittingClock): boolean {
  return isActiveAppointmentStatus(row.status) && slotEnd(row.preferredDate, row.preferredTime, clock.timeZone) > clock.now;
}

/**
 * Deletes a fitting's row (its pull list goes with it), locking it first: what it was, null when there was none, or
 * "upcoming" (and nothing deleted) for a fitting still to come, which must be cancelled first so the customer hears.
 */
export async function deleteFittingRow(tx: Executor, id: string, clock: FittingClock): Promise<FittingRowBefore | "upcoming" | null> {
  const [row] = await queryRows<FittingRowBefore & { preferred_date: string; preferred_time: string }>(
    tx,
    sql`select status, name, email, preferred_date::text as preferred_date, preferred_time from appointments where id = ${id} for update`,
  );
  if (!row) return null;
  if (isUpcomingFitting({ status: row.status, preferredDate: row.preferred_date, preferredTime: row.preferred_time }, clock)) {
    return "upcoming";
  }
  await tx.execute(sql`delete from appointments where id = ${id}`);
  return { status: row.status, name: row.name, email: row.email };
}
