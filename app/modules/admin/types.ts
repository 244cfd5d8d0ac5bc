import type { DashboardTab } from "./admin";
import type { AppointmentRequest } from "~/modules/fittings/types";

export interface HistoryEntry {
  id: number;
  at: string;
  /** A fitting's reschedule records its slots ('2026-12-03 15:00'); its cancellation the slot, then 'cancelled'. */
  action: "status-change" | "delete" | "reschedule" | "cancel";
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

/** An inspiration image of a submission: its thumbnail links to the full picture (both served to staff only). */
interface InspirationImage {
  id: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** One of the customer's other design requests (same email or same account), newest first. */
export interface RelatedRequest {
  id: string;
  at: string;
  eventType: string;
  eventDate: string | null;
  status: string;
}

/** One of the customer's appointments (same email or same account), newest first. */
export interface RelatedAppointment {
  id: string;
  at: string;
  preferredDate: string;
  preferredTime: string;
  status: string;
}

/** A dress the shopper asked to see at her fitting (copied from her wishlist when she booked). */
/** A dress to have ready for a fitting; `sizes`, when the catalogue was asked (the agenda), are those in stock. */
export interface PullListItem {
  handle: string;
  title: string;
  imageUrl: string | null;
  sizes?: string[];
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
  userId: string | null;
  images: InspirationImage[];
  /** The same customer's other requests and her appointments: a few of each, newest first. */
  otherRequests: RelatedRequest[];
  appointments: RelatedAppointment[];
}

export interface AppointmentRow extends RowBase, AppointmentRequest {
  kind: "appointments";
  /** Still to come (pending or confirmed, its slot not over): it is cancelled first, never deleted outright. */
  upcoming: boolean;
  pullList: PullListItem[];
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
