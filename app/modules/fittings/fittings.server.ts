// The fittings module's server front door: re-exports only (docs/architecture.md),
// and the booking form's rate limiter until the limiters move to one place.
import type { Env } from "~/lib/env.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";

export type { PullItem } from "./types";
export {
  boutiqueToday,
  clockFor,
  fittingCalendar,
  judgeDay,
  judgeSlot,
  slotsForDate,
  slotStart,
  type ClockOptions,
  type FittingSettings,
} from "./availability.server";
export { appointmentNotes, bookFitting, upcomingAppointments, type BookingOptions } from "./booking.server";
export { CANCEL_PATH, CANCEL_TOKEN_PURPOSE, cancelUrl, findFittingByLink, signCancelToken, type CancelLookup } from "./cancel-links.server";
export {
  cancelFittingByLink,
  cancelFitting,
  rescheduleFitting,
  type CancelOutcome,
  type FittingChange,
  type StaffChangeOptions,
  type StaffChangeOutcome,
  type StaffRefusal,
} from "./changes.server";
export { CANCELLATION_MAIL_KIND, CONFIRMATION_MAIL_KIND, describeSlot, REMINDER_MAIL_KIND, RESCHEDULE_MAIL_KIND } from "./mails.server";
export { queueDueReminders, startFittingReminders, type ReminderOptions } from "./reminders.server";
export { MAX_PULL_ITEMS, pullListChoices, pullListFor, pullListsFor } from "./pull-list.server";

// --- rate limit ------------------------------------------------------------------

export function bookingRateLimiter(env: Pick<Env, "BOOKING_RATE_LIMIT" | "BOOKING_RATE_WINDOW_MS">): RateLimiter {
  return createRateLimiter({ scope: "fitting-booking", limit: env.BOOKING_RATE_LIMIT, windowMs: env.BOOKING_RATE_WINDOW_MS });
}
