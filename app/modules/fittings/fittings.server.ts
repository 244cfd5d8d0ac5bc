// The fittings module's server front door: re-exports only (docs/architecture.md).
export {
  availabilityOverview,
  changeAvailability,
  clockFor,
  fittingAvailability,
  fittingCalendar,
  judgeDay,
  slotsForDate,
} from "./availability.server";
export { bookFitting } from "./booking.server";
export { findFittingByLink, type CancelLookup } from "./cancel-links.server";
export { bookingConfirmation, calendarFileByLink, type CalendarFileLookup } from "./confirmation.server";
export {
  cancelFitting,
  cancelFittingByLink,
  refusalStatus,
  rescheduleFitting,
  type StaffChangeOptions,
  type StaffChangeOutcome,
  type StaffRefusal,
} from "./changes.server";
export {
  cancelOwnFitting,
  claimGuestFittings,
  listAppointments,
  rescheduleFittingByLink,
  rescheduleOwnFitting,
  unlinkAppointmentsOf,
  type AccountAppointment,
} from "./customer-appointments.server";
export { startFittingReminders } from "./reminders.server";
export { deleteFittingRow, isUpcomingFitting, setFittingStatus, type FittingClock } from "./staff-status.server";
export { pullListChoices, pullListsFor } from "./pull-list.server";
