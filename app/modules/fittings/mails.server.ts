// The fitting mails: the confirmation, the reminder, a reschedule and a
// cancellation. Each carries the booking's invitation (.ics) at its current
// calendar sequence; all but the cancellation carry the link to the page
// where she reschedules or cancels it.
import { BRAND } from "~/lib/brand";
import { formatDateTime, formatDay, formatSlot, formatTimeOfDay } from "~/lib/format";
import type { SignedTokens } from "~/lib/signed-token.server";
import { dashboardDetailsUrl } from "~/modules/admin/admin";
import { boutiqueAddress, brandedMail, staffNotice, type MailMessage, type StaffNoticeSettings } from "~/modules/mail/mail.server";
import { cancelUrl } from "./cancel-links.server";
import { fittingInvitation } from "./invitation.server";
import type { Appointment } from "./types";

const CONFIRMATION_MAIL_KIND = "fitting-confirmation";
const CANCELLATION_MAIL_KIND = "fitting-cancellation";
const REMINDER_MAIL_KIND = "fitting-reminder";
const RESCHEDULE_MAIL_KIND = "fitting-rescheduled";
const STAFF_NEW_FITTING_MAIL_KIND = "staff-new-fitting";
const STAFF_CUSTOMER_CANCELLED_MAIL_KIND = "staff-fitting-cancelled";

/** Where a mail's cancel link points, and the boutique's zone its invitation is written in. */
interface FittingMailOptions {
  appUrl: string;
  tokens: SignedTokens;
  timeZone: string;
}

/** 'Saturday, June 12, 2027 at 10:00 AM': SPEC's dates and 12-hour times, never '2027-06-12'. */
function describeSlot(date: string, time: string): string {
  return formatSlot(date, time);
}

/** The .ics every fitting mail carries (the booking itself, or its cancellation); the confirmation panel's "Add to calendar" serves the same. */
export function invitationOf(appointment: Appointment, timeZone: string, method: "request" | "cancel") {
  return fittingInvitation({
    appointmentId: appointment.id,
    date: appointment.preferredDate,
    time: appointment.preferredTime,
    timeZone,
    attendee: { name: appointment.name, email: appointment.email },
    organizerEmail: BRAND.email,
    method,
    sequence: appointment.calendarSequence,
    localWhen: describeSlot(appointment.preferredDate, appointment.preferredTime),
  });
}

/** Date, time and place of a fitting, as a mail's details block. */
function slotDetails(appointment: Appointment) {
  return {
    kind: "details" as const,
    rows: [
      { label: "Date", value: formatDay(appointment.preferredDate, "weekday") },
      { label: "Time", value: formatTimeOfDay(appointment.preferredTime) },
      { label: "Where", value: boutiqueAddress() },
    ],
  };
}

export function confirmationMail(appointment: Appointment, options: FittingMailOptions): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: CONFIRMATION_MAIL_KIND,
    to: appointment.email,
    subject: `Your fitting on ${when}`,
    preheader: `We look forward to seeing you on ${when}. The invitation is attached.`,
    blocks: [
      { kind: "heading", text: "Your fitting is booked" },
      {
        kind: "paragraph",
        text: `Dear ${appointment.name}, thank you for booking a fitting at ${BRAND.fullName}. We look forward to seeing you.`,
      },
      slotDetails(appointment),
      { kind: "paragraph", text: "Add the attached invitation to your calendar. You are welcome to bring up to 2 guests." },
      { kind: "button", label: "Reschedule or cancel", url: cancelUrl(appointment, options) },
      { kind: "note", text: `Need to change the time? Choose another with the link above, or call us on ${BRAND.phone}.` },
    ],
    attachments: [invitationOf(appointment, options.timeZone, "request")],
  });
}

export function cancellationMail(appointment: Appointment, timeZone: string, by: "shopper" | "staff" = "shopper"): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: CANCELLATION_MAIL_KIND,
    to: appointment.email,
    subject: `Your fitting on ${when} is cancelled`,
    preheader: "Your fitting is cancelled. We hope to see you another time.",
    blocks: [
      { kind: "heading", text: "Your fitting is cancelled" },
      by === "staff"
        ? {
            kind: "paragraph",
            text: `Dear ${appointment.name}, we are sorry to let you know that your fitting on ${when} at ${BRAND.fullName} has been cancelled.`,
          }
        : { kind: "paragraph", text: `Dear ${appointment.name}, your fitting on ${when} is cancelled and the time has been freed.` },
      { kind: "paragraph", text: `Whenever you are ready, book another fitting on our website or call us on ${BRAND.phone}.` },
      ...(by === "staff" ? [{ kind: "note" as const, text: "The attached update removes the fitting from your calendar." }] : []),
    ],
    attachments: [invitationOf(appointment, timeZone, "cancel")],
  });
}

export function rescheduledMail(
  { appointment, from }: { appointment: Appointment; from: { date: string; time: string } },
  options: FittingMailOptions,
): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: RESCHEDULE_MAIL_KIND,
    to: appointment.email,
    subject: `Your fitting has moved to ${when}`,
    preheader: `Your fitting is now on ${when}. The updated invitation is attached.`,
    blocks: [
      { kind: "heading", text: "Your fitting has moved" },
      {
        kind: "paragraph",
        text: `Dear ${appointment.name}, your fitting at ${BRAND.fullName} has moved from ${describeSlot(from.date, from.time)} to a new time. We look forward to seeing you.`,
      },
      slotDetails(appointment),
      { kind: "paragraph", text: "The attached invitation updates the fitting in your calendar. You are welcome to bring up to 2 guests." },
      { kind: "button", label: "Reschedule or cancel", url: cancelUrl(appointment, options) },
      { kind: "note", text: `Does the new time not suit you? Choose another with the link above, or call us on ${BRAND.phone}.` },
    ],
    attachments: [invitationOf(appointment, options.timeZone, "request")],
  });
}

export function reminderMail(appointment: Appointment, options: FittingMailOptions): MailMessage {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return brandedMail({
    kind: REMINDER_MAIL_KIND,
    to: appointment.email,
    subject: `Reminder: your fitting on ${when}`,
    preheader: `We look forward to seeing you on ${when}.`,
    blocks: [
      { kind: "heading", text: "See you soon" },
      {
        kind: "paragraph",
        text: `Dear ${appointment.name}, this is a reminder of your fitting at ${BRAND.fullName}. We look forward to seeing you.`,
      },
      slotDetails(appointment),
      { kind: "paragraph", text: "Bring the shoes and undergarments you plan to wear. You are welcome to bring up to 2 guests." },
      { kind: "button", label: "Reschedule or cancel", url: cancelUrl(appointment, options) },
      { kind: "note", text: `Running late? Call us on ${BRAND.phone}.` },
    ],
    attachments: [invitationOf(appointment, options.timeZone, "request")],
  });
}

/** What a staff notice of a fitting needs: the inbox and STAFF_NOTIFICATIONS, the boutique's clock, and where the dashboard is. */
export interface FittingNoticeOptions {
  settings: StaffNoticeSettings & { BOUTIQUE_TIME_ZONE: string };
  appUrl: string;
  now?: Date;
}

/** The fitting as staff read it in a notice: who and when (the boutique's wall clock). */
function fittingFacts(appointment: Appointment) {
  return [
    { label: "Name", value: appointment.name },
    { label: "Email", value: appointment.email },
    ...(appointment.phone ? [{ label: "Phone", value: appointment.phone }] : []),
    { label: "Date", value: formatDay(appointment.preferredDate, "weekday") },
    { label: "Time", value: formatTimeOfDay(appointment.preferredTime) },
  ];
}

const notesBlocks = (appointment: Appointment) => (appointment.notes ? [{ kind: "paragraph" as const, text: appointment.notes }] : []);

/** To the boutique: a shopper booked a fitting (null when STAFF_NOTIFICATIONS leaves fittings out). */
export function newFittingNotice(appointment: Appointment, options: FittingNoticeOptions): MailMessage | null {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return staffNotice(options.settings, {
    topic: "fittings",
    kind: STAFF_NEW_FITTING_MAIL_KIND,
    subject: `New fitting: ${appointment.name} on ${when}`,
    preheader: `${appointment.name} booked a fitting on ${when}.`,
    heading: "New fitting booked",
    rows: [
      ...fittingFacts(appointment),
      { label: "Booked", value: formatDateTime(appointment.createdAt, options.settings.BOUTIQUE_TIME_ZONE) },
    ],
    blocks: notesBlocks(appointment),
    detailsUrl: dashboardDetailsUrl(options.appUrl, "appointments", appointment.id),
  });
}

/** To the boutique: the customer cancelled the fitting themselves, from the account or the mail's link (null when left out). */
export function customerCancelledNotice(appointment: Appointment, options: FittingNoticeOptions): MailMessage | null {
  const when = describeSlot(appointment.preferredDate, appointment.preferredTime);
  return staffNotice(options.settings, {
    topic: "fittings",
    kind: STAFF_CUSTOMER_CANCELLED_MAIL_KIND,
    subject: `Fitting cancelled by ${appointment.name}: ${when}`,
    preheader: `${appointment.name} cancelled their fitting on ${when}; the time is free again.`,
    heading: "A customer cancelled a fitting",
    rows: [
      ...fittingFacts(appointment),
      { label: "Cancelled", value: formatDateTime(options.now ?? new Date(), options.settings.BOUTIQUE_TIME_ZONE) },
    ],
    blocks: [{ kind: "paragraph", text: "The time is free again for another booking." }],
    detailsUrl: dashboardDetailsUrl(options.appUrl, "appointments", appointment.id),
  });
}
