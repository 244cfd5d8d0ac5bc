// A signed-in customer's own appointments, for her account page, and what
// "Delete my account" does to them. The user id comes from the guard
// (requireUser), never from a form.
import { desc, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { appointments } from "~/db/schema/fittings";

/** Her appointments, the latest date first. */
export function listAppointments(db: Executor, userId: string) {
  return db
    .select({
      id: appointments.id,
      appointmentType: appointments.appointmentType,
      preferredDate: appointments.preferredDate,
      preferredTime: appointments.preferredTime,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.preferredDate));
}

/** "Delete my account": her appointments stay for the studio but lose the link to her (in the deletion's transaction). */
export async function unlinkAppointmentsOf(tx: Executor, userId: string): Promise<void> {
  await tx.update(appointments).set({ userId: null }).where(eq(appointments.userId, userId));
}
