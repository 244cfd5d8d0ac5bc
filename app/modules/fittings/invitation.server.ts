import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { BRAND } from "~/lib/brand";
import { boutiqueAddress, type MailAttachment } from "~/modules/mail/mail.server";
import { slotEnd, slotStart } from "./availability.server";
import { vtimezone } from "./vtimezone.server";

/**
 * A Date whose local (server-zone) fields read as the boutique's wall clock:
 * with the event's `timezone` set, ical-generator writes `DTSTART;TZID=...`
 * from a Date's local getters. Safe for fitting slots (10 AM to 6 PM), which never fall in a
 * daylight-saving gap.
 */
function wallClock(date: string, time: string, plusMinutes = 0): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Date(year, month - 1, day, hours, minutes + plusMinutes, 0, 0);
}

/**
 * The calendar file mailed with a booking (METHOD:REQUEST), its reminder, a
 * move to another time (METHOD:REQUEST again, higher SEQUENCE) and its
 * cancellation (METHOD:CANCEL, higher SEQUENCE), all with the same UID, so a
 * calendar that accepted the first updates or removes that one event. Times are written
 * on the boutique's clock (`DTSTART;TZID=America/New_York:...`) with the
 * zone's VTIMEZONE block, made from the platform's time zone data.
 *
 * The calendar itself carries no time zone: ical-generator would then write
 * DTSTAMP on that zone's clock without the `Z` RFC 5545 §3.8.7.2 requires,
 * and X-WR-TIMEZONE a second time. The VTIMEZONE goes in before the event,
 * where RFC 5545 places a calendar's components.
 */
export function fittingInvitation(input: {
  appointmentId: string;
  date: string;
  time: string;
  timeZone: string;
  attendee: { name: string; email: string };
  organizerEmail: string;
  method: "request" | "cancel";
  /** The appointment's calendar_sequence: 0 when booked, one more with each reschedule or cancellation. */
  sequence: number;
  localWhen: string;
}): MailAttachment {
  const cancel = input.method === "cancel";
  const year = Number(input.date.slice(0, 4));
  const calendar = ical({
    prodId: { company: BRAND.fullName, product: "fittings", language: "EN" },
    name: `${BRAND.fullName} fittings`,
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.x([{ key: "X-WR-TIMEZONE", value: input.timeZone }]);
  const minutes =
    (slotEnd(input.date, input.time, input.timeZone).getTime() - slotStart(input.date, input.time, input.timeZone).getTime()) / 60_000;
  calendar.createEvent({
    id: `${input.appointmentId}@fittings.thehive`,
    sequence: input.sequence,
    timezone: input.timeZone,
    start: wallClock(input.date, input.time),
    end: wallClock(input.date, input.time, minutes),
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
    content: calendar.toString().replace("BEGIN:VEVENT\r\n", `${vtimezone(input.timeZone, [year - 1, year])}BEGIN:VEVENT\r\n`),
  };
}
