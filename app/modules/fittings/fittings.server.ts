// The fittings module's server front door: re-exports only (docs/architecture.md),
// and the booking form's rate limiter until the limiters move to one place.
import type { Env } from "~/lib/env.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";

export { clockFor, fittingCalendar, judgeDay, slotsForDate } from "./availability.server";
export { bookFitting } from "./booking.server";
export { findFittingByLink, type CancelLookup } from "./cancel-links.server";
export {
  cancelFitting,
  cancelFittingByLink,
  rescheduleFitting,
  type StaffChangeOptions,
  type StaffChangeOutcome,
  type StaffRefusal,
} from "./changes.server";
export { startFittingReminders } from "./reminders.server";
export { pullListChoices, pullListsFor } from "./pull-list.server";

// --- rate limit ------------------------------------------------------------------

export function bookingRateLimiter(env: Pick<Env, "BOOKING_RATE_LIMIT" | "BOOKING_RATE_WINDOW_MS">): RateLimiter {
  return createRateLimiter({ scope: "fitting-booking", limit: env.BOOKING_RATE_LIMIT, windowMs: env.BOOKING_RATE_WINDOW_MS });
}
