// The admin dashboard's client-safe front door: its tabs, statuses, texts
// (SPEC §2, §4, §8 and §9, word for word) and badge looks.
import { APPOINTMENT_STATUSES, SUBMISSION_STATUSES } from "~/db/constants";
import type { BadgeVariant } from "~/components/ui/badge";
import { formatSlot } from "~/lib/format";
import { BUDGET_LABELS, EVENT_TYPE_LABELS } from "~/modules/design-requests/schema";

export {
  addDays,
  agendaDays,
  AGENDA_MESSAGES,
  AGENDA_VIEWS,
  agendaHref,
  parseAgendaDay,
  weekStart,
  type Agenda,
  type AgendaEntry,
  type AgendaView,
} from "./agenda";

export const DASHBOARD_MESSAGES = {
  refreshed: "Data refreshed",
  statusUpdated: "Status updated successfully",
  statusFailed: "Failed to update status",
  deleted: "Item deleted successfully",
  deleteFailed: "Failed to delete item",
  noData: "No data to export",
  loggedOut: "Logged out successfully",
  loadFailed: "Failed to load data",
  confirmDelete: "Are you sure you want to delete this item?",
  /** Ours (issue 26): deleting a fitting still to come would leave the customer to turn up. */
  cancelFirst: "Cancel it first",
  /** Ours (issue 26): two staff changed one fitting at once; the first change stands. */
  changedElsewhere: (now: string) =>
    `Someone else changed this fitting first: it is now ${statusLabel(now).toLowerCase()}. Nothing was changed; choose again if needed.`,
} as const;

export const DASHBOARD_TABS = [
  {
    id: "submissions",
    label: "Custom Design Submissions",
    countLabel: "Design submissions",
    empty: "No submissions found",
    statuses: SUBMISSION_STATUSES,
    /** Subscribers have no status change control (SPEC §4). */
    editable: true,
  },
  {
    id: "appointments",
    label: "Appointments",
    countLabel: "Appointments",
    empty: "No appointments found",
    statuses: APPOINTMENT_STATUSES,
    editable: true,
  },
  {
    id: "subscribers",
    label: "Newsletter Subscribers",
    countLabel: "Newsletter subscribers",
    empty: "No subscribers found",
    statuses: ["active", "inactive"] as const,
    editable: false,
  },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];
export const DEFAULT_TAB: DashboardTab = "submissions";
export const PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;

export function tabInfo(tab: DashboardTab) {
  return DASHBOARD_TABS.find((t) => t.id === tab)!;
}

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === "string" && DASHBOARD_TABS.some((t) => t.id === value);
}

/**
 * SPEC §4: pending secondary; cancelled destructive; contacted, in-progress, confirmed, completed default.
 * Ours (issue 26): no-show outlined in the destructive colour, told apart from cancelled by its shape and its word.
 * Subscribers: active default, inactive secondary. A booking with no status yet (null) is pending.
 */
export function statusBadgeVariant(status: string | null): BadgeVariant {
  if (status === null || status === "pending" || status === "inactive") return "secondary";
  if (status === "cancelled") return "destructive";
  if (status === "no-show") return "outline";
  return "default";
}

/** 'in-progress' → 'In progress', 'no-show' → 'No-show', for labels; the badge and the stored value keep SPEC's spelling. */
export function statusLabel(status: string): string {
  if (status === "no-show") return "No-show";
  const words = status.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored choice as the form that took it shows it: "2500-5000" → "$2,500 - $5,000" (the design form's own labels). */
export function budgetLabel(budget: string): string {
  return (BUDGET_LABELS as Record<string, string>)[budget] ?? budget;
}

/** "wedding" → "Wedding", as the design form offers it. */
export function eventTypeLabel(eventType: string): string {
  return (EVENT_TYPE_LABELS as Record<string, string>)[eventType] ?? statusLabel(eventType);
}

/** An appointment's type ("fitting", the only one the fitting room books) as staff read it: "Fitting". */
export function appointmentTypeLabel(type: string): string {
  return statusLabel(type);
}

const SLOT_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

/** A fitting's slot as the audit log keeps it: '2026-12-03 15:00' (the boutique's wall clock). */
export function slotText(date: string, time: string): string {
  return `${date} ${time}`;
}

/** An audit entry's from or to as staff read it: a slot written out ("Thursday, December 3, 2026 at 3:00 PM"), a status as it is. */
export function auditValueText(value: string | null): string {
  if (value === null) return "none";
  const slot = SLOT_TEXT.exec(value);
  return slot ? formatSlot(slot[1]!, slot[2]!) : value;
}

/** The dashboard URL of a view: tab, search, filter and page all live in it, and the row whose details are open (`id`). */
export function dashboardHref(view: {
  tab: DashboardTab;
  id?: string;
  q?: string;
  status?: string;
  after?: string;
  before?: string;
  page?: number;
}): string {
  const params = new URLSearchParams();
  params.set("tab", view.tab);
  if (view.id) params.set("id", view.id);
  if (view.q) params.set("q", view.q);
  if (view.status && view.status !== "all") params.set("status", view.status);
  if (view.after) params.set("after", view.after);
  if (view.before) params.set("before", view.before);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  return `/admin/dashboard?${params.toString()}`;
}

/** A row's details as an absolute link for a staff mail: `${appUrl}/admin/dashboard?tab=…&id=…` (APP_URL). */
export function dashboardDetailsUrl(appUrl: string, tab: DashboardTab, id: string): string {
  return new URL(dashboardHref({ tab, id }), `${appUrl.replace(/\/+$/, "")}/`).toString();
}
