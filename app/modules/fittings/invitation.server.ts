import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { BRAND } from "~/lib/brand";
import { boutiqueAddress, type MailAttachment } from "~/modules/mail/mail.server";
import { slotEnd, slotStart } from "./availability.server";

/**
 * The calendar file mailed with a booking (METHOD:REQUEST) and with its
 * cancellation (METHOD:CANCEL, same UID, higher SEQUENCE), so a calendar that
 * accepted the first removes the event on the second. Times are written in
 * UTC, which every client converts to its reader's clock; the boutique's
 * zone is named in the description and as X-WR-TIMEZONE.
 */
export function fittingInvitation(input: {
  appointmentId: string;
  date: string;
  time: string;
  timeZone: string;
  attendee: { name: string; email: string };
  organizerEmail: string;
  method: "request" | "cancel";
  localWhen: string;
}): MailAttachment {
  const cancel = input.method === "cancel";
  const calendar = ical({
    prodId: { company: BRAND.fullName, product: "fittings", language: "EN" },
    name: `${BRAND.fullName} fittings`,
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // Named for clients that show it; the times themselves are UTC (a zone set on
  // the calendar without a VTIMEZONE block would make them floating).
  calendar.x([{ key: "X-WR-TIMEZONE", value: input.timeZone }]);
  calendar.createEvent({
    id: `${input.appointmentId}@fittings.thehive`,
    sequence: cancel ? 1 : 0,
    start: slotStart(input.date, input.time, input.timeZone),
    end: slotEnd(input.date, input.time, input.timeZone),
    stamp: new Date(),
    summary: `Fitting at ${BRAND.fullName}`,
    description: `Your fitting appointment, ${input.localWhen} (${input.timeZone}). ${BRAND.phone}`,
    location: `${BRAND.fullName}, ${boutiqueAddress()}`,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: BRAND.fullName, email: input.organizerEmail },
    attendees: [{ name: input.attendee.name, email: input.attendee.email, rsvp: false }],
  });
  return {
    filename: cancel ? "fitting-cancelled.ics" : "fitting.ics",
    contentType: `text/calendar; charset=utf-8; method=${cancel ? "CANCEL" : "REQUEST"}`,
    content: calendar.toString(),
  };
}
