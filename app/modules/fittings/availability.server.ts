import { TZDate } from "@date-fns/tz";
import { isoDateIn } from "~/lib/format";
import { addDays, isOpenWeekday, parseIsoDate, SLOT_MINUTES, SLOT_TIMES } from "./fittings";

/**
 * Availability on the boutique's clock. Every rule reads "now" as an instant
 * and the boutique's IANA time zone, so a server running in UTC (or anywhere)
 * agrees with the shop's wall clock, across midnight and DST changes alike.
 */
export interface ClockOptions {
  now: Date;
  timeZone: string;
  horizonDays: number;
}

/** Today's date on the boutique's clock, 'YYYY-MM-DD' (lib/format's isoDateIn). */
export function boutiqueToday(now: Date, timeZone: string): string {
  return isoDateIn(now, timeZone);
}

/** The instant a slot starts: the date and 'HH:MM' read on the boutique's wall clock. */
export function slotStart(date: string, time: string, timeZone: string): Date {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Date(new TZDate(parts.year, parts.month - 1, parts.day, hours, minutes, 0, 0, timeZone).getTime());
}

export function slotEnd(date: string, time: string, timeZone: string): Date {
  return new Date(slotStart(date, time, timeZone).getTime() + SLOT_MINUTES * 60_000);
}

export type DayVerdict = "open" | "closed" | "past" | "beyond";

/** Whether a date can be booked at all, before looking at its slots. */
export function judgeDay(date: string, clock: ClockOptions): DayVerdict {
  const today = boutiqueToday(clock.now, clock.timeZone);
  if (date < today) return "past";
  if (date > addDays(today, clock.horizonDays)) return "beyond";
  if (!isOpenWeekday(date)) return "closed";
  return "open";
}

export type SlotVerdict = DayVerdict | "started";

/** Whether a slot can be booked, capacity aside. */
export function judgeSlot(date: string, time: string, clock: ClockOptions): SlotVerdict {
  const day = judgeDay(date, clock);
  if (day !== "open") return day;
  if (!(SLOT_TIMES as readonly string[]).includes(time)) return "closed";
  return slotStart(date, time, clock.timeZone).getTime() <= clock.now.getTime() ? "started" : "open";
}

/** Every date from today to the horizon, inclusive. */
export function bookableRange(clock: ClockOptions): { today: string; lastDay: string; days: string[] } {
  const today = boutiqueToday(clock.now, clock.timeZone);
  const days: string[] = [];
  for (let i = 0; i <= clock.horizonDays; i++) days.push(addDays(today, i));
  return { today, lastDay: days[days.length - 1] ?? today, days };
}
