// A fitting's status as staff set it from the dashboard, and its row deleted: the appointments table's own writes,
// run inside the caller's transaction so the admin module audits them in the same commit.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/db/client.server";
import { isActiveAppointmentStatus } from "~/db/constants";

/** What the row was before a change: its status and who it is for (the audit's label). */
export type FittingRowBefore = {
  status: string;
  name: string;
  email: string;
};

/**
 * Sets a fitting's status, locking its row. Back to an active status only while its seat is still free (another
 * booking may have taken it since): "conflict" otherwise. A status it already has changes nothing.
 */
export async function setFittingStatus(
  tx: Executor,
  id: string,
  status: string,
): Promise<{ changed: boolean; before: FittingRowBefore } | "not-found" | "conflict"> {
  const [before] = await queryRows<FittingRowBefore>(tx, sql`select status, name, email from appointments where id = ${id} for update`);
  if (!before) return "not-found";
  if (before.status === status) return { changed: false, before };
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

/** Deletes a fitting's row (its pull list goes with it); what it was, or null when there was none. */
export async function deleteFittingRow(tx: Executor, id: string): Promise<FittingRowBefore | null> {
  const [gone] = await queryRows<FittingRowBefore>(tx, sql`delete from appointments where id = ${id} returning status, name, email`);
  return gone ?? null;
}
