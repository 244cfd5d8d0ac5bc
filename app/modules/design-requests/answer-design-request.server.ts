import { data, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/lib/context.server";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { formFailure } from "~/lib/forms";
import { tooManyRequests } from "~/lib/too-many-requests.server";
import { MAX_IMAGE_BYTES, MAX_IMAGES, UPLOAD_MESSAGES } from "~/modules/uploads/uploads";
import {
  isStorageFull,
  receiveUpload,
  removeImages,
  storeImages,
  UploadRefused,
  uploadsTmpFolder,
  type ReceivedForm,
  type StoredImage,
} from "~/modules/uploads/uploads.server";
import { designImageUrl } from "./image-url";
import { checkStep, DESIGN_MESSAGES, designFieldErrors, designRequestSchema } from "./schema";
import { submitDesignRequest } from "./submission.server";
import type { DesignRequestResult } from "./types";

type Context = Readonly<RouterContextProvider>;

/** The answer with its status and headers: the page's action returns it, /custom-design/submit sends it as JSON. */
export type DesignRequestAnswer = ReturnType<typeof data<DesignRequestResult>>;

const FIELDS = ["name", "email", "phone", "eventType", "eventDate", "venue", "stylePreference", "colors", "vision", "budget", "website"];

/** The file input's name. */
const IMAGES_FIELD = "images";

/**
 * A posted custom design request, judged and (when it passes) stored with its
 * inspiration images. The body streams in (the request guard's `uploads`
 * kind): files go to a temporary folder while their bytes are counted and
 * sniffed, and are re-encoded only once the fields have passed and the client
 * is within its limit. 200 (with whether the event is under 8 weeks away);
 * else a FormFailure whose formError is the toast: 400 with the first
 * message and one per field (an image's under `images`);
 * 413 past UPLOAD_LIMIT_BYTES; 415 for a body that is not multipart; 429 past
 * the per-client limit; 503 when the database fails. A refusal stores nothing.
 * `signedInUserId` tells who is asking (the route asks the accounts module):
 * the shopper's id, or null for a guest. It is asked only once the request has
 * passed, inside the answer's error handling.
 */
export async function answerDesignRequest(
  request: Request,
  context: Context,
  signedInUserId: () => Promise<string | null>,
): Promise<DesignRequestAnswer> {
  const services = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  let received: ReceivedForm;
  try {
    received = await receiveUpload(request, {
      tmpDir: uploadsTmpFolder(services.env),
      fileFields: [IMAGES_FIELD],
      maxFiles: MAX_IMAGES,
      maxFileBytes: MAX_IMAGE_BYTES,
    });
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    logger.info({ status: error.status, reason: error.message }, "design request body refused");
    return data<DesignRequestResult>(formFailure(error.message), {
      status: error.status,
      headers: error.status === 413 ? { Connection: "close" } : undefined,
    });
  }
  try {
    return await judge(received, context, signedInUserId);
  } finally {
    await received.cleanup();
  }
}

async function judge(received: ReceivedForm, context: Context, signedInUserId: () => Promise<string | null>): Promise<DesignRequestAnswer> {
  const services = context.get(servicesContext);
  const { logger, clientIp } = context.get(requestContext);
  const raw = Object.fromEntries(FIELDS.map((key) => [key, received.fields[key]]));
  const values = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, (value ?? "").slice(0, 2000)]));
  const refuse = (field: string, message: string): DesignRequestAnswer =>
    data<DesignRequestResult>(formFailure(message, { [field]: [message] }, values), { status: 400 });
  // The step checks first (SPEC: "the same check runs on submit"), then the whole schema.
  for (const step of [1, 2, 3] as const) {
    const problem = checkStep(step, raw);
    if (problem) return refuse(problem.field, problem.message);
  }
  const parsed = designRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? DESIGN_MESSAGES.checkForm;
    return data<DesignRequestResult>(formFailure(message, designFieldErrors(parsed.error), values), { status: 400 });
  }
  if (parsed.data.website) {
    logger.warn({ clientIp }, "design request honeypot filled");
    return data<DesignRequestResult>(formFailure(DESIGN_MESSAGES.failed, {}, values), { status: 400 });
  }
  if (received.problem) return refuse(received.problem.field, received.problem.message);

  const store = services.images;
  let stored: StoredImage[] = [];
  try {
    const verdict = await limit(context, rateLimitRules(services.env).designRequest);
    if (verdict.refusal) return tooManyRequests(verdict.refusal, values);
    const kept = await storeImages(received.files, store, "design-requests");
    if (!kept.ok) return refuse(kept.problem.field, kept.problem.message);
    stored = kept.images;
    // A signed-in shopper's request joins her account; a guest's keeps user_id null.
    const userId = await signedInUserId();
    const outcome = await submitDesignRequest(services.database.db, parsed.data, {
      settings: services.env,
      userId,
      appUrl: services.env.APP_URL,
      images: stored,
    });
    if (outcome.status === "refused") {
      await removeImages(stored, store);
      return refuse(outcome.field, outcome.message);
    }
    services.nudgeMail();
    logger.info({ submissionId: outcome.id, shortNotice: outcome.shortNotice, images: stored.length }, "design request submitted");
    // A signed-in requester may see her images again (a guest's are for staff only): she gets their addresses.
    const imageUrls = userId
      ? stored.map((image) => ({ url: designImageUrl(image.id), thumbUrl: designImageUrl(image.id, "thumb") }))
      : undefined;
    return data<DesignRequestResult>({ ok: true, shortNotice: outcome.shortNotice, images: stored.length, imageUrls });
  } catch (error) {
    await removeImages(stored, store);
    logger.error({ err: error }, "design request failed");
    const message = isStorageFull(error) ? UPLOAD_MESSAGES.storageFull : DESIGN_MESSAGES.failed;
    return data<DesignRequestResult>(formFailure(message, {}, values), { status: 503 });
  }
}
