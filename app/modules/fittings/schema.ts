import { z } from "zod";
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

/**
 * The booking form, used by the route's action and by the form before it
 * posts. The date comes first so its message is the one shown first, as in
 * SPEC; `website` is a honeypot that people never see and bots fill in.
 */
export const fittingBookingSchema = z.object({
  date: z
    .string({ error: FITTING_MESSAGES.date })
    .trim()
    .refine((value) => isIsoDate(value), FITTING_MESSAGES.date),
  name: z
    .string({ error: FITTING_MESSAGES.contact })
    .trim()
    .min(1, FITTING_MESSAGES.contact)
    .max(100, "Name must be less than 100 characters"),
  email: z
    .string({ error: FITTING_MESSAGES.contact })
    .trim()
    .min(1, FITTING_MESSAGES.contact)
    .max(255, "Email must be less than 255 characters")
    .pipe(z.email("Invalid email address")),
  phone: phoneField,
  time: z.enum(SLOT_TIMES, { error: FITTING_MESSAGES.time }),
  notes: optionalText({
    max: [1000, "Notes must be less than 1000 characters"],
    multiline: true,
    invalid: "Notes contain characters that are not allowed",
  }),
  website: z.string().optional(),
});

export type FittingBooking = z.output<typeof fittingBookingSchema>;

/** The first message of a failed parse, the one the toast shows. */
export function firstFittingMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? FITTING_MESSAGES.failed;
}

/** The schema's messages by field, the shared form helper's way. */
export function fittingFieldErrors(error: z.ZodError): FieldErrors {
  return issuesToErrors(error.issues).fieldErrors;
}

/** Staff moving or cancelling a fitting from the admin dashboard: toasts in SPEC §8's manner, and why a change is refused. */
export const STAFF_MESSAGES = {
  rescheduled: "Appointment rescheduled successfully",
  rescheduleFailed: "Failed to reschedule appointment",
  cancelled: "Appointment cancelled successfully",
  cancelFailed: "Failed to cancel appointment",
  notFound: "That appointment no longer exists.",
  inactive: (status: string) => `This appointment is ${status} and can no longer be changed.`,
  same: "The fitting is already at that time. Please choose another time.",
  full: "That time is fully booked. Please choose another time.",
  duplicate: "The customer already has another fitting at that time.",
} as const;

const appointmentId = z
  .string({ error: STAFF_MESSAGES.notFound })
  .trim()
  .refine((value) => isUuid(value), STAFF_MESSAGES.notFound);

/** The dashboard's reschedule dialog: which booking, and the new date and time (judged again by the server). */
export const fittingRescheduleSchema = z.object({
  id: appointmentId,
  date: z
    .string({ error: FITTING_MESSAGES.date })
    .trim()
    .refine((value) => isIsoDate(value), FITTING_MESSAGES.date),
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

/** The shopper's reschedule form: the booking, the calendar sequence she saw (a second post of the same form changes nothing), the new slot. */
export const shopperRescheduleSchema = fittingRescheduleSchema.extend({
  sequence: z.coerce.number({ error: SHOPPER_CHANGE_MESSAGES.notFound }).int().min(0),
});

/** The shopper's cancel question from her account: which booking, at the sequence she saw. */
export const shopperCancelSchema = z.object({
  id: appointmentId,
  sequence: z.coerce.number({ error: SHOPPER_CHANGE_MESSAGES.notFound }).int().min(0),
});

/** /admin/availability (issue 26): why a change is refused, and what each change answers. */
export const AVAILABILITY_MESSAGES = {
  date: "Please choose a date",
  past: "That date has passed. Please choose today or a later date.",
  sunday: "The fitting room is always closed on Sundays. Please choose another date.",
  far: "Please choose a date within the next two years.",
  time: "Please choose one of the fitting times",
  dayOrTime: "Please choose the whole day or one of the fitting times",
  seats: "Seats must be a whole number from 1 to 100",
  note: "Note must be less than 200 characters",
  noteInvalid: "Note contains characters that are not allowed",
  fittings: "Please choose which fittings to cancel",
  notClosed: "That day is not closed.",
  notBlocked: "That time is not blocked.",
  usualSeats: "Those seats are already the usual number.",
  closedDay: "The fitting room is closed on that day. Please choose another date.",
  blockedSlot: "That time is not available. Please choose another time.",
  failed: "Failed to change availability. Please try again.",
} as const;

const availabilityDate = z
  .string({ error: AVAILABILITY_MESSAGES.date })
  .trim()
  .refine((value) => isIsoDate(value), AVAILABILITY_MESSAGES.date);
const availabilityTime = z.enum(SLOT_TIMES, { error: AVAILABILITY_MESSAGES.time });
/** A slot, or "" for the whole day (null). */
const dayOrTime = z
  .union([z.literal(""), z.enum(SLOT_TIMES)], { error: AVAILABILITY_MESSAGES.dayOrTime })
  .optional()
  .transform((value) => (value ? value : null));
const availabilityNote = optionalText({
  max: [200, AVAILABILITY_MESSAGES.note],
  invalid: AVAILABILITY_MESSAGES.noteInvalid,
});
const seatCount = z
  .string({ error: AVAILABILITY_MESSAGES.seats })
  .trim()
  .regex(/^\d{1,3}$/, AVAILABILITY_MESSAGES.seats)
  .transform(Number)
  .refine((value) => value >= 1 && value <= 100, AVAILABILITY_MESSAGES.seats);

/** Every form of /admin/availability, told apart by its `intent`; the route answers a failure beside its fields. */
export const availabilitySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("close-day"), date: availabilityDate, note: availabilityNote }),
  z.object({ intent: z.literal("reopen-day"), date: availabilityDate }),
  z.object({ intent: z.literal("block-slot"), date: availabilityDate, time: availabilityTime, note: availabilityNote }),
  z.object({ intent: z.literal("unblock-slot"), date: availabilityDate, time: availabilityTime }),
  z.object({ intent: z.literal("set-seats"), date: availabilityDate, time: dayOrTime, seats: seatCount }),
  z.object({ intent: z.literal("reset-seats"), date: availabilityDate, time: dayOrTime }),
]);

/** The question after a close or a block: cancel the listed fittings (each customer mailed), or keep them. */
export const heldFittingsSchema = z.object({
  intent: z.enum(["cancel-fittings", "keep-fittings"]),
  date: availabilityDate,
  id: z
    .union([z.string(), z.array(z.string())], { error: AVAILABILITY_MESSAGES.fittings })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().refine((value) => isUuid(value), AVAILABILITY_MESSAGES.fittings))
        .min(1)
        .max(200),
    ),
});
