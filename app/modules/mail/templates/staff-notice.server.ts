import type { Env } from "~/lib/env.server";
import type { MailMessage } from "../types";
import { brandedMail, type MailBlock } from "./layout.server";

/** What a staff notice is about: STAFF_NOTIFICATIONS=design-only keeps only the design requests'. */
export type StaffNoticeTopic = "fittings" | "design-requests";

export type StaffNoticeSettings = Pick<Env, "BOUTIQUE_EMAIL" | "STAFF_NOTIFICATIONS">;

/** Whether STAFF_NOTIFICATIONS lets a notice on `topic` go out. */
export function staffWants(setting: StaffNoticeSettings["STAFF_NOTIFICATIONS"], topic: StaffNoticeTopic): boolean {
  return setting === "all" || (setting === "design-only" && topic === "design-requests");
}

export interface StaffNoticeInput {
  topic: StaffNoticeTopic;
  kind: string;
  subject: string;
  preheader: string;
  heading: string;
  /** The row's facts, times already written on the boutique's clock (lib/format). */
  rows: { label: string; value: string }[];
  /** Anything else staff should read: a customer's vision or note. */
  blocks?: MailBlock[];
  /** The absolute address of the row's details on the admin dashboard (`/admin/dashboard?tab=…&id=…`). */
  detailsUrl: string;
}

/**
 * A notice to the boutique's inbox (BOUTIQUE_EMAIL) in the house layout, with a button to the row's details; or null
 * when STAFF_NOTIFICATIONS leaves this topic out. Queue it in the transaction of the change it tells of.
 */
export function staffNotice(settings: StaffNoticeSettings, input: StaffNoticeInput): MailMessage | null {
  if (!staffWants(settings.STAFF_NOTIFICATIONS, input.topic)) return null;
  return brandedMail({
    kind: input.kind,
    to: settings.BOUTIQUE_EMAIL,
    subject: input.subject,
    preheader: input.preheader,
    blocks: [
      { kind: "heading", text: input.heading },
      { kind: "details", rows: input.rows },
      ...(input.blocks ?? []),
      { kind: "button", label: "Open the details", url: input.detailsUrl },
      { kind: "note", text: "Sent to the boutique's inbox (BOUTIQUE_EMAIL). STAFF_NOTIFICATIONS chooses which notices are mailed." },
    ],
  });
}
