import { TZDate } from "@date-fns/tz";
import { and, asc, between, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { appointments, fittingDays, fittingSlots } from "~/db/schema/fittings";
import type { Env } from "~/lib/env.server";
import { isoDateIn } from "~/lib/format";
import { active } from "./appointment-rows.server";
import { addDays, isIsoDate, isOpenWeekday, parseIsoDate, SLOT_MINUTES, SLOT_TIMES, slotLabel } from "./fittings";
import { AVAILABILITY_MESSAGES } from "./staff-schema";
import type {
  AvailabilityChange,
  AvailabilityDay,
  AvailabilityOutcome,
  AvailabilityOverview,
  AvailabilityRequest,
  AvailabilityRule,
  DayAvailability,
  FittingCalendar,
  HeldFitting,
  SlotAvailability,
} from "./types";

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

// --- staff's rules: closed days, blocked slots, seats (fitting_days, fitting_slots) ---

/** What staff changed between two dates: the days (closed, seats) and the slots (blocked, seats), as stored now. */
export interface StaffRules {
  days: Map<string, { closed: boolean; note: string | null; seats: number | null }>;
  slots: Map<string, { blocked: boolean; note: string | null; seats: number | null }>;
}

/** The rules of every date from `from` to `to`, read from the database (no cache: every instance sees a change at once). */
export async function readStaffRules(db: Executor, from: string, to: string): Promise<StaffRules> {
  const [days, slots] = await Promise.all([
    db
      .select()
      .from(fittingDays)
      .where(between(fittingDays.date, from, to)),
    db
      .select()
      .from(fittingSlots)
      .where(between(fittingSlots.date, from, to)),
  ]);
  return {
    days: new Map(days.map((d) => [d.date, { closed: d.closed, note: d.note, seats: d.seats }])),
    slots: new Map(slots.map((r) => [`${r.date} ${r.time}`, { blocked: r.blocked, note: r.note, seats: r.seats }])),
  };
}

/** How many may book one slot: the slot's own seats, else its day's, else FITTING_SLOT_CAPACITY. */
export function seatsOf(date: string, time: string, rules: StaffRules, capacity: number): number {
  return rules.slots.get(`${date} ${time}`)?.seats ?? rules.days.get(date)?.seats ?? capacity;
}

/** Whether staff have taken a slot out: its day closed or the slot blocked. */
export function staffClosed(date: string, time: string | null, rules: StaffRules): "day" | "slot" | null {
  if (rules.days.get(date)?.closed) return "day";
  return time !== null && rules.slots.get(`${date} ${time}`)?.blocked ? "slot" : null;
}

/** Any constants: a fitting day's advisory lock is (FITTING_DAY_LOCK, YYYYMMDD), a slot's (FITTING_SLOT_LOCK, YYYYMMDDHH). */
const FITTING_DAY_LOCK = 728_193_019;
const FITTING_SLOT_LOCK = 728_193_020;

/**
 * Takes a day's lock until the transaction ends. Staff changing the day's rules (closing it, a block, seats) take it
 * alone; a booking or a reschedule to the day shares it, then takes its slot's lock alone (so the slot's seats are
 * counted by one at a time, while other slots book in parallel). A booking therefore either commits before a close
 * (and the close lists it) or waits, then reads the closed day and is refused, on every instance. The
 * appointment's own row lock, when needed, is taken after these.
 */
export async function lockFittingDay(tx: Executor, date: string, slot?: string): Promise<void> {
  const day = Number(date.replaceAll("-", ""));
  if (slot === undefined) {
    await tx.execute(sql`select pg_advisory_xact_lock(${FITTING_DAY_LOCK}, ${day})`);
    return;
  }
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${FITTING_DAY_LOCK}, ${day})`);
  await tx.execute(sql`select pg_advisory_xact_lock(${FITTING_SLOT_LOCK}, ${day * 100 + Number(slot.slice(0, 2))})`);
}

/**
 * Inside the slot's lock: whether the slot can take one more fitting under staff's rules, counting the active
 * bookings there now: "day" closed, "slot" blocked, "full" (its seats taken) or "open".
 */
export async function judgeStaffRules(
  tx: Executor,
  date: string,
  time: string,
  capacity: number,
): Promise<"open" | "day" | "slot" | "full"> {
  const rules = await readStaffRules(tx, date, date);
  const closed = staffClosed(date, time, rules);
  if (closed) return closed;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(active(), eq(appointments.preferredDate, date), eq(appointments.preferredTime, time)));
  return Number(row?.n ?? 0) >= seatsOf(date, time, rules, capacity) ? "full" : "open";
}

/** Staff's "no" to a slot in the booking form's words: the day closed, or the time blocked. */
export const staffRefusal = (closed: "day" | "slot") =>
  closed === "day" ? AVAILABILITY_MESSAGES.closedDay : AVAILABILITY_MESSAGES.blockedSlot;

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

function slotsOf(date: string, counts: Map<string, number>, rules: StaffRules, clock: ClockOptions, capacity: number): SlotAvailability[] {
  return SLOT_TIMES.map((time) => {
    const full = (counts.get(`${date} ${time}`) ?? 0) >= seatsOf(date, time, rules, capacity);
    const open = !staffClosed(date, time, rules) && judgeSlot(date, time, clock) === "open";
    return { time, label: slotLabel(time), full, available: !full && open };
  });
}

/** The eight slots of one date as they stand now (all unavailable on a closed or past day; a blocked one unavailable). */
export async function slotsForDate(db: Database, date: string, settings: FittingSettings, now = new Date()): Promise<SlotAvailability[]> {
  if (!isIsoDate(date)) return [];
  const [counts, rules] = await Promise.all([bookedCounts(db, date, date), readStaffRules(db, date, date)]);
  return slotsOf(date, counts, rules, clockFor(settings, now), settings.FITTING_SLOT_CAPACITY);
}

/** The calendar the booking page draws: which days between today and the horizon can be chosen. */
export async function fittingCalendar(db: Database, settings: FittingSettings, now = new Date()): Promise<FittingCalendar> {
  const clock = clockFor(settings, now);
  const { today, lastDay, days } = bookableRange(clock);
  const [counts, rules] = await Promise.all([bookedCounts(db, today, lastDay), readStaffRules(db, today, lastDay)]);
  const closedDays = days.filter(
    (day) =>
      judgeDay(day, clock) !== "open" || !slotsOf(day, counts, rules, clock, settings.FITTING_SLOT_CAPACITY).some((slot) => slot.available),
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
  const staffClosedDay = async (day: string) => staffClosed(day, null, await readStaffRules(db, day, day)) !== null;
  const askable = asked && isIsoDate(asked) && judgeDay(asked, clockFor(settings, now)) === "open" && !(await staffClosedDay(asked));
  const date = askable ? asked : calendar.firstOpenDay;
  const slots = date ? await slotsForDate(db, date, settings, now) : [];
  return { calendar, date, slots };
}

// --- staff change the rules (/admin/availability) ----------------------------------

/** Active bookings on a day (or one slot of it), in time order: what a close or a block lists. */
async function heldOn(tx: Executor, date: string, time: string | null): Promise<HeldFitting[]> {
  const rows = await tx
    .select({ id: appointments.id, name: appointments.name, email: appointments.email, time: appointments.preferredTime })
    .from(appointments)
    .where(and(active(), eq(appointments.preferredDate, date), time === null ? undefined : eq(appointments.preferredTime, time)))
    .orderBy(asc(appointments.preferredTime), asc(appointments.createdAt));
  return rows.map((row) => ({ ...row, date }));
}

const seatsText = (seats: number | null | undefined) => (seats == null ? "usual seats" : `${seats} ${seats === 1 ? "seat" : "seats"}`);
const closedText = (note: string | null) => (note ? `closed: ${note}` : "closed");

interface AvailabilityOptions {
  settings: Pick<FittingSettings, "BOUTIQUE_TIME_ZONE">;
  now?: Date;
  /** Runs inside the change's transaction (the admin module audits it there). */
  within?: (tx: Executor, change: AvailabilityChange) => Promise<void>;
}

/**
 * Staff close or reopen a day, block or unblock a slot, set or reset seats: one transaction under the day's lock
 * (lockFittingDay), so a booking racing it either committed first, and is listed in the answer (`fittings`, for a
 * close or a block), or waits and then finds the day closed. Past days, Sundays and days over two years ahead are
 * refused, as is an undo of what is not there; nothing is stored then.
 */
export async function changeAvailability(
  db: Database,
  request: AvailabilityRequest,
  options: AvailabilityOptions,
): Promise<AvailabilityOutcome> {
  const { date } = request;
  const today = isoDateIn(options.now ?? new Date(), options.settings.BOUTIQUE_TIME_ZONE);
  const refused = (reason: "past" | "sunday" | "far" | "unchanged", message: string) => ({ status: "refused", reason, message }) as const;
  if (date < today) return refused("past", AVAILABILITY_MESSAGES.past);
  if (date > addDays(today, 730)) return refused("far", AVAILABILITY_MESSAGES.far);
  if (!isOpenWeekday(date)) return refused("sunday", AVAILABILITY_MESSAGES.sunday);
  const time = "time" in request ? request.time : null;

  return db.transaction(async (tx) => {
    await lockFittingDay(tx, date);
    const rules = await readStaffRules(tx, date, date);
    const day = rules.days.get(date) ?? { closed: false, note: null, seats: null };
    const slot = (time !== null && rules.slots.get(`${date} ${time}`)) || { blocked: false, note: null, seats: null };
    let from: string;
    let to: string;
    let nextDay = day;
    let nextSlot = slot;
    switch (request.action) {
      case "close-day":
        [from, to, nextDay] = [
          day.closed ? closedText(day.note) : "open",
          closedText(request.note),
          { ...day, closed: true, note: request.note },
        ];
        break;
      case "reopen-day":
        if (!day.closed) return refused("unchanged", AVAILABILITY_MESSAGES.notClosed);
        [from, to, nextDay] = [closedText(day.note), "open", { ...day, closed: false, note: null }];
        break;
      case "block-slot":
        [from, to, nextSlot] = [
          slot.blocked ? closedText(slot.note) : "open",
          closedText(request.note),
          { ...slot, blocked: true, note: request.note },
        ];
        to = to.replace(/^closed/, "blocked");
        from = from.replace(/^closed/, "blocked");
        break;
      case "unblock-slot":
        if (!slot.blocked) return refused("unchanged", AVAILABILITY_MESSAGES.notBlocked);
        [from, to, nextSlot] = [closedText(slot.note).replace(/^closed/, "blocked"), "open", { ...slot, blocked: false, note: null }];
        break;
      case "set-seats":
      case "reset-seats": {
        const seats = request.action === "set-seats" ? request.seats : null;
        const before = time === null ? day.seats : slot.seats;
        if (seats === null && before === null) return refused("unchanged", AVAILABILITY_MESSAGES.usualSeats);
        [from, to] = [seatsText(before), seatsText(seats)];
        if (time === null) nextDay = { ...day, seats };
        else nextSlot = { ...slot, seats };
        break;
      }
    }
    const updatedAt = options.now ?? new Date();
    if (nextDay !== day) {
      if (!nextDay.closed && nextDay.seats === null) await tx.delete(fittingDays).where(eq(fittingDays.date, date));
      else
        await tx
          .insert(fittingDays)
          .values({ date, ...nextDay, updatedAt })
          .onConflictDoUpdate({ target: fittingDays.date, set: { ...nextDay, updatedAt } });
    }
    if (nextSlot !== slot && time !== null) {
      const where = and(eq(fittingSlots.date, date), eq(fittingSlots.time, time));
      if (!nextSlot.blocked && nextSlot.seats === null) await tx.delete(fittingSlots).where(where);
      else
        await tx
          .insert(fittingSlots)
          .values({ date, time, ...nextSlot, updatedAt })
          .onConflictDoUpdate({ target: [fittingSlots.date, fittingSlots.time], set: { ...nextSlot, updatedAt } });
    }
    const change: AvailabilityChange = { action: request.action, date, time, from, to };
    await options.within?.(tx, change);
    const closing = request.action === "close-day" || request.action === "block-slot";
    return { status: "changed", change, fittings: closing ? await heldOn(tx, date, time) : [] } satisfies AvailabilityOutcome;
  });
}

/**
 * What /admin/availability shows: the next 14 days at a glance, staff's rules from today on (with the bookings on
 * each), and the bookings still held on closed days and blocked slots. A few indexed queries whatever the number of
 * appointments: counts only for the days shown and the rules' own dates.
 */
export async function availabilityOverview(db: Database, settings: FittingSettings, now = new Date()): Promise<AvailabilityOverview> {
  const today = isoDateIn(now, settings.BOUTIQUE_TIME_ZONE);
  const lastDay = addDays(today, 13);
  const [dayRows, slotRows, counts, glance] = await Promise.all([
    db.select().from(fittingDays).where(gte(fittingDays.date, today)).orderBy(asc(fittingDays.date)).limit(200),
    db.select().from(fittingSlots).where(gte(fittingSlots.date, today)).orderBy(asc(fittingSlots.date), asc(fittingSlots.time)).limit(400),
    bookedCounts(db, today, lastDay),
    readStaffRules(db, today, lastDay),
  ]);
  const ruleDates = [...new Set([...dayRows.map((d) => d.date), ...slotRows.map((s) => s.date)])];
  const ruleCounts = ruleDates.length === 0 ? new Map<string, number>() : await bookedCountsOn(db, ruleDates);
  const onDay = (counted: Map<string, number>, date: string) =>
    SLOT_TIMES.reduce((sum, time) => sum + (counted.get(`${date} ${time}`) ?? 0), 0);
  const days: AvailabilityDay[] = Array.from({ length: 14 }, (_, i) => {
    const date = addDays(today, i);
    const rule = glance.days.get(date);
    const closed = !isOpenWeekday(date) ? "sunday" : rule?.closed ? "staff" : null;
    const seats = SLOT_TIMES.reduce(
      (sum, time) => sum + (staffClosed(date, time, glance) ? 0 : seatsOf(date, time, glance, settings.FITTING_SLOT_CAPACITY)),
      0,
    );
    return { date, closed, note: rule?.closed ? rule.note : null, booked: onDay(counts, date), seats: closed ? 0 : seats };
  });
  const rules: AvailabilityRule[] = [
    ...dayRows.map((d) => ({
      date: d.date,
      time: null,
      closed: d.closed,
      note: d.note,
      seats: d.seats,
      booked: onDay(ruleCounts, d.date),
    })),
    ...slotRows.map((s) => ({
      date: s.date,
      time: s.time,
      closed: s.blocked,
      note: s.note,
      seats: s.seats,
      booked: ruleCounts.get(`${s.date} ${s.time}`) ?? 0,
    })),
  ].sort((a, b) => (a.date === b.date ? (a.time ?? "").localeCompare(b.time ?? "") : a.date.localeCompare(b.date)));
  const held: HeldFitting[] = [];
  for (const rule of rules.filter((r) => r.closed && r.booked > 0).slice(0, 50)) {
    const heldHere = await heldOn(db, rule.date, rule.time);
    held.push(...heldHere.filter((h) => !held.some((seen) => seen.id === h.id)));
  }
  return { today, days, rules, held };
}

/** Active bookings per slot on the given dates only, keyed 'YYYY-MM-DD HH:MM'. */
async function bookedCountsOn(db: Database, dates: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: appointments.preferredDate, time: appointments.preferredTime, count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(active(), inArray(appointments.preferredDate, dates)))
    .groupBy(appointments.preferredDate, appointments.preferredTime);
  return new Map(rows.map((row) => [`${row.date} ${row.time}`, Number(row.count)]));
}
