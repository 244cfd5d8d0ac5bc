// The design-requests module's server front door: a request's inspiration images (read, served, removed); taking a
// request in (submission.server.ts), answering the posted form (answer-design-request.server.ts) and a customer's own
// requests (customer-requests.server.ts) are offered from here too.
import type { Database } from "~/db/client.server";
import { Readable } from "node:stream";
import { asc, eq, inArray, or } from "drizzle-orm";
import { customDesignSubmissions, designRequestImages } from "~/db/schema/design-requests";
import { isUuid } from "~/lib/uuid";
import type { ImageStore } from "~/modules/uploads/uploads.server";
import { designImageUrl } from "./image-url";

export { answerDesignRequest } from "./answer-design-request.server";
export { submitDesignRequest } from "./submission.server";
export { claimGuestDesignRequests, listDesignRequests, unlinkDesignRequestsOf } from "./customer-requests.server";
export { deleteDesignRequestRow, setDesignRequestStatus } from "./staff-status.server";

// --- inspiration images ------------------------------------------------------------

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
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(designRequestImages)
    .where(inArray(designRequestImages.submissionId, [...submissionIds]))
    .orderBy(asc(designRequestImages.submissionId), asc(designRequestImages.position));
  const images = rows.map(({ id, submissionId, position, width, height }): DesignImage => ({
    id,
    submissionId,
    position,
    width,
    height,
    url: designImageUrl(id),
    thumbUrl: designImageUrl(id, "thumb"),
  }));
  return Map.groupBy(images, (image) => image.submissionId);
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

/** Which of these storage keys are a recorded image's picture or thumbnail (the start-up sweep of the uploads folder asks). */
export async function recordedDesignImageKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let at = 0; at < keys.length; at += 500) {
    const batch = keys.slice(at, at + 500);
    const rows = await db
      .select({ key: designRequestImages.key, thumbKey: designRequestImages.thumbKey })
      .from(designRequestImages)
      .where(or(inArray(designRequestImages.key, batch), inArray(designRequestImages.thumbKey, batch)));
    for (const row of rows) known.add(row.key).add(row.thumbKey);
  }
  return known;
}
