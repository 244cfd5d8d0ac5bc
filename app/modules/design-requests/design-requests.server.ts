import type { Database } from "~/db/client.server";
import { Readable } from "node:stream";
import { asc, eq, inArray } from "drizzle-orm";
import { customDesignSubmissions, designRequestImages } from "~/db/schema/design-requests";
import { BRAND } from "~/lib/brand";
import { formatDay, isoDateIn } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import type { Env } from "~/lib/env.server";
import { brandedMail, enqueueMail, type MailMessage } from "~/modules/mail/mail.server";
import type { ImageStore, StoredImage } from "~/modules/uploads/uploads.server";
import { BUDGET_LABELS, daysUntil, DESIGN_MESSAGES, EVENT_TYPE_LABELS, LEAD_TIME_DAYS, type DesignRequest } from "./schema";
import type { DesignRequestOutcome } from "./types";

export { answerDesignRequest } from "./answer-design-request.server";

const DESIGN_CONFIRMATION_MAIL_KIND = "design-request-confirmation";
const DESIGN_NOTICE_MAIL_KIND = "design-request-notice";

interface SubmitOptions {
  settings: Pick<Env, "BOUTIQUE_TIME_ZONE" | "BOUTIQUE_EMAIL">;
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
    await enqueueMail(tx, noticeMail(input, row.id, shortNotice, options, images.length));
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

function noticeMail(input: DesignRequest, id: string, shortNotice: boolean, options: SubmitOptions, imageCount: number): MailMessage {
  return brandedMail({
    kind: DESIGN_NOTICE_MAIL_KIND,
    to: options.settings.BOUTIQUE_EMAIL,
    subject: `New custom design request from ${input.name}${shortNotice ? " (under 8 weeks)" : ""}`,
    preheader: `${EVENT_TYPE_LABELS[input.eventType]} request: reply within 24 hours.`,
    blocks: [
      { kind: "heading", text: "New custom design request" },
      {
        kind: "details",
        rows: [
          { label: "Name", value: input.name },
          { label: "Email", value: input.email },
          ...(input.phone ? [{ label: "Phone", value: input.phone }] : []),
          ...rows(input),
          { label: "Reference", value: id },
          ...(imageCount > 0 ? [{ label: "Inspiration images", value: `${imageCount} (on the admin dashboard)` }] : []),
        ],
      },
      { kind: "paragraph", text: input.vision },
      ...(shortNotice ? [{ kind: "note" as const, text: "The event is less than 8 weeks away." }] : []),
      { kind: "note", text: `The customer has been promised a reply within 24 hours. ${options.appUrl}` },
    ],
  });
}

// --- inspiration images ------------------------------------------------------------

/** Where the browser asks for one image; `thumb` for its thumbnail. Served only to the requester and staff. */
export function designImageUrl(imageId: string, size: "full" | "thumb" = "full"): string {
  return `/custom-design/images/${imageId}${size === "thumb" ? "?size=thumb" : ""}`;
}

interface DesignImage {
  id: string;
  submissionId: string;
  position: number;
  width: number;
  height: number;
  url: string;
  thumbUrl: string;
}

/** The images of some requests, in the order they were sent, keyed by request id (for the admin dashboard and the account page). */
export async function imagesOfDesignRequests(db: Database, submissionIds: readonly string[]): Promise<Map<string, DesignImage[]>> {
  const out = new Map<string, DesignImage[]>();
  if (submissionIds.length === 0) return out;
  const rows = await db
    .select()
    .from(designRequestImages)
    .where(inArray(designRequestImages.submissionId, [...submissionIds]))
    .orderBy(asc(designRequestImages.submissionId), asc(designRequestImages.position));
  for (const row of rows) {
    const list = out.get(row.submissionId) ?? [];
    list.push({
      id: row.id,
      submissionId: row.submissionId,
      position: row.position,
      width: row.width,
      height: row.height,
      url: designImageUrl(row.id),
      thumbUrl: designImageUrl(row.id, "thumb"),
    });
    out.set(row.submissionId, list);
  }
  return out;
}

/**
 * The storage key of one image if this viewer may see it: staff always, the
 * signed-in requester for her own request; null for anyone else (a guest's
 * request has no owner, so only staff see its images) and for unknown ids.
 */
async function designImageKeyFor(
  db: Database,
  imageId: string,
  viewer: { id: string; isAdmin: boolean } | null,
  size: "full" | "thumb",
): Promise<string | null> {
  // Any case in the URL; the database's own spelling in the query.
  const id = imageId.toLowerCase();
  if (!viewer || !isUuid(id)) return null;
  const [row] = await db
    .select({ key: designRequestImages.key, thumbKey: designRequestImages.thumbKey, userId: customDesignSubmissions.userId })
    .from(designRequestImages)
    .innerJoin(customDesignSubmissions, eq(customDesignSubmissions.id, designRequestImages.submissionId))
    .where(eq(designRequestImages.id, id));
  if (!row) return null;
  if (!viewer.isAdmin && row.userId !== viewer.id) return null;
  return size === "thumb" ? row.thumbKey : row.key;
}

/**
 * One image as an HTTP answer for this viewer: the stored WebP, private to
 * the browser that asked; 404 for anyone who may not see it (whether or not it
 * exists), so an id reveals nothing.
 */
export async function designImageResponse(
  db: Database,
  store: ImageStore,
  imageId: string,
  viewer: { id: string; isAdmin: boolean } | null,
  size: "full" | "thumb",
): Promise<Response> {
  const key = await designImageKeyFor(db, imageId, viewer, size);
  const opened = key ? await store.open(key) : null;
  if (!opened)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(opened.bytes),
      "Cache-Control": "private, max-age=600",
      Vary: "Cookie",
      "Content-Disposition": "inline",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/**
 * The storage keys of a request's images (pictures and thumbnails). Its rows
 * go with the request (ON DELETE CASCADE), its files do not: whoever deletes a
 * request (the admin dashboard) reads these first, deletes, and once that has
 * committed calls `removeDesignRequestFiles`.
 */
export async function designRequestFileKeys(db: Database, submissionId: string): Promise<string[]> {
  const id = submissionId.toLowerCase();
  if (!isUuid(id)) return [];
  const rows = await db
    .select({ key: designRequestImages.key, thumbKey: designRequestImages.thumbKey })
    .from(designRequestImages)
    .where(eq(designRequestImages.submissionId, id));
  return rows.flatMap((row) => [row.key, row.thumbKey]);
}

/** Removes stored files by key (a missing file is fine). */
export async function removeDesignRequestFiles(store: ImageStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.remove(key)));
}
