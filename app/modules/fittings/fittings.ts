/**
 * The fitting room's hours as plain data, safe in the browser: the eight
 * hourly slots of SPEC §9 and calendar-date arithmetic on 'YYYY-MM-DD' text.
 * Which day it is *now* is decided on the server, on the boutique's clock
 * (availability.server.ts); nothing here reads a clock or a time zone.
 */
import { formatDay, formatTimeOfDay } from "~/lib/format";

/** Slot starts, 24-hour 'HH:MM', as stored in appointments.preferred_time. */
export const SLOT_TIMES = ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"] as const;
export const DEFAULT_SLOT_TIME: (typeof SLOT_TIMES)[number] = "10:00";
/** Every slot lasts an hour: the last one (5:00 PM) ends at closing, 6pm. */
export const SLOT_MINUTES = 60;

/** SPEC §5's option text: '10:00 AM' … '5:00 PM' (lib/format writes it). */
export function slotLabel(time: string): string {
  return formatTimeOfDay(time);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a real calendar date, or null for text that is not one (2026-02-30). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/** 0 = Sunday … 6 = Saturday, for the date itself (no time zone involved). */
function weekdayOf(date: string): number {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days)).toISOString().slice(0, 10);
}

/** The studio opens Monday to Saturday. */
export function isOpenWeekday(date: string): boolean {
  return weekdayOf(date) !== 0;
}

/** 'Saturday, November 28, 2026' for a 'YYYY-MM-DD' date (lib/format writes it); anything else as it is. */
export function longDate(date: string): string {
  return isIsoDate(date) ? formatDay(date, "weekday") : date;
}
