// Every rate limit the boutique applies, in one place: what is counted, how
// many, over how long, and the words of its 429. Like env.server.ts (which
// the numbers come from), this file names the domains it serves.
import type { Env } from "./env.server";
import type { RateLimitRule } from "./rate-limit.server";

export interface LimitRule extends RateLimitRule {
  /**
   * What the 429 says was counted: "sign-up attempts" reads "Too many
   * sign-up attempts from your connection. Please try again in 3 minutes.";
   * null reads "Too many attempts. Please try again in 3 minutes." (for
   * limits that are not only per connection, such as an account's).
   */
  counted: string | null;
}

/** How much higher an account's sign-in ceiling across every client is than one client's limit (decision 0021). */
export const ACCOUNT_CEILING_FACTOR = 10;

export function rateLimitRules(env: Env) {
  const auth = (scope: string, limit: number): LimitRule => ({ scope, limit, windowMs: env.AUTH_RATE_WINDOW_MS, counted: null });
  const half = Math.max(1, Math.floor(env.AUTH_RATE_LIMIT / 2));
  return {
    newsletterSignup: {
      scope: "newsletter-signup",
      limit: env.NEWSLETTER_RATE_LIMIT,
      windowMs: env.NEWSLETTER_RATE_WINDOW_MS,
      counted: "sign-up attempts",
    },
    fittingBooking: {
      scope: "fitting-booking",
      limit: env.BOOKING_RATE_LIMIT,
      windowMs: env.BOOKING_RATE_WINDOW_MS,
      counted: "booking attempts",
    },
    /** A shopper moving or cancelling a fitting (her account or her mail's link): each sends a mail. */
    fittingChange: {
      scope: "fitting-change",
      limit: env.BOOKING_RATE_LIMIT,
      windowMs: env.BOOKING_RATE_WINDOW_MS,
      counted: "changes to fittings",
    },
    designRequest: {
      scope: "design-request",
      limit: env.BOOKING_RATE_LIMIT,
      windowMs: env.BOOKING_RATE_WINDOW_MS,
      counted: "design requests",
    },
    /** "Resend verification mail": counted per account (the key is the user's id), so a shared connection never stops another shopper. */
    verificationMail: {
      scope: "verification-mail",
      limit: env.VERIFICATION_MAIL_RATE_LIMIT,
      windowMs: env.VERIFICATION_MAIL_RATE_WINDOW_MS,
      counted: null,
    },
    checkout: { scope: "checkout-client", limit: env.CHECKOUT_RATE_LIMIT, windowMs: env.CHECKOUT_RATE_WINDOW_MS, counted: null },
    orderPerClient: { scope: "order-client", limit: env.ORDER_RATE_LIMIT, windowMs: env.ORDER_RATE_WINDOW_MS, counted: null },
    orderPerEmail: { scope: "order-email", limit: env.ORDER_RATE_LIMIT, windowMs: env.ORDER_RATE_WINDOW_MS, counted: null },
    /** Auth attempts (decision 0021): `<attempt>-client` and `<attempt>-account` per kind of attempt, and the sign-in pair and ceiling. */
    authPerClient: (attempt: string) => auth(`${attempt}-client`, env.AUTH_RATE_LIMIT),
    authPerAccount: (attempt: string) => auth(`${attempt}-account`, half),
    signInPerPair: auth("sign-in-pair", half),
    signInCeiling: auth("sign-in-account", env.AUTH_RATE_LIMIT * ACCOUNT_CEILING_FACTOR),
  } satisfies Record<string, LimitRule | ((attempt: string) => LimitRule)>;
}

export type RateLimitRules = ReturnType<typeof rateLimitRules>;
