// A design request's status as staff set it from the dashboard, and its row deleted: the table's own writes, run
// inside the caller's transaction so the admin module audits them in the same commit.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/db/client.server";

/** What the row was before a change: its status and who it is for (the audit's label). */
export type DesignRequestBefore = {
  status: string;
  name: string;
  email: string;
};

/** Sets a request's status, locking its row; a status it already has changes nothing. */
export async function setDesignRequestStatus(
  tx: Executor,
  id: string,
  status: string,
): Promise<{ changed: boolean; before: DesignRequestBefore } | "not-found"> {
  const [before] = await queryRows<DesignRequestBefore>(
    tx,
    sql`select status, name, email from custom_design_submissions where id = ${id} for update`,
  );
  if (!before) return "not-found";
  if (before.status === status) return { changed: false, before };
  await tx.execute(sql`update custom_design_submissions set status = ${status} where id = ${id}`);
  return { changed: true, before };
}

/** Deletes a request's row (its image rows go with it; their files are the caller's to remove after commit). */
export async function deleteDesignRequestRow(tx: Executor, id: string): Promise<DesignRequestBefore | null> {
  const [gone] = await queryRows<DesignRequestBefore>(
    tx,
    sql`delete from custom_design_submissions where id = ${id} returning status, name, email`,
  );
  return gone ?? null;
}
