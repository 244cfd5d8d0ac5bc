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
  | { status: "refused"; reason: "closed" | "past" | "started" | "beyond" | "full" | "duplicate"; message: string };

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
