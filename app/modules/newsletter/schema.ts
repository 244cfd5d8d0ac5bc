import { z } from "zod";

import { NEWSLETTER_MESSAGES } from "./constants";

// The messages belong with the schema that gives them: pages outside the module read them here.
export { NEWSLETTER_MESSAGES };

// This schema also runs in the browser, where our CSP forbids eval: keep
// zod from compiling parsers with `new Function`.
z.config({ jitless: true });

/**
 * SPEC §5 newsletter email: trimmed, non-empty, contains '@', and matches
 * non-space '@' non-space '.' non-space. One schema for the browser (to answer
 * at once) and the action (which decides).
 */
export const newsletterEmail = z
  .string({ error: NEWSLETTER_MESSAGES.invalidEmail })
  .trim()
  .min(1, NEWSLETTER_MESSAGES.invalidEmail)
  .refine((value) => value.includes("@"), NEWSLETTER_MESSAGES.invalidEmail)
  .regex(/^\S+@\S+\.\S+$/, NEWSLETTER_MESSAGES.invalidEmail)
  // Not in SPEC's newsletter rule; the same ceiling as every other email field (§5), so the database never holds an unbounded string.
  .max(255, NEWSLETTER_MESSAGES.tooLong);

export const newsletterSignupSchema = z.object({ email: newsletterEmail });
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

/** The first message of a failed parse, for a toast or an inline alert. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? NEWSLETTER_MESSAGES.invalidEmail;
}
