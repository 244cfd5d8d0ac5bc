import type { DashboardTab } from "./admin";

export interface HistoryEntry {
  id: number;
  at: string;
  action: "status-change" | "delete";
  from: string | null;
  to: string | null;
  /** Who did it: the admin's email (kept in the entry, so it outlives the account). */
  actor: string;
}

interface RowBase {
  id: string;
  /** The row's time, ISO. */
  at: string;
  status: string;
  history: HistoryEntry[];
}

export interface SubmissionRow extends RowBase {
  kind: "submissions";
  name: string;
  email: string;
  phone: string | null;
  eventType: string;
  eventDate: string | null;
  venue: string | null;
  stylePreference: string | null;
  colors: string | null;
  vision: string;
  budget: string | null;
}

export interface AppointmentRow extends RowBase {
  kind: "appointments";
  name: string;
  email: string;
  phone: string | null;
  appointmentType: string;
  preferredDate: string;
  preferredTime: string;
  notes: string | null;
}

export interface SubscriberRow extends RowBase {
  kind: "subscribers";
  email: string;
}

export type DashboardRow = SubmissionRow | AppointmentRow | SubscriberRow;

export interface DashboardCounts {
  submissions: number;
  appointments: number;
  subscribers: number;
}

export interface DashboardView {
  tab: DashboardTab;
  q: string;
  status: string;
  page: number;
}

export interface DashboardPage {
  view: DashboardView;
  rows: DashboardRow[];
  /** Cursors of the neighbouring pages (keyset), or null at either end. */
  newer: string | null;
  older: string | null;
}

export interface ActivityEntry extends HistoryEntry {
  entity: DashboardTab;
  entityId: string;
  /** What the row was, in a few words (name or email), from the entry itself. */
  label: string;
}
