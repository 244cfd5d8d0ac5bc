import ICAL from "ical.js";
import { expect } from "vitest";

/**
 * An invitation (.ics) read strictly with ical.js, a maintained iCalendar
 * parser: its parse throws on any line RFC 5545's grammar refuses; then what
 * the grammar alone cannot say is checked against RFC 5545 itself:
 * - no property a component may hold once (§3.6, §3.6.1, §3.6.5) appears twice;
 * - the required ones are there (VERSION, PRODID; UID, DTSTAMP, DTSTART);
 * - DTSTAMP is a UTC time, written with 'Z' (§3.8.7.2);
 * - every TZID a time names has its VTIMEZONE in the file (§3.2.19).
 * Answers the event, with its start and end as instants.
 */

// RFC 5545: properties that "MUST NOT occur more than once" in each component.
const ONCE: Record<string, readonly string[]> = {
  vcalendar: ["prodid", "version", "calscale", "method"],
  vevent: [
    "dtstamp",
    "uid",
    "dtstart",
    "class",
    "created",
    "description",
    "geo",
    "last-modified",
    "location",
    "organizer",
    "priority",
    "sequence",
    "status",
    "summary",
    "transp",
    "url",
    "recurrence-id",
    "dtend",
    "duration",
  ],
  vtimezone: ["tzid", "last-modified", "tzurl"],
  standard: ["dtstart", "tzoffsetto", "tzoffsetfrom"],
  daylight: ["dtstart", "tzoffsetto", "tzoffsetfrom"],
};
const REQUIRED: Record<string, readonly string[]> = {
  vcalendar: ["prodid", "version"],
  vevent: ["uid", "dtstamp", "dtstart"],
  vtimezone: ["tzid"],
  standard: ["dtstart", "tzoffsetto", "tzoffsetfrom"],
  daylight: ["dtstart", "tzoffsetto", "tzoffsetfrom"],
};

function checkComponent(component: ICAL.Component, problems: string[]) {
  const names = component.getAllProperties().map((p) => p.name);
  for (const name of ONCE[component.name] ?? []) {
    const count = names.filter((n) => n === name).length;
    if (count > 1) problems.push(`${component.name.toUpperCase()} has ${count} × ${name.toUpperCase()}`);
  }
  for (const name of REQUIRED[component.name] ?? []) {
    if (!names.includes(name)) problems.push(`${component.name.toUpperCase()} has no ${name.toUpperCase()}`);
  }
  for (const child of component.getAllSubcomponents()) checkComponent(child, problems);
}

export function readIcsStrictly(text: string) {
  expect(text.includes("\r\n"), "lines end in CRLF").toBe(true);
  expect(/(^|[^\r])\n/.test(text), "no bare LF").toBe(false);
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  expect(calendar.name).toBe("vcalendar");
  const problems: string[] = [];
  checkComponent(calendar, problems);
  expect(problems).toEqual([]);
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");

  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  // DTSTAMP in UTC: ical.js reads a trailing 'Z' as the UTC zone; the raw line shows it too.
  const stamp = vevent.getFirstPropertyValue("dtstamp") as ICAL.Time;
  expect(stamp.zone?.tzid).toBe("UTC");
  expect(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/.test(text), "DTSTAMP written as UTC with Z").toBe(true);

  // Each TZID used has its VTIMEZONE here; register them so times resolve to instants.
  const zones = new Map(calendar.getAllSubcomponents("vtimezone").map((z) => [String(z.getFirstPropertyValue("tzid")), z]));
  const named = ["dtstart", "dtend"].map((name) => vevent.getFirstProperty(name)?.getParameter("tzid"));
  expect(named.filter((tzid) => typeof tzid === "string" && !zones.has(tzid))).toEqual([]);
  for (const zone of zones.values()) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(vevent);
  return {
    calendar,
    event,
    method: calendar.getFirstPropertyValue("method") as string | null,
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue("status") as string | null,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
  };
}
