// The one way a request is counted against a rate limit: `limit(context,
// rule)` counts the request's client (or another key) against rules from
// rate-limit-rules.server.ts, in the database, and says whether it may go on.
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "./context.server";
import type { LimitRule } from "./rate-limit-rules.server";
import { hitRateLimits, type RateLimitVerdict } from "./rate-limit.server";
import type { Refusal } from "./too-many-requests.server";

/** One rule and whom it counts: the request's client address unless `key` names another (an account, an email). */
export interface LimitCheck {
  rule: LimitRule;
  key?: string;
}

export type LimitVerdict =
  | (Extract<RateLimitVerdict, { allowed: true }> & { refusal: null })
  | (Extract<RateLimitVerdict, { allowed: false }> & { refusal: Refusal });

/**
 * Counts one hit against every check at once and answers allowed only if
 * each allows it; a refusal is logged and carries what the 429 says
 * (too-many-requests.server.ts).
 */
export async function limit(context: Readonly<RouterContextProvider>, ...checks: (LimitRule | LimitCheck)[]): Promise<LimitVerdict> {
  const { database } = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const resolved = checks.map((check) => ("rule" in check ? check : { rule: check }));
  const verdict = await hitRateLimits(
    database.db,
    resolved.map(({ rule, key }) => ({ scope: rule.scope, limit: rule.limit, windowMs: rule.windowMs, key: key ?? clientIp })),
  );
  if (verdict.allowed) return { ...verdict, refusal: null };
  const denying = resolved.find(({ rule }) => verdict.deniedBy.includes(rule.scope))?.rule;
  logger.warn({ deniedBy: verdict.deniedBy, retryAfterSeconds: verdict.retryAfterSeconds }, "rate limit reached");
  return { ...verdict, refusal: { retryAfterSeconds: verdict.retryAfterSeconds, counted: denying?.counted ?? null } };
}
