import type { AppointmentStatus } from "~/db/constants";

/** One of the eight hourly slots of a day, as the server sees it now. */
export interface SlotAvailability {
  time: string;
  label: string;
  /** Bookable now: open day, not started, a place left. */
  available: boolean;
  /** Every place taken (as opposed to merely past). */
  full: boolean;
}

/** What the booking page needs to draw the calendar: computed on the boutique's clock. */
export interface FittingCalendar {
  /** Today on the boutique's clock, 'YYYY-MM-DD'. */
  today: string;
  /** The last bookable day. */
  lastDay: string;
  /** Days between today and lastDay that cannot be booked (Sundays, days with every slot full or started). */
  closedDays: string[];
  /** The first day that can still be booked (today, unless today is over or closed). */
  firstOpenDay: string | null;
  timeZone: string;
}

/** What the customer asked for when she booked: who she is, the kind of fitting, the day and time, her notes. */
export interface AppointmentRequest {
  name: string;
  email: string;
  phone: string | null;
  appointmentType: string;
  preferredDate: string;
  preferredTime: string;
  notes: string | null;
}

export interface Appointment extends AppointmentRequest {
  id: string;
  startsAt: Date | null;
  userId: string | null;
  status: AppointmentStatus;
  /** The SEQUENCE its invitations carry now (raised by each reschedule or cancellation). */
  calendarSequence: number;
  createdAt: Date;
}

export type BookingOutcome =
  /** `pullList`: the dresses kept for her fitting, as stored (none for a guest). */
  | { status: "booked"; appointment: Appointment; pullList: PullItem[] }
  /** The slot cannot be booked (closed day, past, too far ahead, full, already yours); `message` says why. */
  | { status: "refused"; reason: "closed" | "blocked" | "past" | "started" | "beyond" | "full" | "duplicate"; message: string };

/** A dress on an appointment's pull list (from the shopper's wishlist), for staff to have ready. */
export interface PullItem {
  productId: string;
  handle: string;
  title: string;
  imageUrl: string | null;
}

/** The calendar and one chosen day's slots: what a picker of a fitting's time draws (booking, reschedule). */
export interface DayAvailability {
  calendar: FittingCalendar;
  /** The day shown: the asked one, or the first open day. Null when no day can be booked. */
  date: string | null;
  slots: SlotAvailability[];
}

/**
 * What the Fitting Room shows once she has booked (the action's answer, with
 * or without JavaScript): the slot on the boutique's clock, where and how
 * long, the gowns to be pulled, and the pages her signed link opens.
 */
export interface FittingConfirmation {
  date: string;
  time: string;
  email: string;
  /** The boutique's address, as the mails and the invitation write it. */
  address: string;
  /** How long the fitting lasts, as the invitation says. */
  minutes: number;
  pullList: PullItem[];
  /** Paths on this site, each carrying the mail's signed token: the .ics, the reschedule view, the cancel page. */
  links: { calendar: string; reschedule: string; cancel: string };
}

/** What staff change on /admin/availability (issue 26): close or reopen a day, block or unblock a slot, set or reset seats. */
export type AvailabilityRequest =
  | { action: "close-day"; date: string; note: string | null }
  | { action: "reopen-day"; date: string }
  | { action: "block-slot"; date: string; time: string; note: string | null }
  | { action: "unblock-slot"; date: string; time: string }
  | { action: "set-seats"; date: string; time: string | null; seats: number }
  | { action: "reset-seats"; date: string; time: string | null };

export type AvailabilityAction = AvailabilityRequest["action"];

/** One change as the audit records it: the day or slot, and what it was and became ("open", "closed", "3 seats"). */
export interface AvailabilityChange {
  action: AvailabilityAction;
  date: string;
  /** Null for the whole day. */
  time: string | null;
  from: string;
  to: string;
}

/** An active booking on a day staff closed or a slot they blocked: listed, to cancel (the customer mailed) or keep. */
export interface HeldFitting {
  id: string;
  name: string;
  email: string;
  date: string;
  time: string;
}

/** One of staff's rules still to come: a day (closed, or its seats) or a slot (blocked, or its seats). */
export interface AvailabilityRule {
  date: string;
  /** Null: the whole day. */
  time: string | null;
  closed: boolean;
  note: string | null;
  seats: number | null;
  /** Active bookings on that day or slot now. */
  booked: number;
}

/** One of the next days at a glance: open, closed (Sunday, or by staff) and how full. */
export interface AvailabilityDay {
  date: string;
  closed: "sunday" | "staff" | null;
  note: string | null;
  booked: number;
  seats: number;
}

export interface AvailabilityOverview {
  today: string;
  days: AvailabilityDay[];
  rules: AvailabilityRule[];
  /** Bookings still held on closed days and blocked slots. */
  held: HeldFitting[];
}

export type AvailabilityOutcome =
  | { status: "changed"; change: AvailabilityChange; fittings: HeldFitting[] }
  | { status: "refused"; reason: "past" | "sunday" | "far" | "unchanged"; message: string };
