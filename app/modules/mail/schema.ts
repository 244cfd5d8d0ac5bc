import * as z from "zod/mini";
import { isUuid } from "~/lib/uuid";

/** The outbox's Retry: what the toast says for each outcome. */
export const RETRY_MESSAGES = {
  queued: "Mail queued to send again",
  notFailed: "That mail is no longer failed: it was already retried or sent",
  notFound: "That mail could not be found",
  invalid: "Choose a failed mail to retry",
} as const;

/** The Retry button's form (the outbox page's action reads it; the button takes its attributes). */
export const mailRetrySchema = z.object({
  intent: z.literal("retry", { error: RETRY_MESSAGES.invalid }),
  id: z.string({ error: RETRY_MESSAGES.invalid }).check(
    z.trim(),
    z.refine((value: string) => isUuid(value), RETRY_MESSAGES.invalid),
  ),
});
