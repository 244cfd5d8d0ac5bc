import * as z from "zod/mini";
import { hasControlCharacters } from "~/lib/fields";
import { inputHints } from "~/lib/forms";
import { NEWSLETTER_MESSAGES } from "./constants";

// The messages belong with the schema that gives them: pages outside the module read them here.
export { NEWSLETTER_MESSAGES };

/**
 * One mailbox: a dot-atom local part (letters, digits and !#$%&'*+/=?^_{|}~-,
 * dots only between them: no commas, semicolons, angle brackets, spaces,
 * double quotes or control characters), one @, and a host name with a dot.
 */
const SINGLE_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * SPEC §5 newsletter email: trimmed, non-empty, contains '@', and matches
 * non-space '@' non-space '.' non-space. One schema for the browser (to answer
 * at once), the action (which decides) and the input's attributes
 * (`inputAttributes` from `~/lib/forms`).
 */
const newsletterEmail = z
  .pipe(
    z.string({ error: NEWSLETTER_MESSAGES.invalidEmail }).check(
      z.trim(),
      z.minLength(1, NEWSLETTER_MESSAGES.invalidEmail),
      z.refine((value: string) => value.includes("@"), NEWSLETTER_MESSAGES.invalidEmail),
      z.regex(/^\S+@\S+\.\S+$/, NEWSLETTER_MESSAGES.invalidEmail),
      // `\S` matches NUL and other controls, which PostgreSQL text cannot hold (a 5xx): no address has them.
      z.refine((value: string) => !hasControlCharacters(value), NEWSLETTER_MESSAGES.invalidEmail),
      // Not in SPEC's newsletter rule; the same ceiling as every other email field (§5), so the database never holds an unbounded string.
      z.maxLength(255, NEWSLETTER_MESSAGES.tooLong),
      // Exactly one mailbox, so a mailer can never read it as several recipients or a display name.
      z.regex(SINGLE_ADDRESS, NEWSLETTER_MESSAGES.invalidEmail),
    ),
    // Stored and compared normalised: the domain is case-insensitive (the local part belongs to the receiving server).
    z.transform((value: string) => {
      const at = value.lastIndexOf("@");
      return `${value.slice(0, at)}@${value.slice(at + 1).toLowerCase()}`;
    }),
  )
  .register(inputHints, { type: "email", autoComplete: "email", inputMode: "email" });

export const newsletterSignupSchema = z.object({ email: newsletterEmail });
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;
