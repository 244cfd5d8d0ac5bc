// The agenda's read model (issue 26): a day's or a week's fittings in time order, each with its pull list. Like the
// dashboard's, it reads the fittings module's table directly as one view for staff, and never writes it. One range
// query on (preferred_date, status) — the index appointments_preferred_date_status_idx — and one for the pull lists.
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { isoDateIn } from "~/lib/format";
import { pullListsFor } from "~/modules/fittings/fittings.server";
import { agendaDays, type Agenda, type AgendaEntry, type AgendaView } from "./agenda";

/** At most this many fittings in one view: a full week of a busy boutique, not a table to scroll for ever. */
export const AGENDA_LIMIT = 400;

/** An agenda entry as the table holds it: the entry less its pull list, read by `agendaQuery`. */
type AgendaRow = Omit<AgendaEntry, "pullList">;

/**
 * The one query of a view's fittings from `first` to `last` (boutique days, inclusive), cancelled ones left out; the
 * bench explains this same query to prove it is served by the index.
 */
export function agendaQuery(first: string, last: string) {
  return sql`select id, name, email, phone, notes, status, preferred_date::text as date, preferred_time as time
             from appointments
             where preferred_date between ${first}::date and ${last}::date and status <> 'cancelled'
             order by preferred_date, preferred_time, seat, created_at
             limit ${AGENDA_LIMIT + 1}`;
}

/**
 * The fittings of a view, by day and time (then by seat, as they were booked). Cancelled fittings are left out:
 * nobody is coming. `date` null is today on the boutique's clock.
 */
export async function loadAgenda(
  db: Database,
  query: { view: AgendaView; date: string | null },
  clock: { now: Date; timeZone: string },
): Promise<Agenda> {
  const today = isoDateIn(clock.now, clock.timeZone);
  const date = query.date ?? today;
  const days = agendaDays(query.view, date);
  const rows = await queryRows<AgendaRow>(db, agendaQuery(days[0]!, days.at(-1)!));
  const shown = rows.slice(0, AGENDA_LIMIT);
  const pulls = await pullListsFor(
    db,
    shown.map((row) => row.id),
  );
  const entries: AgendaEntry[] = shown.map((row) => ({
    ...row,
    pullList: (pulls.get(row.id) ?? []).map(({ handle, title, imageUrl }) => ({ handle, title, imageUrl })),
  }));
  const byDay = Map.groupBy(entries, (entry) => entry.date);
  return {
    view: query.view,
    date,
    today,
    days: days.map((day) => ({ date: day, entries: byDay.get(day) ?? [] })),
    truncated: rows.length > AGENDA_LIMIT,
  };
}
