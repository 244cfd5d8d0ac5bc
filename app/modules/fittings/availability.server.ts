import { TZDate } from "@date-fns/tz";
import { and, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appointments } from "~/db/schema/fittings";
import type { Env } from "~/lib/env.server";
import { isoDateIn } from "~/lib/format";
import { active } from "./appointment-rows.server";
import { addDays, isIsoDate, isOpenWeekday, parseIsoDate, SLOT_MINUTES, SLOT_TIMES, slotLabel } from "./fittings";
import type { DayAvailability, FittingCalendar, SlotAvailability } from "./types";

/**
 * Availability on the boutique's clock. Every rule reads "now" as an instant
 * and the boutique's IANA time zone, so a server running in UTC (or anywhere)
 * agrees with the shop's wall clock, across midnight and DST changes alike.
 */
interface ClockOptions {
  now: Date;
  timeZone: string;
  horizonDays: number;
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

type DayVerdict = "open" | "closed" | "past" | "beyond";

/** Whether a date can be booked at all, before looking at its slots. */
export function judgeDay(date: string, clock: ClockOptions): DayVerdict {
  const today = isoDateIn(clock.now, clock.timeZone);
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
function bookableRange(clock: ClockOptions): { today: string; lastDay: string; days: string[] } {
  const today = isoDateIn(clock.now, clock.timeZone);
  const days: string[] = [];
  for (let i = 0; i <= clock.horizonDays; i++) days.push(addDays(today, i));
  return { today, lastDay: days[days.length - 1] ?? today, days };
}

// --- availability as it stands in the database -------------------------------------

export type FittingSettings = Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_SLOT_CAPACITY" | "FITTING_HORIZON_DAYS">;

export function clockFor(env: Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_HORIZON_DAYS">, now = new Date()): ClockOptions {
  return { now, timeZone: env.BOUTIQUE_TIME_ZONE, horizonDays: env.FITTING_HORIZON_DAYS };
}

/** Active bookings per slot between two dates, keyed 'YYYY-MM-DD HH:MM'. */
async function bookedCounts(db: Database, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: appointments.preferredDate, time: appointments.preferredTime, count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(active(), sql`${appointments.preferredDate} between ${from} and ${to}`))
    .groupBy(appointments.preferredDate, appointments.preferredTime);
  return new Map(rows.map((row) => [`${row.date} ${row.time}`, Number(row.count)]));
}

function slotsOf(date: string, counts: Map<string, number>, clock: ClockOptions, capacity: number): SlotAvailability[] {
  return SLOT_TIMES.map((time) => {
    const full = (counts.get(`${date} ${time}`) ?? 0) >= capacity;
    return { time, label: slotLabel(time), full, available: !full && judgeSlot(date, time, clock) === "open" };
  });
}

/** The eight slots of one date as they stand now (all unavailable on a closed or past day). */
export async function slotsForDate(db: Database, date: string, settings: FittingSettings, now = new Date()): Promise<SlotAvailability[]> {
  const counts = await bookedCounts(db, date, date);
  return slotsOf(date, counts, clockFor(settings, now), settings.FITTING_SLOT_CAPACITY);
}

/** The calendar the booking page draws: which days between today and the horizon can be chosen. */
export async function fittingCalendar(db: Database, settings: FittingSettings, now = new Date()): Promise<FittingCalendar> {
  const clock = clockFor(settings, now);
  const { today, lastDay, days } = bookableRange(clock);
  const counts = await bookedCounts(db, today, lastDay);
  const closedDays = days.filter(
    (day) => judgeDay(day, clock) !== "open" || !slotsOf(day, counts, clock, settings.FITTING_SLOT_CAPACITY).some((slot) => slot.available),
  );
  const closed = new Set(closedDays);
  return { today, lastDay, closedDays, firstOpenDay: days.find((day) => !closed.has(day)) ?? null, timeZone: settings.BOUTIQUE_TIME_ZONE };
}

/**
 * The calendar and the slots of the day asked for (`YYYY-MM-DD`), or of the
 * first open day when the asked one is not a date or cannot be booked (past,
 * closed, beyond the horizon).
 */
export async function fittingAvailability(
  db: Database,
  settings: FittingSettings,
  asked: string | null | undefined,
  now = new Date(),
): Promise<DayAvailability> {
  const calendar = await fittingCalendar(db, settings, now);
  const date = asked && isIsoDate(asked) && judgeDay(asked, clockFor(settings, now)) === "open" ? asked : calendar.firstOpenDay;
  const slots = date ? await slotsForDate(db, date, settings, now) : [];
  return { calendar, date, slots };
}
