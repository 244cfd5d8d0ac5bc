import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import { hitRateLimits, type RateLimitCheck, type RateLimitVerdict } from "~/lib/rate-limit.server";

/**
 * The brute-force targets: each is limited per client address and per account (the email, or the pending 2FA sign-in).
 * "password-check" is the password a signed-in shopper gives to turn two-factor on or off.
 */
export type AuthAttempt = "sign-in" | "sign-up" | "password-reset" | "two-factor" | "password-check";

/**
 * Counts one attempt for the client and for the account at once. An
 * account's limit is half the client's: one address guessing many
 * passwords for one account is stopped first, while a shared connection
 * (an office, a campus) keeps room for its many honest shoppers.
 */
export function hitAuthLimits(
  db: Database,
  env: Pick<Env, "AUTH_RATE_LIMIT" | "AUTH_RATE_WINDOW_MS">,
  attempt: AuthAttempt,
  who: { clientIp: string; account: string | null },
): Promise<RateLimitVerdict> {
  const checks: RateLimitCheck[] = [
    { scope: `${attempt}-client`, key: who.clientIp, limit: env.AUTH_RATE_LIMIT, windowMs: env.AUTH_RATE_WINDOW_MS },
  ];
  if (who.account) {
    checks.push({
      scope: `${attempt}-account`,
      key: who.account.trim().toLowerCase(),
      limit: Math.max(1, Math.floor(env.AUTH_RATE_LIMIT / 2)),
      windowMs: env.AUTH_RATE_WINDOW_MS,
    });
  }
  return hitRateLimits(db, checks);
}

export { tooManyAttemptsMessage } from "~/lib/too-many-requests.server";

/** Which Better Auth endpoints count as which attempt, and where the account is named in the body. */
export function attemptForAuthPath(path: string): AuthAttempt | null {
  if (path === "/sign-in/email" || path === "/sign-in/passkey" || path.startsWith("/passkey/verify-authentication")) return "sign-in";
  if (path === "/sign-up/email") return "sign-up";
  if (path === "/request-password-reset" || path === "/forget-password" || path === "/reset-password") return "password-reset";
  if (path.startsWith("/two-factor/verify-")) return "two-factor";
  return null;
}
