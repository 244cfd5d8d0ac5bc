// The admin module's server front door: reading a dashboard view from a URL,
// loading it, changing a status, deleting, and exporting CSV. Routes call
// these after requireAdmin; every change is audited in the same transaction.
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { isUuid } from "~/lib/uuid";
import { DEFAULT_TAB, isDashboardTab, PAGE_SIZE, SEARCH_MAX_LENGTH, slotText, tabInfo, type DashboardTab } from "./admin";
import { historyFor, recentActivity, recordChange, type Actor } from "./audit.server";
import {
  deleteDesignRequestRow,
  designRequestFileKeys,
  imagesOfDesignRequests,
  removeDesignRequestFiles,
  setDesignRequestStatus,
} from "~/modules/design-requests/design-requests.server";
import { deleteSubscriberRow } from "~/modules/newsletter/newsletter.server";
import {
  cancelFitting,
  deleteFittingRow,
  isUpcomingFitting,
  pullListsFor,
  setFittingStatus,
  rescheduleFitting,
  type FittingClock,
  type StaffChangeOptions,
  type StaffChangeOutcome,
} from "~/modules/fittings/fittings.server";
import type { ImageStore } from "~/modules/uploads/uploads.server";
import {
  customerHistory,
  listPage,
  readCounts,
  readRow,
  toAppointment,
  toSubmission,
  toSubscriber,
  type Cursor,
} from "./dashboard-read-model.server";
import type { ActivityEntry, DashboardCounts, DashboardPage, DashboardRow, DashboardView } from "./types";

export { AGENDA_LIMIT, agendaQuery, loadAgenda } from "./agenda-read-model.server";

export { auditAvailability, type Actor } from "./audit.server";

export { exportCsv } from "./export.server";

// --- the view in the URL ------------------------------------------------------

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, "utf8").toString("base64url");
}

/** A cursor from the URL, or null when it is anything but what encodeCursor makes (a hand-edited URL shows the first page). */
function decodeCursor(value: string | null): Cursor | null {
  if (!value || value.length > 200) return null;
  const decoded = Buffer.from(value, "base64url").toString("utf8");
  const [at, id, extra] = decoded.split("|");
  if (extra !== undefined || !at || !id || !TIMESTAMP.test(at) || !isUuid(id)) return null;
  return { at, id };
}

interface ParsedView extends DashboardView {
  after: Cursor | null;
  before: Cursor | null;
  /** The row whose details panel is open (`?id=`), as asked: maybe not a UUID, maybe of no row. */
  id: string | null;
}

/** The view a URL asks for; anything unknown falls back to the default rather than failing. */
export function parseView(url: URL): ParsedView {
  const params = url.searchParams;
  const askedTab = params.get("tab");
  const tab: DashboardTab = isDashboardTab(askedTab) ? askedTab : DEFAULT_TAB;
  // Control characters become spaces: they can be in no stored field, and must not reach a query.
  const q = Array.from(params.get("q") ?? "", (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? " " : c))
    .join("")
    .trim()
    .slice(0, SEARCH_MAX_LENGTH);
  const askedStatus = params.get("status") ?? "all";
  const status = (tabInfo(tab).statuses as readonly string[]).includes(askedStatus) ? askedStatus : "all";
  const before = decodeCursor(params.get("before"));
  const after = before ? null : decodeCursor(params.get("after"));
  const page = after || before ? Math.min(Math.max(Number.parseInt(params.get("page") ?? "1", 10) || 1, 1), 1_000_000) : 1;
  const id = params.get("id");
  return { tab, q, status, page, after, before, id: id === null ? null : id.slice(0, 100) };
}

// --- loading ------------------------------------------------------------------

export interface Dashboard extends DashboardPage {
  counts: DashboardCounts;
  activity: ActivityEntry[];
}

/** `clock`: now and the boutique's zone, which tell a fitting still to come (it cannot be deleted before it is cancelled). */
export async function loadDashboard(db: Database, view: ParsedView, clock: FittingClock): Promise<Dashboard> {
  const [counts, page, activity] = await Promise.all([
    readCounts(db),
    listPage(db, { tab: view.tab, q: view.q, status: view.status, after: view.after, before: view.before, limit: PAGE_SIZE }),
    recentActivity(db, 10),
  ]);
  const history = await historyFor(
    db,
    view.tab,
    page.rows.map((r) => r.id),
  );
  const rows = await withDetails(db, view.tab, page.rows, history, clock);
  const first = page.rows[0];
  const last = page.rows.at(-1);
  return {
    view: { tab: view.tab, q: view.q, status: view.status, page: view.page },
    rows,
    newer: page.hasNewer && first ? encodeCursor({ at: first.sort_at, id: first.id }) : null,
    older: page.hasOlder && last ? encodeCursor({ at: last.sort_at, id: last.id }) : null,
    counts,
    activity,
  };
}

type PageRaw = Awaited<ReturnType<typeof listPage>>["rows"];

/**
 * The rows of the page shown, with what their details show: a submission's images and the customer's other
 * requests and appointments, an appointment's pull list. Only for these (at most PAGE_SIZE) rows, a few batched
 * queries in parallel, each by index.
 */
async function withDetails(
  db: Database,
  tab: DashboardTab,
  raws: PageRaw,
  history: Map<string, DashboardRow["history"]>,
  clock: FittingClock,
): Promise<DashboardRow[]> {
  const ids = raws.map((r) => r.id);
  if (tab === "submissions") {
    const base = raws.map(toSubmission);
    const [images, related] = await Promise.all([
      imagesOfDesignRequests(db, ids),
      customerHistory(
        db,
        base.map((row) => ({ rowId: row.id, email: row.email, userId: row.userId })),
      ),
    ]);
    return base.map((row) => ({
      ...row,
      history: history.get(row.id) ?? [],
      images: (images.get(row.id) ?? []).map(({ id, url, thumbUrl, width, height }) => ({ id, url, thumbUrl, width, height })),
      otherRequests: related.get(row.id)?.otherRequests ?? [],
      appointments: related.get(row.id)?.appointments ?? [],
    }));
  }
  if (tab === "appointments") {
    const pulls = await pullListsFor(db, ids);
    return raws.map(toAppointment).map((row) => ({
      ...row,
      upcoming: isUpcomingFitting(row, clock),
      history: history.get(row.id) ?? [],
      pullList: (pulls.get(row.id) ?? []).map(({ handle, title, imageUrl }) => ({ handle, title, imageUrl })),
    }));
  }
  return raws.map((raw) => ({ ...toSubscriber(raw), history: history.get(raw.id) ?? [] }));
}

/**
 * The row a details panel shows (`?tab=…&id=…`, a staff mail's link), with everything its details show, whether or
 * not it is on the page listed; null when the id is malformed or names no row of the tab (the panel says "not found").
 */
export async function loadRowDetails(db: Database, tab: DashboardTab, id: string, clock: FittingClock): Promise<DashboardRow | null> {
  if (!isUuid(id)) return null;
  const raw = await readRow(db, tab, id);
  if (!raw) return null;
  const history = await historyFor(db, tab, [id]);
  const [row] = await withDetails(db, tab, [raw], history, clock);
  return row ?? null;
}

// --- changes ------------------------------------------------------------------

type ChangeOutcome = { ok: true } | { ok: false; reason: "invalid" | "not-found" | "conflict" };
/** A fitting's status change may also find it changed first by someone else (`now`), or its day or time closed. */
type StatusOutcome = ChangeOutcome | { ok: false; reason: "stale"; now: string } | { ok: false; reason: "closed"; message: string };
/** A delete may also be refused because the fitting is still to come: "Cancel it first". */
type DeleteOutcome = ChangeOutcome | { ok: false; reason: "upcoming" };

function labelOf(row: { name?: unknown; email?: unknown }): string {
  return [row.name, row.email].filter((v) => typeof v === "string" && v).join(" · ");
}

/**
 * Sets a submission's or an appointment's status (any to any, SPEC §4) and
 * records it. An appointment that leaves pending/confirmed frees its slot
 * (cancelled_at); one that comes back takes its place again only if nobody
 * else holds it, else the change is refused as a conflict.
 *
 * With `fittingMail`, an upcoming fitting set to cancelled is cancelled as the
 * Cancel fitting button does it (`cancelFittingAsStaff`): the customer is
 * mailed the cancellation, whose invitation takes it out of their calendar.
 * A fitting already completed or missed that is set to cancelled is only
 * re-filed: there is nothing to tell the customer.
 */
export async function changeStatus(
  db: Database,
  actor: Actor,
  input: { tab: unknown; id: unknown; status: unknown; from?: unknown },
  fittingMail?: Omit<StaffChangeOptions, "within">,
): Promise<StatusOutcome> {
  const { tab, id, status, from } = input;
  if (!isDashboardTab(tab) || !tabInfo(tab).editable) return { ok: false, reason: "invalid" };
  if (typeof id !== "string" || !isUuid(id)) return { ok: false, reason: "invalid" };
  const statuses = tabInfo(tab).statuses as readonly string[];
  if (typeof status !== "string" || !statuses.includes(status)) return { ok: false, reason: "invalid" };
  // The status the form was drawn with (the agenda sends it): a fitting someone else changed since is not changed.
  if (from != null && from !== "" && (typeof from !== "string" || !statuses.includes(from))) return { ok: false, reason: "invalid" };
  const expected = tab === "appointments" && typeof from === "string" && from ? from : undefined;
  if (tab === "appointments" && status === "cancelled" && fittingMail) {
    const cancelled = await cancelFittingAsStaff(db, actor, id, fittingMail);
    if (cancelled.status === "cancelled") return { ok: true };
    if (cancelled.status === "refused" && cancelled.reason === "not-found") return { ok: false, reason: "not-found" };
    // Not an upcoming fitting (completed, no-show, or cancelled already): re-filed below, without mail.
  }
  try {
    return await db.transaction(async (tx) => {
      const change =
        tab === "appointments"
          ? await setFittingStatus(tx, id, status, { expected, capacity: fittingMail?.settings.FITTING_SLOT_CAPACITY })
          : await setDesignRequestStatus(tx, id, status);
      if (change === "not-found" || change === "conflict") return { ok: false, reason: change } as const;
      if ("stale" in change) return { ok: false, reason: "stale", now: change.stale } as const;
      if ("refused" in change) return { ok: false, reason: "closed", message: change.refused } as const;
      if (!change.changed) return { ok: true } as const;
      const { before } = change;
      await recordChange(tx, { actor, action: "status-change", tab, id, from: before.status, to: status, label: labelOf(before) });
      return { ok: true } as const;
    });
  } catch (error) {
    // Another booking took the slot between our check and the update: the unique index said no.
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict" };
    throw error;
  }
}

// --- fittings rescheduled or cancelled by staff ---------------------------------

/**
 * What a staff change of a fitting does in its transaction: records who moved or cancelled it, the slot it held,
 * and where it went (a slot, or 'cancelled').
 */
function auditedAs(actor: Actor, action: "reschedule" | "cancel", options: Omit<StaffChangeOptions, "within">): StaffChangeOptions {
  return {
    ...options,
    within: (tx, { appointment, from }) =>
      recordChange(tx, {
        actor,
        action,
        tab: "appointments",
        id: appointment.id,
        from: slotText(from.date, from.time),
        to: action === "cancel" ? "cancelled" : slotText(appointment.preferredDate, appointment.preferredTime),
        label: labelOf(appointment),
      }),
  };
}

/**
 * Reschedules a fitting to another slot (the fittings module's rules and mail)
 * and records who did, from which slot to which, in the same transaction.
 */
export async function rescheduleFittingAsStaff(
  db: Database,
  actor: Actor,
  input: { id: string; date: string; time: string },
  options: Omit<StaffChangeOptions, "within">,
): Promise<StaffChangeOutcome> {
  return rescheduleFitting(db, input, auditedAs(actor, "reschedule", options));
}

/** Cancels a fitting for the boutique (the customer is mailed) and records it: the slot it held, then 'cancelled'. */
export async function cancelFittingAsStaff(
  db: Database,
  actor: Actor,
  id: string,
  options: Omit<StaffChangeOptions, "within">,
): Promise<StaffChangeOutcome> {
  return cancelFitting(db, id, auditedAs(actor, "cancel", options));
}

interface DeleteOptions extends FittingClock {
  /** Where a submission's inspiration images are stored: their files go once the delete has committed (decision 0013). */
  store: ImageStore;
  /** Told when a file could not be removed; the delete itself stands. */
  onFileError?: (error: unknown, keys: readonly string[]) => void;
}

/**
 * Deletes one row of a tab and records what it was; its audit entries stay.
 * A fitting still to come is not deleted ("upcoming"): cancelling it first
 * mails the customer, where a delete would leave her to turn up.
 * A submission's image rows go with it (ON DELETE CASCADE); its files are
 * removed after the transaction commits, never before (a rolled-back delete
 * keeps its pictures).
 */
export async function deleteItem(
  db: Database,
  actor: Actor,
  input: { tab: unknown; id: unknown },
  options: DeleteOptions,
): Promise<DeleteOutcome> {
  const { tab, id } = input;
  if (!isDashboardTab(tab)) return { ok: false, reason: "invalid" };
  if (typeof id !== "string" || !isUuid(id)) return { ok: false, reason: "invalid" };
  // Images are written only with their request, so the keys read now are all it will ever have.
  const fileKeys = tab === "submissions" ? await designRequestFileKeys(db, id) : [];
  const outcome = await deleteRow(db, actor, tab, id, options);
  if (outcome.ok && fileKeys.length > 0) {
    try {
      await removeDesignRequestFiles(options.store, fileKeys);
    } catch (error) {
      options.onFileError?.(error, fileKeys);
    }
  }
  return outcome;
}

async function deleteRow(db: Database, actor: Actor, tab: DashboardTab, id: string, clock: FittingClock): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    let gone: { from: string; name?: string; email: string } | null;
    if (tab === "subscribers") {
      const row = await deleteSubscriberRow(tx, id);
      gone = row && { from: row.active ? "active" : "inactive", email: row.email };
    } else {
      const row = tab === "appointments" ? await deleteFittingRow(tx, id, clock) : await deleteDesignRequestRow(tx, id);
      if (row === "upcoming") return { ok: false, reason: "upcoming" } as const;
      gone = row && { from: row.status, name: row.name, email: row.email };
    }
    if (!gone) return { ok: false, reason: "not-found" } as const;
    await recordChange(tx, { actor, action: "delete", tab, id, from: gone.from, to: null, label: labelOf(gone) });
    return { ok: true } as const;
  });
}
