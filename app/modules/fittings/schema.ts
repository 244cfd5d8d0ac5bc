import * as z from "zod/mini";
import { optionalText, phoneField } from "~/lib/fields";
import { issuesToErrors, type FieldErrors } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";
import { isIsoDate, SLOT_TIMES } from "./fittings";

/** SPEC §5 and §8: the fitting form's words, exactly. */
export const FITTING_MESSAGES = {
  date: "Please select a date",
  contact: "Please fill in your name and email",
  failed: "Failed to book appointment. Please try again.",
  success: "Appointment booked!",
  /** Ours: the shopper who loses a race for the last place in a slot. */
  slotTaken: "Sorry, that time was just booked by someone else. Please choose another time.",
  dayClosed: "The fitting room is open Monday to Saturday. Please choose another date.",
  dayPast: "That date has passed. Please choose today or a later date.",
  slotStarted: "That time has already started today. Please choose a later time or another date.",
  alreadyBooked: "You already have a fitting booked at that time.",
  time: "Please choose a time",
} as const;

/** A date field ('YYYY-MM-DD', a real day), trimmed, with the form's own message. */
export function fittingDate(message: string) {
  return z.string({ error: message }).check(
    z.trim(),
    z.refine((value: string) => isIsoDate(value), message),
  );
}

/**
 * The booking form, used by the route's action and by the form before it
 * posts. The date comes first so its message is the one shown first, as in
 * SPEC; `website` is a honeypot that people never see and bots fill in.
 */
export const fittingBookingSchema = z.object({
  date: fittingDate(FITTING_MESSAGES.date),
  name: z
    .string({ error: FITTING_MESSAGES.contact })
    .check(z.trim(), z.minLength(1, FITTING_MESSAGES.contact), z.maxLength(100, "Name must be less than 100 characters")),
  email: z.pipe(
    z
      .string({ error: FITTING_MESSAGES.contact })
      .check(z.trim(), z.minLength(1, FITTING_MESSAGES.contact), z.maxLength(255, "Email must be less than 255 characters")),
    z.email("Invalid email address"),
  ),
  phone: phoneField,
  time: z.enum(SLOT_TIMES, { error: FITTING_MESSAGES.time }),
  notes: optionalText({
    max: [1000, "Notes must be less than 1000 characters"],
    multiline: true,
    invalid: "Notes contain characters that are not allowed",
  }),
  website: z.optional(z.string()),
});

export type FittingBooking = z.output<typeof fittingBookingSchema>;

/** The first message of a failed parse, the one the toast shows. */
export function firstFittingMessage(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? FITTING_MESSAGES.failed;
}

/** The schema's messages by field, the shared form helper's way. */
export function fittingFieldErrors(error: z.core.$ZodError): FieldErrors {
  return issuesToErrors(error.issues).fieldErrors;
}

/** A form naming a fitting that is gone; staff-schema.ts's STAFF_MESSAGES reuses it. */
export const APPOINTMENT_NOT_FOUND = "That appointment no longer exists.";

const appointmentId = z.string({ error: APPOINTMENT_NOT_FOUND }).check(
  z.trim(),
  z.refine((value: string) => isUuid(value), APPOINTMENT_NOT_FOUND),
);

/** The dashboard's reschedule dialog: which booking, and the new date and time (judged again by the server). */
export const fittingRescheduleSchema = z.object({
  id: appointmentId,
  date: fittingDate(FITTING_MESSAGES.date),
  time: z.enum(SLOT_TIMES, { error: FITTING_MESSAGES.time }),
});

/** The dashboard's cancel question: which booking. */
export const fittingStaffCancelSchema = z.object({ id: appointmentId });

/**
 * The shopper moving or cancelling her own fitting (from her account or the
 * link in her mail): the answers, in the booking form's manner. A slot taken
 * meanwhile answers with the booking form's own words (FITTING_MESSAGES).
 */
export const SHOPPER_CHANGE_MESSAGES = {
  rescheduled: "Your fitting has been moved",
  rescheduledDescription: (when: string) => `See you on ${when}. The updated invitation is on its way to your inbox.`,
  rescheduleFailed: "Failed to reschedule your fitting. Please try again.",
  cancelled: "Your fitting is cancelled",
  cancelledDescription: (when: string) => `Your fitting on ${when} is cancelled. A confirmation is on its way to your inbox.`,
  cancelFailed: "Failed to cancel your fitting. Please try again.",
  notFound: "We could not find that fitting.",
  cancelledAlready: "This fitting was cancelled, so it can no longer be changed.",
  over: "This fitting has already taken place, so it can no longer be changed.",
  same: "Your fitting is already at that time. Please choose another time.",
  changed: (when: string) => `This fitting was already changed and is now on ${when}. Nothing more was changed.`,
} as const;

/** The calendar sequence the shopper's page showed: a whole number from 0. */
const calendarSequence = z.coerce.number({ error: SHOPPER_CHANGE_MESSAGES.notFound }).check(
  z.refine((value: number) => Number.isSafeInteger(value), SHOPPER_CHANGE_MESSAGES.notFound),
  z.minimum(0, SHOPPER_CHANGE_MESSAGES.notFound),
);

/** The shopper's reschedule form: the booking, the calendar sequence she saw (a second post of the same form changes nothing), the new slot. */
export const shopperRescheduleSchema = z.extend(fittingRescheduleSchema, { sequence: calendarSequence });

/** The same form on the page her mail links to, where the link's token names the booking. */
export const linkRescheduleSchema = z.omit(shopperRescheduleSchema, { id: true });

/** The shopper's cancel question from her account: which booking, at the sequence she saw. */
export const shopperCancelSchema = z.object({
  id: appointmentId,
  sequence: calendarSequence,
});
