import { TZDate } from "@date-fns/tz";
import { and, gte, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { formatDay, isoDateIn } from "~/lib/format";
import { SUBMISSION_STATUSES } from "~/db/constants";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import type { DashboardInsights, WeekCount } from "./types";

export type { DashboardInsights, WeekCount } from "./types";

/**
 * The dashboard's pictures, counted in the database: every query reads one
 * indexed date range and groups it there, so the cost follows the window, not
 * the table (a million rows make no difference to a 16-week range).
 *
 * Weeks start on Monday on the boutique's clock (BOUTIQUE_TIME_ZONE); the
 * studio is open Monday to Saturday.
 */
export const PAST_WEEKS = 8;
export const NEXT_WEEKS = 8;
export const SUBSCRIBER_WEEKS = 26;
export const REQUEST_WINDOW_DAYS = 90;

const DAY_MS = 86_400_000;

/** A plain calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the week `now` falls in, on the boutique's clock. */
export function weekStartOf(now: Date, timeZone: string): string {
  const today = isoDateIn(now, timeZone);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, -sinceMonday);
}

function weeks(first: string, count: number): WeekCount[] {
  return Array.from({ length: count }, (_, i) => {
    const weekStart = addDays(first, i * 7);
    return { weekStart, label: formatDay(weekStart, "month-day"), count: 0 };
  });
}

/** Rows of (week index, count) from the database into the week list. */
function fill<T extends WeekCount>(list: T[], rows: { week: number | string; count: number | string }[]): T[] {
  for (const row of rows) {
    const item = list[Number(row.week)];
    if (item) item.count = Number(row.count);
  }
  return list;
}

export async function loadDashboardInsights(db: Database, options: { timeZone: string; now?: Date }): Promise<DashboardInsights> {
  const now = options.now ?? new Date();
  const thisWeek = weekStartOf(now, options.timeZone);

  // Fittings: appointments by their date (a calendar date already on the boutique's clock), cancelled ones left out.
  const fittingsFrom = addDays(thisWeek, -7 * PAST_WEEKS);
  const fittingsTo = addDays(thisWeek, 7 * NEXT_WEEKS);
  const fittingWeek = sql<number>`(${appointments.preferredDate} - ${fittingsFrom}::date) / 7`;
  const fittingRows = db
    .select({ week: fittingWeek, count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(gte(appointments.preferredDate, fittingsFrom), lt(appointments.preferredDate, fittingsTo), ne(appointments.status, "cancelled")),
    )
    .groupBy(sql`1`);

  // Requests by status: those received in the window (created_at is indexed with status).
  const requestsSince = new Date(now.getTime() - REQUEST_WINDOW_DAYS * DAY_MS);
  const requestRows = db
    .select({ status: customDesignSubmissions.status, count: sql<number>`count(*)::int` })
    .from(customDesignSubmissions)
    .where(gte(customDesignSubmissions.createdAt, requestsSince))
    .groupBy(customDesignSubmissions.status);

  // Subscribers: sign-ups per boutique week; the range on subscribed_at is what the index serves.
  const subscribersFrom = addDays(thisWeek, -7 * (SUBSCRIBER_WEEKS - 1));
  const [y, m, d] = subscribersFrom.split("-").map(Number) as [number, number, number];
  const subscribersSince = new Date(TZDate.tz(options.timeZone, y, m - 1, d).getTime());
  const subscriberWeek = sql<number>`((${newsletterSubscribers.subscribedAt} at time zone ${options.timeZone})::date - ${subscribersFrom}::date) / 7`;
  const subscriberRows = db
    .select({ week: subscriberWeek, count: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(gte(newsletterSubscribers.subscribedAt, subscribersSince))
    .groupBy(sql`1`);

  const [fittings, requests, subscribers] = await Promise.all([fittingRows, requestRows, subscriberRows]);

  const fittingsPerWeek = fill(
    weeks(fittingsFrom, PAST_WEEKS + NEXT_WEEKS).map((week, i) => ({
      ...week,
      when: i < PAST_WEEKS ? ("past" as const) : i === PAST_WEEKS ? ("current" as const) : ("upcoming" as const),
    })),
    fittings,
  );
  const byStatus = new Map(requests.map((row) => [row.status, Number(row.count)]));
  return {
    fittingsPerWeek,
    requestsByStatus: SUBMISSION_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    requestWindowDays: REQUEST_WINDOW_DAYS,
    subscribersPerWeek: fill(weeks(subscribersFrom, SUBSCRIBER_WEEKS), subscribers),
  };
}
