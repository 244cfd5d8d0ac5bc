// Taking a custom design request in: the row, its images' rows and the two mails, in one transaction. Used by the
// posted form's answer (answer-design-request.server.ts) and offered by the front door.
import type { Database } from "~/db/client.server";
import { customDesignSubmissions, designRequestImages } from "~/db/schema/design-requests";
import { BRAND } from "~/lib/brand";
import { formatDateTime, formatDay, isoDateIn } from "~/lib/format";
import type { Env } from "~/lib/env.server";
import { dashboardDetailsUrl } from "~/modules/admin/admin";
import { brandedMail, enqueueMail, staffNotice, type MailMessage, type StaffNoticeSettings } from "~/modules/mail/mail.server";
import type { StoredImage } from "~/modules/uploads/uploads.server";
import { BUDGET_LABELS, daysUntil, DESIGN_MESSAGES, EVENT_TYPE_LABELS, LEAD_TIME_DAYS, type DesignRequest } from "./schema";
import type { DesignRequestOutcome } from "./types";

const DESIGN_CONFIRMATION_MAIL_KIND = "design-request-confirmation";
const DESIGN_NOTICE_MAIL_KIND = "design-request-notice";

interface SubmitOptions {
  /** The boutique's clock, and its inbox with STAFF_NOTIFICATIONS (the notice to staff). */
  settings: Pick<Env, "BOUTIQUE_TIME_ZONE"> & StaffNoticeSettings;
  /** The signed-in shopper's id, or null for a guest. */
  userId: string | null;
  appUrl: string;
  /** Inspiration images already re-encoded and stored; recorded with the request, in its transaction. */
  images?: readonly StoredImage[];
  now?: Date;
}

/**
 * Stores a custom design request (SPEC §3's row, empty optional fields as
 * null, status pending) and queues, in the same transaction, a confirmation
 * to the customer and a notice to the boutique. An event date in the past is
 * refused; one less than 8 weeks away is accepted and flagged.
 */
export async function submitDesignRequest(db: Database, input: DesignRequest, options: SubmitOptions): Promise<DesignRequestOutcome> {
  const today = isoDateIn(options.now ?? new Date(), options.settings.BOUTIQUE_TIME_ZONE);
  let shortNotice = false;
  if (input.eventDate) {
    const days = daysUntil(input.eventDate, today);
    if (days < 0) return { status: "refused", field: "eventDate", message: DESIGN_MESSAGES.pastDate };
    shortNotice = days < LEAD_TIME_DAYS;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customDesignSubmissions)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        eventType: input.eventType,
        eventDate: input.eventDate,
        venue: input.venue,
        stylePreference: input.stylePreference,
        colors: input.colors,
        vision: input.vision,
        budget: input.budget,
        userId: options.userId,
        status: "pending",
      })
      .returning({ id: customDesignSubmissions.id });
    if (!row) throw new Error("submitDesignRequest: the row was not written");
    const images = options.images ?? [];
    if (images.length > 0) {
      await tx.insert(designRequestImages).values(
        images.map((image, position) => ({
          id: image.id,
          submissionId: row.id,
          position,
          key: image.key,
          thumbKey: image.thumbKey,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          sourceType: image.sourceType,
          sourceBytes: image.sourceBytes,
        })),
      );
    }
    await enqueueMail(tx, confirmationMail(input, shortNotice));
    const notice = noticeMail(input, row.id, shortNotice, options, images.length);
    if (notice) await enqueueMail(tx, notice);
    return { status: "submitted", id: row.id, shortNotice } satisfies DesignRequestOutcome;
  });
}

function rows(input: DesignRequest) {
  const out: { label: string; value: string }[] = [{ label: "Event", value: EVENT_TYPE_LABELS[input.eventType] }];
  if (input.eventDate) out.push({ label: "Event date", value: formatDay(input.eventDate) });
  if (input.venue) out.push({ label: "Venue", value: input.venue });
  if (input.stylePreference) out.push({ label: "Style", value: input.stylePreference });
  if (input.colors) out.push({ label: "Colours", value: input.colors });
  if (input.budget) out.push({ label: "Budget", value: BUDGET_LABELS[input.budget] });
  return out;
}

function confirmationMail(input: DesignRequest, shortNotice: boolean): MailMessage {
  return brandedMail({
    kind: DESIGN_CONFIRMATION_MAIL_KIND,
    to: input.email,
    subject: "We have your vision: your custom design request",
    preheader: "Our design team will be in touch within 24 hours.",
    blocks: [
      { kind: "heading", text: "Thank you for sharing your vision" },
      {
        kind: "paragraph",
        text: `Dear ${input.name}, your custom design request has reached ${BRAND.fullName}. Our design team will review it and be in touch within 24 hours to arrange your consultation.`,
      },
      { kind: "details", rows: rows(input) },
      { kind: "paragraph", text: `Your vision, in your words:\n${input.vision}` },
      ...(shortNotice ? [{ kind: "note" as const, text: DESIGN_MESSAGES.shortNotice }] : []),
      { kind: "note", text: `Questions in the meantime? Call us on ${BRAND.phone}.` },
    ],
  });
}

/** To the boutique's inbox, with a link to the request's details on the dashboard (null when STAFF_NOTIFICATIONS=none). */
function noticeMail(
  input: DesignRequest,
  id: string,
  shortNotice: boolean,
  options: SubmitOptions,
  imageCount: number,
): MailMessage | null {
  return staffNotice(options.settings, {
    topic: "design-requests",
    kind: DESIGN_NOTICE_MAIL_KIND,
    subject: `New custom design request from ${input.name}${shortNotice ? " (under 8 weeks)" : ""}`,
    preheader: `${EVENT_TYPE_LABELS[input.eventType]} request: reply within 24 hours.`,
    heading: "New custom design request",
    rows: [
      { label: "Name", value: input.name },
      { label: "Email", value: input.email },
      ...(input.phone ? [{ label: "Phone", value: input.phone }] : []),
      ...rows(input),
      { label: "Received", value: formatDateTime(options.now ?? new Date(), options.settings.BOUTIQUE_TIME_ZONE) },
      { label: "Reference", value: id },
      ...(imageCount > 0 ? [{ label: "Inspiration images", value: `${imageCount} (in the details)` }] : []),
    ],
    blocks: [
      { kind: "paragraph", text: input.vision },
      ...(shortNotice ? [{ kind: "note" as const, text: "The event is less than 8 weeks away." }] : []),
      { kind: "note", text: "The customer has been promised a reply within 24 hours." },
    ],
    detailsUrl: dashboardDetailsUrl(options.appUrl, "submissions", id),
  });
}
