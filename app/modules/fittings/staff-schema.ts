import * as z from "zod/mini";
import { optionalText } from "~/lib/fields";
import { isUuid } from "~/lib/uuid";
import { SLOT_TIMES } from "./fittings";
import { APPOINTMENT_NOT_FOUND, fittingDate } from "./schema";

// The staff console's forms (docs/architecture.md): apart from schema.ts, so the shopper's pages do not load them.
// Only actions and server modules import this file (eslint.config.js says so). Schemas built at a module's top level
// are never tree-shaken, so a component importing anything from here brings every schema below to the browser, and
// zod's array and union code into the forms chunk every form page loads (1.2 KB gzip).

/** Staff moving or cancelling a fitting from the admin dashboard: toasts in SPEC §8's manner, and why a change is refused. */
export const STAFF_MESSAGES = {
  rescheduled: "Appointment rescheduled successfully",
  rescheduleFailed: "Failed to reschedule appointment",
  cancelled: "Appointment cancelled successfully",
  cancelFailed: "Failed to cancel appointment",
  notFound: APPOINTMENT_NOT_FOUND,
  inactive: (status: string) => `This appointment is ${status} and can no longer be changed.`,
  same: "The fitting is already at that time. Please choose another time.",
  full: "That time is fully booked. Please choose another time.",
  duplicate: "The customer already has another fitting at that time.",
} as const;

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

const availabilityDate = fittingDate(AVAILABILITY_MESSAGES.date);
const availabilityTime = z.enum(SLOT_TIMES, { error: AVAILABILITY_MESSAGES.time });
/** A slot, or "" for the whole day (null). */
const dayOrTime = z.pipe(
  z.optional(z.union([z.literal(""), z.enum(SLOT_TIMES)], { error: AVAILABILITY_MESSAGES.dayOrTime })),
  z.transform((value: (typeof SLOT_TIMES)[number] | "" | undefined) => (value ? value : null)),
);
const availabilityNote = optionalText({
  max: [200, AVAILABILITY_MESSAGES.note],
  invalid: AVAILABILITY_MESSAGES.noteInvalid,
});
const seatCount = z
  .pipe(
    z.string({ error: AVAILABILITY_MESSAGES.seats }).check(z.trim(), z.regex(/^\d{1,3}$/, AVAILABILITY_MESSAGES.seats)),
    z.transform((value: string) => Number(value)),
  )
  .check(z.refine((value: number) => value >= 1 && value <= 100, AVAILABILITY_MESSAGES.seats));

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
  id: z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.string())], { error: AVAILABILITY_MESSAGES.fittings }),
      z.transform((value: string | string[]) => (Array.isArray(value) ? value : [value])),
    ),
    z
      .array(z.string().check(z.refine((value: string) => isUuid(value), AVAILABILITY_MESSAGES.fittings)))
      .check(z.minLength(1), z.maxLength(200)),
  ),
});
