// The appointments table as every step of the module reads it: which rows are
// active (they hold a place), and one row as an Appointment.
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { ACTIVE_APPOINTMENT_STATUSES, type AppointmentStatus } from "~/db/constants";
import { appointments } from "~/db/schema/fittings";
import type { Appointment } from "./types";

/** Pending or confirmed: a booking that holds its place (the unique index covers exactly these). */
export const active = () => inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]);

export async function readAppointment(db: Executor, id: string): Promise<Appointment | null> {
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
