// The dashboard's read model: it reads other modules' tables (design
// requests, fittings, the newsletter) directly, as one view for staff, and
// never writes them. A page of one tab (search, filter and keyset pagination
// all in the database), the counts, a customer's other requests and
// appointments, the rows as the dashboard shows them, and the export's
// batches and columns. Nothing here ever reads a whole table.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "~/db/client.server";
import { appointmentSearchText } from "~/db/schema/fittings";
import { submissionSearchText } from "~/db/schema/design-requests";
import { formatDateTime, formatDay, formatTimeOfDay, isoDateTimeIn, isoSlotIn } from "~/lib/format";
import { appointmentTypeLabel, budgetLabel, eventTypeLabel, type DashboardTab } from "./admin";
import { piecesOf, uncommonStretches } from "./search-parts";
import type { AppointmentRow, DashboardCounts, RelatedAppointment, RelatedRequest, SubmissionRow, SubscriberRow } from "./types";

/** Where a page starts: after (older than) or before (newer than) a row, by (time, id). */
export interface Cursor {
  at: string;
  id: string;
}

interface ListQuery {
  tab: DashboardTab;
  /** Already trimmed; empty for no search. */
  q: string;
  /** 'all' or one of the tab's statuses (checked by the caller). */
  status: string;
  after?: Cursor | null;
  before?: Cursor | null;
  limit: number;
}

interface TableSpec {
  table: SQL;
  /** The ordering time column. */
  time: SQL;
  /** The expression the trigram index is built on (see app/db/schema). */
  search: SQL;
  columns: SQL;
  statusFilter(status: string): SQL;
}

const SPECS: Record<DashboardTab, TableSpec> = {
  submissions: {
    table: sql.raw("custom_design_submissions"),
    time: sql.raw("created_at"),
    search: submissionSearchText,
    columns: sql.raw(
      "id, name, email, phone, event_type, event_date::text as event_date, venue, style_preference, colors, vision, budget, user_id, status, created_at",
    ),
    statusFilter: (status) => sql`status = ${status}`,
  },
  appointments: {
    table: sql.raw("appointments"),
    time: sql.raw("created_at"),
    search: appointmentSearchText,
    columns: sql.raw(
      "id, name, email, phone, appointment_type, preferred_date::text as preferred_date, preferred_time, notes, user_id, status, created_at",
    ),
    statusFilter: (status) => sql`status = ${status}`,
  },
  subscribers: {
    table: sql.raw("newsletter_subscribers"),
    time: sql.raw("subscribed_at"),
    search: sql.raw("lower(email)"),
    columns: sql.raw("id, email, is_active, subscribed_at"),
    statusFilter: (status) => (status === "inactive" ? sql`is_active = false` : sql`is_active = true`),
  },
};

export const TABLE_NAMES: Record<DashboardTab, string> = {
  submissions: "custom_design_submissions",
  appointments: "appointments",
  subscribers: "newsletter_subscribers",
};

/** `%text%` for LIKE, with the pattern's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many of the newest rows a search reads before it asks the trigram index instead. */
const SEARCH_WINDOW = 3000;

/** About how many rows, drawn at random, tell which pieces of a search are common, and what share makes one common. */
const SAMPLE_ROWS = 1000;
const COMMON_SHARE = 0.1;

/**
 * What the trigram index is asked for, for a search the newest rows did not
 * answer: the term's stretches of uncommon pieces (search-parts.ts), each a
 * LIKE the index serves, with the whole term checked by strpos (which no index
 * serves, so it filters the few rows found instead of joining the scan). The
 * whole term as one LIKE when no stretch is better. Either way the rows are
 * exactly those whose text holds the term.
 *
 * The pieces are counted in about SAMPLE_ROWS rows of random pages of the
 * table (TABLESAMPLE SYSTEM, sized from the exact count of admin_row_counts,
 * the same pages every time), not in the newest rows: those are alike in ways
 * the table is not (numbers that rise with time share their first digits).
 */
export async function indexedSearch(db: Executor, tab: DashboardTab, q: string): Promise<{ stretches: string[] | null; where: SQL[] }> {
  const spec = SPECS[tab];
  const whole = [sql`${spec.search} like lower(${containsPattern(q)})`];
  const pieces = piecesOf(q);
  if (pieces.length < 2) return { stretches: null, where: whole };
  const percent = sql`(select coalesce(least(100, 100.0 * ${SAMPLE_ROWS} / greatest(max(row_count), 1)), 100)
                       from admin_row_counts where table_name = ${TABLE_NAMES[tab]})`;
  // OFFSET 0 keeps the subquery whole: flattened, the search text would be built again for every piece counted.
  const [sample] = await queryRows<{ seen: number[]; n: number }>(
    db,
    sql`select array[${sql.join(
      pieces.map((piece) => sql`count(*) filter (where strpos(s, lower(${piece})) > 0)::int`),
      sql`, `,
    )}] as seen, count(*)::int as n
        from (select ${spec.search} as s from ${spec.table} tablesample system (${percent}) repeatable (0) offset 0) drawn`,
  );
  const seen = new Map(pieces.map((piece, i) => [piece, Number(sample?.seen[i] ?? 0)]));
  const total = Number(sample?.n ?? 0);
  const stretches = uncommonStretches(q, (piece) => total > 0 && (seen.get(piece) ?? 0) >= total * COMMON_SHARE);
  if (!stretches) return { stretches: null, where: whole };
  return {
    stretches,
    where: [
      ...stretches.map((part) => sql`${spec.search} like lower(${containsPattern(part)})`),
      sql`strpos(${spec.search}, lower(${q})) > 0`,
    ],
  };
}

function statusCondition(spec: TableSpec, status: string): SQL[] {
  return status === "all" ? [] : [spec.statusFilter(status)];
}

function whereClause(parts: SQL[]): SQL {
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

type RawRow = Record<string, unknown> & { id: string; sort_at: string };

/**
 * One page of a tab, newest first, plus whether there is a page on either
 * side. The cursor is the last row's exact time as PostgreSQL prints it
 * (microseconds and offset, which a JavaScript Date would round) and its id.
 */
export async function listPage(db: Executor, query: ListQuery): Promise<{ rows: RawRow[]; hasNewer: boolean; hasOlder: boolean }> {
  const spec = SPECS[query.tab];
  // The status and the cursor; the search is added to these by each of the two ways below.
  const where = statusCondition(spec, query.status);
  const backwards = Boolean(query.before);
  const cursor = query.before ?? query.after;
  if (cursor) {
    where.push(
      backwards
        ? sql`(${spec.time}, id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : sql`(${spec.time}, id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  // Spelled exactly as the indexes are (drizzle writes DESC NULLS LAST): any other null order and PostgreSQL sorts the table instead.
  const order = backwards ? sql.raw("asc nulls first") : sql.raw("desc nulls last");
  let rows: RawRow[] = [];
  if (query.q) {
    // A common word matches often among the newest rows: look there first, walking the time index. When that
    // window holds a whole page, it is the right page (every match in it is newer than any match outside it).
    // lower() on both sides: the database's idea of case, the same one the index was built with.
    rows = await queryRows<RawRow>(
      db,
      sql`select * from (
            select ${spec.columns}, ${spec.time}::text as sort_at, ${spec.time} as sort_time, ${spec.search} as search_text
            from ${spec.table} ${whereClause(where)} order by ${spec.time} ${order}, id ${order} limit ${SEARCH_WINDOW}
          ) recent where search_text like lower(${containsPattern(query.q)})
          order by sort_time ${order}, id ${order} limit ${query.limit + 1}`,
    );
  }
  if (rows.length <= query.limit) {
    // A rare word (or a short page, or no search): the trigram index finds every match, then the few are sorted.
    const search = query.q ? (await indexedSearch(db, query.tab, query.q)).where : [];
    rows = await queryRows<RawRow>(
      db,
      sql`select ${spec.columns}, ${spec.time}::text as sort_at from ${spec.table} ${whereClause([...search, ...where])}
          order by ${spec.time} ${order}, id ${order} limit ${query.limit + 1}`,
    );
  }
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (backwards) page.reverse();
  return {
    rows: page,
    hasNewer: backwards ? more : Boolean(query.after),
    hasOlder: backwards ? true : more,
  };
}

/** One row of a tab by its id (a details panel's URL), or null when there is none. */
export async function readRow(db: Executor, tab: DashboardTab, id: string): Promise<RawRow | null> {
  const spec = SPECS[tab];
  const rows = await queryRows<RawRow>(
    db,
    sql`select ${spec.columns}, ${spec.time}::text as sort_at from ${spec.table} where id = ${id}::uuid`,
  );
  return rows[0] ?? null;
}

/** The export's rows, in batches of `size` by keyset: memory holds one batch, never the table. */
export async function* exportBatches(db: Executor, query: Pick<ListQuery, "tab" | "q" | "status">, size = 1000): AsyncGenerator<RawRow[]> {
  let after: Cursor | null = null;
  for (;;) {
    const { rows, hasOlder } = await listPage(db, { ...query, after, limit: size });
    if (rows.length) yield rows;
    if (!hasOlder || rows.length === 0) return;
    const last = rows.at(-1)!;
    after = { at: last.sort_at, id: last.id };
  }
}

/** The count cards: exact, read from the trigger-maintained counters (migration 0011), one row per table. */
export async function readCounts(db: Executor): Promise<DashboardCounts> {
  const rows = await queryRows<{ table_name: string; row_count: string | number }>(
    db,
    sql`select table_name, row_count from admin_row_counts`,
  );
  const of = (tab: DashboardTab) => Number(rows.find((r) => r.table_name === TABLE_NAMES[tab])?.row_count ?? 0);
  return { submissions: of("submissions"), appointments: of("appointments"), subscribers: of("subscribers") };
}

// --- a customer's other requests and appointments ---------------------------------

/** How many of a customer's other requests, and of her appointments, a submission's details show. */
const RELATED_LIMIT = 5;

interface CustomerOf {
  /** The submission whose details these are (left out of its own list). */
  rowId: string;
  email: string;
  userId: string | null;
}

type RelatedRaw = Record<string, unknown> & { k: number; id: string };

/**
 * The same customer's rows in one table, for every customer of a page in one query: her email in any case (the
 * `*_email_idx` on lower(email), migration 0016) or her account (the `*_user_id_idx`), looked up per customer by
 * index in a nested loop, then the newest RELATED_LIMIT of each kept.
 */
async function relatedIn(db: Executor, customers: readonly CustomerOf[], table: "submissions" | "appointments"): Promise<RelatedRaw[]> {
  const spec = SPECS[table];
  const columns =
    table === "submissions"
      ? sql.raw("r.id, r.event_type, r.event_date::text as event_date, r.status, r.created_at")
      : sql.raw("r.id, r.preferred_date::text as preferred_date, r.preferred_time, r.status, r.created_at");
  const values = sql.join(
    customers.map((c, k) => sql`(${k}::int, ${c.email.toLowerCase()}::text, ${c.userId}::text, ${c.rowId}::uuid)`),
    sql`, `,
  );
  return queryRows<RelatedRaw>(
    db,
    sql`select * from (
          select c.k, ${columns}, row_number() over (partition by c.k order by r.created_at desc nulls last, r.id desc) as n
          from (values ${values}) as c(k, email, user_id, row_id)
          join ${spec.table} r on (lower(r.email) = c.email or r.user_id = c.user_id) and r.id <> c.row_id
        ) found where n <= ${RELATED_LIMIT}`,
  );
}

/** One customer's other requests and appointments. */
type Related = { otherRequests: RelatedRequest[]; appointments: RelatedAppointment[] };

/**
 * For each submission on a page: the customer's other requests and her appointments (same email, any case,
 * or same account), RELATED_LIMIT of each, newest first. Two queries for the whole page, by index.
 */
export async function customerHistory(db: Executor, customers: readonly CustomerOf[]): Promise<Map<string, Related>> {
  const out = new Map<string, Related>();
  for (const customer of customers) out.set(customer.rowId, { otherRequests: [], appointments: [] });
  if (customers.length === 0) return out;
  const [requests, fittings] = await Promise.all([relatedIn(db, customers, "submissions"), relatedIn(db, customers, "appointments")]);
  const newestFirst = (a: RelatedRaw, b: RelatedRaw) => iso(b.created_at).localeCompare(iso(a.created_at)) || b.id.localeCompare(a.id);
  // Each row under its customer's submission, newest first.
  const of = (row: RelatedRaw) => out.get(customers[Number(row.k)]!.rowId)!;
  for (const row of requests.sort(newestFirst)) {
    of(row).otherRequests.push({
      id: row.id,
      at: iso(row.created_at),
      eventType: String(row.event_type),
      eventDate: text(row.event_date),
      status: String(row.status),
    });
  }
  for (const row of fittings.sort(newestFirst)) {
    of(row).appointments.push({
      id: row.id,
      at: iso(row.created_at),
      preferredDate: String(row.preferred_date),
      preferredTime: String(row.preferred_time),
      status: String(row.status),
    });
  }
  return out;
}

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
/** A timestamp as a Date: the CSV writes it on the boutique's clock. */
const instant = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toSubmission(row: RawRow): Omit<SubmissionRow, "history" | "images" | "otherRequests" | "appointments"> {
  return {
    kind: "submissions",
    id: row.id,
    at: iso(row.created_at),
    status: String(row.status),
    name: String(row.name),
    email: String(row.email),
    phone: text(row.phone),
    eventType: String(row.event_type),
    eventDate: text(row.event_date),
    venue: text(row.venue),
    stylePreference: text(row.style_preference),
    colors: text(row.colors),
    vision: String(row.vision),
    budget: text(row.budget),
    userId: text(row.user_id),
  };
}

export function toAppointment(row: RawRow): Omit<AppointmentRow, "history" | "pullList" | "upcoming"> {
  return {
    kind: "appointments",
    id: row.id,
    at: iso(row.created_at),
    status: String(row.status),
    name: String(row.name),
    email: String(row.email),
    phone: text(row.phone),
    appointmentType: String(row.appointment_type),
    preferredDate: String(row.preferred_date),
    preferredTime: String(row.preferred_time),
    notes: text(row.notes),
  };
}

export function toSubscriber(row: RawRow): Omit<SubscriberRow, "history"> {
  return {
    kind: "subscribers",
    id: row.id,
    at: iso(row.subscribed_at),
    status: row.is_active === true || row.is_active === "t" ? "active" : "inactive",
    email: String(row.email),
  };
}

/** A CSV column: its header and its cell, written on the boutique's clock (`timeZone`). */
interface ExportColumn {
  header: string;
  value(row: RawRow, timeZone: string): string | null;
}

const stored = (name: string): ExportColumn => ({ header: name, value: (r) => text(r[name]) });

/** A timestamp twice: as SPEC writes times ("Tuesday, December 1, 2026 at 2:00 PM"), then ISO 8601 with its offset. */
const timestamp = (name: string): ExportColumn[] => [
  { header: name, value: (r, timeZone) => formatDateTime(instant(r[name]), timeZone) },
  { header: `${name}_iso`, value: (r, timeZone) => isoDateTimeIn(instant(r[name]), timeZone) },
];

/**
 * The CSV columns of each tab, in order: every stored field SPEC §3 names, written as staff read them (a budget's
 * label, a day and time in words on the boutique's clock), each time also in ISO 8601 beside it for a spreadsheet.
 * A status keeps its stored spelling, as its badge does.
 */
export const EXPORT_COLUMNS: Record<DashboardTab, ExportColumn[]> = {
  submissions: [
    ...["id", "name", "email", "phone"].map(stored),
    { header: "event_type", value: (r) => eventTypeLabel(String(r.event_type)) },
    { header: "event_date", value: (r) => (r.event_date ? formatDay(String(r.event_date)) : null) },
    ...["venue", "style_preference", "colors", "vision"].map(stored),
    { header: "budget", value: (r) => (r.budget ? budgetLabel(String(r.budget)) : null) },
    ...["user_id", "status"].map(stored),
    ...timestamp("created_at"),
  ],
  appointments: [
    ...["id", "name", "email", "phone"].map(stored),
    { header: "appointment_type", value: (r) => appointmentTypeLabel(String(r.appointment_type)) },
    { header: "preferred_date", value: (r) => formatDay(String(r.preferred_date), "weekday") },
    { header: "preferred_time", value: (r) => formatTimeOfDay(String(r.preferred_time)) },
    { header: "preferred_at_iso", value: (r, timeZone) => isoSlotIn(String(r.preferred_date), String(r.preferred_time), timeZone) },
    ...["notes", "user_id", "status"].map(stored),
    ...timestamp("created_at"),
  ],
  subscribers: [
    ...["id", "email"].map(stored),
    { header: "is_active", value: (r) => (r.is_active === true || r.is_active === "t" ? "true" : "false") },
    ...timestamp("subscribed_at"),
  ],
};
