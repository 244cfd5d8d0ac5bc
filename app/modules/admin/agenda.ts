// The agenda's client-safe half (issue 26): its views, the days they cover, its links and texts. Days are calendar
// days on the boutique's clock ('YYYY-MM-DD', as preferred_date stores them), so their arithmetic is plain calendar
// arithmetic: no time zone can move a fitting to another day.
import type { PullListItem } from "./types";

export const AGENDA_VIEWS = [
  { id: "day", label: "Day" },
  { id: "week", label: "Week" },
] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number]["id"];

export const AGENDA_MESSAGES = {
  badDate: "That is not a date the agenda can show, so it shows today.",
  noFittings: "No fittings booked.",
  /** A day with more fittings than one page lists. */
  truncated: (shown: number) => `Showing the first ${shown} fittings of this view.`,
} as const;

/** The statuses staff set from the agenda, in the order a fitting goes through them. */
export const AGENDA_MARKS = [
  { status: "arrived", label: "Arrived" },
  { status: "completed", label: "Completed" },
  { status: "no-show", label: "No-show" },
] as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' between the years 2000 and 2999, or null. */
export function parseAgendaDay(value: string | null): string | null {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  const ok = y >= 2000 && y <= 2999 && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
  return ok ? value : null;
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday of `day`'s week (the boutique's week runs Monday to Sunday). */
export function weekStart(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The days a view shows, first to last: the day, or its week's seven. */
export function agendaDays(view: AgendaView, day: string): string[] {
  if (view === "day") return [day];
  const monday = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The agenda's URL of a view and day: both live in it, so a day can be linked and printed. */
export function agendaHref(view: AgendaView, day: string): string {
  return `/admin/agenda?view=${view}&date=${day}`;
}

/** One fitting as the agenda shows it. */
export interface AgendaEntry {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  status: string;
  /** The boutique's wall clock: 'YYYY-MM-DD' and 'HH:MM'. */
  date: string;
  time: string;
  pullList: PullListItem[];
}

export interface AgendaDay {
  date: string;
  entries: AgendaEntry[];
}

export interface Agenda {
  view: AgendaView;
  /** The day asked for (the week view's days are those of its week). */
  date: string;
  /** Today on the boutique's clock. */
  today: string;
  days: AgendaDay[];
  /** More fittings than one view lists were booked in its days. */
  truncated: boolean;
}
