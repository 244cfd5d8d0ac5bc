// A fitting's status as staff set it from the dashboard, and its row deleted: the appointments table's own writes,
// run inside the caller's transaction so the admin module audits them in the same commit.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/db/client.server";
import { isActiveAppointmentStatus } from "~/db/constants";
import { slotEnd } from "./availability.server";

/** What the row was before a change: its status and who it is for (the audit's label). */
export type FittingRowBefore = {
  status: string;
  name: string;
  email: string;
};

/**
 * Sets a fitting's status, locking its row. Back to an active status only while its seat is still free (another
 * booking may have taken it since): "conflict" otherwise. A status it already has changes nothing. `expected`, the
 * status the staff member saw: when someone else changed it since (two staff at once), nothing is changed and
 * "stale" says so, with the status it has now; the first change wins and the second is told.
 */
export async function setFittingStatus(
  tx: Executor,
  id: string,
  status: string,
  expected?: string,
): Promise<{ changed: boolean; before: FittingRowBefore } | "not-found" | "conflict" | { stale: string }> {
  const [before] = await queryRows<FittingRowBefore>(tx, sql`select status, name, email from appointments where id = ${id} for update`);
  if (!before) return "not-found";
  if (before.status === status) return { changed: false, before };
  if (expected !== undefined && before.status !== expected) return { stale: before.status };
  const active = isActiveAppointmentStatus(status);
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
