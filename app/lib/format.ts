import { tzOffset } from "@date-fns/tz";
import type { Money } from "./money";

// Every price, date, time and file size a person reads is written here, and only here (DESIGN principle 7), in the one
// locale we print (en-US). Written out by hand, not with Intl: a page's first Intl formatter costs the browser's
// main thread 30-60 ms on a slow phone (ICU loads its data), and the same code must print the same text on the
// server and in the browser, or hydration fails.
//
// Dates come in three kinds, each with its own functions:
// - a calendar day, 'YYYY-MM-DD' (an event date, a fitting's day, a journal date): a day already, no zone needed;
// - a time on the boutique's wall clock, a day and 'HH:MM' (a fitting slot): also no zone needed;
// - an instant (a Date or an ISO timestamp: when a request came in, a mail went): read on the clock of the IANA
//   zone given, the boutique's BOUTIQUE_TIME_ZONE, with @date-fns/tz (which asks the platform's zone data for the
//   offset; only these functions do).
// The long style is SPEC's: "Tuesday, December 1, 2026 at 2:00 PM", "June 12, 2027"; tables may use the short
// one: "Dec 1, 2026, 2:00 PM".

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** 1234567 → "1,234,567". */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * An amount in whole cents, rounded as en-US formatting rounds: half away from zero, on the number's shortest
 * decimal form (1.005 is "1.005", so 1.01), not on its binary value (a little under 1.005).
 */
function wholeCents(amount: number): number {
  const text = String(amount);
  if (text.includes("e")) return Math.round(amount * 100);
  const [whole = "0", fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return fraction.length > 2 && fraction[2]! >= "5" ? cents + 1 : cents;
}

/**
 * SPEC §9: "currency code plus dollar sign plus 2 decimals", e.g. "USD $1,249.00".
 * The Storefront API sends amounts as decimal strings ("1249.0"). Rounded to the
 * cent as en-US number formatting rounds.
 */
export function formatPrice(money: Money): string {
  const amount = Number(money.amount);
  if (money.amount.trim() === "" || !Number.isFinite(amount)) {
    throw new TypeError(`formatPrice: "${money.amount}" is not an amount`);
  }
  const cents = wholeCents(Math.abs(amount));
  const sign = amount < 0 ? "-" : "";
  return `${money.currencyCode} $${sign}${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** A calendar day's look: "June 12, 2027", "Saturday, June 12, 2027", "Jun 12, 2027", "Jun 12", "June 2027". */
export type DayStyle = "long" | "weekday" | "short" | "month-day" | "month-year";
/** A date and time's look: "Tuesday, December 1, 2026 at 2:00 PM" or, in a table, "Dec 1, 2026, 2:00 PM". */
export type DateTimeStyle = "long" | "short";

const INVALID = "Invalid Date";
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** A day and time as a clock on the wall shows it; month 1-12. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** An instant's wall clock in a zone, with the seconds and the zone's offset then (minutes east of UTC). */
interface ZonedClock extends WallClock {
  second: number;
  offset: number;
}

/** The parts of a real calendar date, or null (2026-02-30 is not one). */
function dayParts(isoDate: string): Pick<WallClock, "year" | "month" | "day"> | null {
  const match = ISO_DAY.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day ? { year, month, day } : null;
}

function writeDay({ year, month, day }: Pick<WallClock, "year" | "month" | "day">, style: DayStyle): string {
  const name = MONTH_NAMES[month - 1]!;
  switch (style) {
    case "long":
      return `${name} ${day}, ${year}`;
    case "weekday":
      return `${WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}, ${name} ${day}, ${year}`;
    case "short":
      return `${name.slice(0, 3)} ${day}, ${year}`;
    case "month-day":
      return `${name.slice(0, 3)} ${day}`;
    case "month-year":
      return `${name} ${year}`;
  }
}

/** 14, 5 → "2:05 PM". */
function writeTime(hour: number, minute: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

function writeWallClock(clock: WallClock, style: DateTimeStyle): string {
  return style === "long"
    ? `${writeDay(clock, "weekday")} at ${writeTime(clock.hour, clock.minute)}`
    : `${writeDay(clock, "short")}, ${writeTime(clock.hour, clock.minute)}`;
}

// Offsets change only at a zone's transitions, which fall on a quarter hour: a quarter hour whose start and end
// share an offset is remembered, so writing a million timestamps (the CSV export) asks the zone data rarely.
const QUARTER_HOUR = 900_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC at `time`, in minutes east (-300 for New York in winter); NaN for no such zone. */
function offsetAt(time: number, timeZone: string): number {
  const slice = Math.floor(time / QUARTER_HOUR);
  const key = `${timeZone}|${slice}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const start = tzOffset(timeZone, new Date(slice * QUARTER_HOUR));
  const end = tzOffset(timeZone, new Date((slice + 1) * QUARTER_HOUR - 1));
  if (start !== end) return tzOffset(timeZone, new Date(time));
  if (offsets.size >= 4096) offsets.clear();
  offsets.set(key, start);
  return start;
}

/** An instant on a zone's clock, or null for a time that is not one (or a zone that is not one). */
function inZone(at: Date | string, timeZone: string): ZonedClock | null {
  const time = typeof at === "string" ? Date.parse(at) : at.getTime();
  if (Number.isNaN(time)) return null;
  const offset = offsetAt(time, timeZone);
  if (Number.isNaN(offset)) return null;
  // The wall clock is the instant moved by the offset, read as if it were UTC.
  const wall = new Date(time + offset * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    offset,
  };
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const isoDay = ({ year, month, day }: Pick<WallClock, "year" | "month" | "day">) =>
  `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;

// --- calendar days and the boutique's wall clock -----------------------------------------------------------------

/** A calendar day, 'YYYY-MM-DD', as people read it: "June 12, 2027" (SPEC's), or another `DayStyle`. */
export function formatDay(isoDate: string, style: DayStyle = "long"): string {
  const parts = dayParts(isoDate);
  return parts ? writeDay(parts, style) : INVALID;
}

/** A time on the wall clock, 24-hour 'HH:MM': "14:00" → "2:00 PM" (SPEC §5's slot labels). */
export function formatTimeOfDay(time: string): string {
  const match = CLOCK.exec(time);
  return match ? writeTime(Number(match[1]), Number(match[2])) : INVALID;
}

/** A day and time on the boutique's wall clock (a fitting slot): "Tuesday, December 1, 2026 at 2:00 PM". */
export function formatSlot(isoDate: string, time: string, style: DateTimeStyle = "long"): string {
  const parts = dayParts(isoDate);
  const match = CLOCK.exec(time);
  if (!parts || !match) return INVALID;
  return writeWallClock({ ...parts, hour: Number(match[1]), minute: Number(match[2]) }, style);
}

// --- instants, on a time zone's clock ----------------------------------------------------------------------------

/** When something happened, on `timeZone`'s clock: "Tuesday, December 1, 2026 at 2:00 PM" or "Dec 1, 2026, 2:00 PM". */
export function formatDateTime(at: Date | string, timeZone: string, style: DateTimeStyle = "long"): string {
  const local = inZone(at, timeZone);
  return local ? writeWallClock(local, style) : INVALID;
}

/** The day something happened, on `timeZone`'s clock: "December 1, 2026" or "Dec 1, 2026". */
export function formatDate(at: Date | string, timeZone: string, style: "long" | "short" = "long"): string {
  const local = inZone(at, timeZone);
  return local ? writeDay(local, style) : INVALID;
}

/** The calendar day an instant falls on, on `timeZone`'s clock, 'YYYY-MM-DD': the boutique's "today". */
export function isoDateIn(at: Date | string, timeZone: string): string {
  const local = inZone(at, timeZone);
  if (!local) throw new RangeError(`isoDateIn: no date for ${String(at)} in ${timeZone}`);
  return isoDay(local);
}

/**
 * An instant in ISO 8601 on `timeZone`'s clock, to the second, with that clock's offset:
 * "2026-12-01T14:00:00-05:00". A spreadsheet reads it as a date; a person reads the boutique's time.
 */
export function isoDateTimeIn(at: Date | string, timeZone: string): string {
  const local = inZone(at, timeZone);
  if (!local) throw new RangeError(`isoDateTimeIn: no time for ${String(at)} in ${timeZone}`);
  // Whole minutes: only a zone's local mean time of the 1800s had seconds in its offset.
  const offset = Math.round(Math.abs(local.offset));
  const clock = `${pad2(local.hour)}:${pad2(local.minute)}:${pad2(local.second)}`;
  return `${isoDay(local)}T${clock}${local.offset < 0 ? "-" : "+"}${pad2(Math.floor(offset / 60))}:${pad2(offset % 60)}`;
}

/**
 * A time on the boutique's wall clock (a fitting slot: a day and 'HH:MM') as the instant it names, in ISO 8601 with
 * `timeZone`'s offset then: "2026-12-01", "14:00" → "2026-12-01T14:00:00-05:00". A time that a spring-forward skips
 * (2:30 AM on the day the clocks jump) is read with the offset before the jump, as a wall clock would show it after.
 */
export function isoSlotIn(isoDate: string, time: string, timeZone: string): string {
  const parts = dayParts(isoDate);
  const match = CLOCK.exec(time);
  if (!parts || !match) throw new RangeError(`isoSlotIn: no slot for ${isoDate} ${time}`);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, Number(match[1]), Number(match[2]));
  // The offset at the wall time read as UTC is a first guess, the offset at the instant it gives a second; the
  // answer is the instant whose offset agrees with the one it was found with. Neither agrees only in a
  // spring-forward's gap: there the offset before the jump (the smaller) is the one to read the wall time with.
  const first = offsetAt(wall, timeZone);
  if (Number.isNaN(first)) throw new RangeError(`isoSlotIn: ${timeZone} is not a time zone`);
  const second = offsetAt(wall - first * 60_000, timeZone);
  const third = offsetAt(wall - second * 60_000, timeZone);
  const offset = second === first ? first : third === second ? second : Math.min(second, third);
  return isoDateTimeIn(new Date(wall - offset * 60_000), timeZone);
}

// --- sizes ---------------------------------------------------------------------------------------------------------

/** A length of time as people read it: "45 minutes", "1 hour", "1 hour 30 minutes", "2 hours". */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? "hour" : "hours"}` : null,
    rest > 0 || hours === 0 ? `${rest} ${rest === 1 ? "minute" : "minutes"}` : null,
  ];
  return parts.filter(Boolean).join(" ");
}

const SIZE_UNITS = ["KB", "MB", "GB", "TB"] as const;

/**
 * A file's size as people read it, in 1024s (as the upload limits are written: "10 MB" is 10 × 1024 × 1024 bytes):
 * "1 byte", "38 bytes", "1,023 bytes", "1.5 KB", "38 KB", "9.8 MB". One decimal under 10 of a unit, whole above.
 */
export function formatByteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "Unknown size";
  const whole = Math.round(bytes);
  if (whole < 1024) return `${grouped(whole)} ${whole === 1 ? "byte" : "bytes"}`;
  let value = whole / 1024;
  let unit = 0;
  const shown = (v: number) => (v < 10 ? Math.round(v * 10) / 10 : Math.round(v));
  while (shown(value) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = shown(value);
  return `${rounded < 10 ? String(rounded) : grouped(rounded)} ${SIZE_UNITS[unit]}`;
}

/** Whether `name` is an IANA time zone the platform knows (America/New_York), so the functions above can use it. */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
