// Value lists from SPEC §3 and §4. Shared by the database CHECK constraints,
// the zod schemas and the admin UI so that the three can never disagree.
export const EVENT_TYPES = ["wedding", "prom", "gala", "birthday", "anniversary", "other"] as const;
export const BUDGET_RANGES = ["under-1000", "1000-2500", "2500-5000", "5000-plus"] as const;
export const SUBMISSION_STATUSES = ["pending", "contacted", "in-progress", "completed"] as const;
/**
 * "arrived" (issue 26, the agenda): the customer is in the boutique. Not active: like completed, her fitting has
 * begun, so it no longer holds a seat to be moved or cancelled (by her link, or by a reminder).
 */
export const APPOINTMENT_STATUSES = ["pending", "confirmed", "arrived", "completed", "cancelled", "no-show"] as const;
/** Statuses that hold a fitting slot; an arrived, cancelled, completed or no-show booking frees it. */
export const ACTIVE_APPOINTMENT_STATUSES = ["pending", "confirmed"] as const;

/** A pending or confirmed fitting: it holds its seat, so it can still be moved or cancelled. No-show is not active. */
export function isActiveAppointmentStatus(status: string): boolean {
  return (ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(status);
}
export const APPOINTMENT_TYPES = ["fitting"] as const;
export const ADDRESS_TYPES = ["shipping", "billing"] as const;
export const ROLES = ["admin"] as const;
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
/** Built-in store orders: placed online, paid in the boutique, then collected or shipped. */
export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "cancelled"] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type BudgetRange = (typeof BUDGET_RANGES)[number];
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export type MailStatus = (typeof MAIL_STATUSES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
