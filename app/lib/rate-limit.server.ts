import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

/**
 * Rate limits kept in the database, so one limit holds across every instance
 * on one PostgreSQL (and on PGlite alike).
 *
 * Each (scope, key) has one row: a fixed window that opens at the key's
 * first hit and lasts `windowMs`; the window's hits are counted, and a hit
 * past `limit` is refused until the window ends. One `INSERT … ON CONFLICT
 * DO UPDATE … RETURNING` counts and answers at once: PostgreSQL serialises
 * concurrent hits on the row, each seeing the one before, so N requests at
 * the same moment let exactly `limit` through. Refused hits are counted too
 * but never lengthen the window, so waiting always helps.
 *
 * The window is not sliding: a client may spend a window's allowance at
 * its end and the next one at the start of the next, up to 2 × limit in a
 * short span, but never more than `limit` per window over time.
 *
 * Pass the database, not a transaction: a hit must count even when the
 * caller's work then fails and rolls back.
 */

export interface RateLimitRule {
  /** What is limited, e.g. "newsletter-signup", "sign-in-client", "sign-in-account". */
  scope: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitCheck extends RateLimitRule {
  /** Whom it is limited for: a client address, an account id, an email. Any string; stored only as a hash. */
  key: string;
}

export type RateLimitVerdict =
  | { allowed: true; /** Hits left in the tightest window after this one. */ remaining: number; retryAfterSeconds: 0 }
  | {
      allowed: false;
      remaining: 0;
      /** Whole seconds, at least 1, until every refusing window has ended. */ retryAfterSeconds: number;
      deniedBy: string[];
    };

const SCOPE = /^[a-z][a-z0-9-]{0,63}$/;
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1000;

export function bucketOf(scope: string, key: string): string {
  return `${scope}:${createHash("sha256").update(key, "utf8").digest("base64url")}`;
}

function checkRule({ scope, limit, windowMs }: RateLimitRule) {
  if (!SCOPE.test(scope)) throw new TypeError(`rate limit scope must match ${SCOPE}, got ${JSON.stringify(scope)}`);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`rate limit for ${scope}: limit must be a positive whole number`);
  if (!Number.isInteger(windowMs) || windowMs < 1)
    throw new RangeError(`rate limit for ${scope}: windowMs must be a positive whole number`);
}

/**
 * Counts one hit against every check at once (per client and per account
 * for a sign-in, say) and answers allowed only if every one allows it.
 */
export async function hitRateLimits(db: Database, checks: readonly RateLimitCheck[]): Promise<RateLimitVerdict> {
  if (checks.length === 0) throw new RangeError("hitRateLimits needs at least one check");
  const byBucket = new Map<string, RateLimitCheck>();
  for (const check of checks) {
    checkRule(check);
    // The same bucket twice in one statement is an error in PostgreSQL; the tighter rule wins.
    const bucket = bucketOf(check.scope, check.key);
    const known = byBucket.get(bucket);
    if (!known || check.limit < known.limit) byBucket.set(bucket, check);
  }
  // Rows are locked in bucket order, so two statements sharing buckets cannot deadlock.
  const buckets = [...byBucket.keys()].sort();
  const values = sql.join(
    buckets.map((bucket) => sql`(${bucket}, ${byBucket.get(bucket)!.windowMs / 1000}::double precision)`),
    sql`, `,
  );
  const rows = await queryRows<{ bucket: string; hits: number; retry_after_seconds: number }>(
    db,
    sql`insert into rate_limit_buckets as b (bucket, hits, window_started_at, expires_at)
        select v.bucket, 1, now(), now() + v.window_seconds * interval '1 second'
        from (values ${values}) as v(bucket, window_seconds)
        order by v.bucket
        on conflict (bucket) do update set
          hits = case when b.expires_at <= now() then 1 else least(b.hits, 2147483646) + 1 end,
          window_started_at = case when b.expires_at <= now() then now() else b.window_started_at end,
          expires_at = case when b.expires_at <= now() then excluded.expires_at else b.expires_at end
        returning b.bucket as bucket, b.hits as hits,
          greatest(1, ceil(extract(epoch from (b.expires_at - now()))))::int as retry_after_seconds`,
  );
  await pruneNowAndThen(db);

  let remaining = Number.POSITIVE_INFINITY;
  let retryAfterSeconds = 0;
  const deniedBy: string[] = [];
  for (const row of rows) {
    const rule = byBucket.get(row.bucket)!;
    const hits = Number(row.hits);
    if (hits > rule.limit) {
      deniedBy.push(rule.scope);
      retryAfterSeconds = Math.max(retryAfterSeconds, Number(row.retry_after_seconds));
    }
    remaining = Math.min(remaining, Math.max(0, rule.limit - hits));
  }
  if (deniedBy.length > 0) return { allowed: false, remaining: 0, retryAfterSeconds, deniedBy };
  return { allowed: true, remaining, retryAfterSeconds: 0 };
}

/** Forgets a key's hits, e.g. an account's failed sign-ins once it signs in. */
export async function resetRateLimit(db: Database, { scope, key }: { scope: string; key: string }): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where bucket = ${bucketOf(scope, key)}`);
}

/** Deletes rows whose window has ended, a batch at a time; returns how many. */
export async function pruneRateLimits(db: Database, batchSize = PRUNE_BATCH): Promise<number> {
  // The outer `expires_at < now()` is checked again on the row's latest
  // version, so a bucket that a concurrent hit has just reopened survives.
  const rows = await queryRows<{ bucket: string }>(
    db,
    sql`delete from rate_limit_buckets
        where expires_at < now()
          and bucket in (select bucket from rate_limit_buckets where expires_at < now() limit ${batchSize})
        returning bucket`,
  );
  return rows.length;
}

const lastPruned = new WeakMap<Database, number>();

/** Each process prunes at most once a minute, on the back of a hit: no timer to start or stop. */
async function pruneNowAndThen(db: Database) {
  const now = Date.now();
  if (now - (lastPruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  try {
    await pruneRateLimits(db);
  } catch {
    // The verdict stands without the sweep; the next hit tries again.
    lastPruned.delete(db);
  }
}
