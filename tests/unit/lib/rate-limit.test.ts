import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "~/db/client.server";
import { rateLimitBuckets } from "~/db/schema/rate-limits";
import { bucketOf, hitRateLimits, pruneRateLimits, resetRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { postgresAvailable, postgresEngine, testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const TEN_MINUTES = 600_000;

/** One hit of one rule for one key. */
const hit = (db: DatabaseHandle["db"], rule: RateLimitRule, key: string) => hitRateLimits(db, [{ ...rule, key }]);

describe.each(testEngines)("rate limits in the database on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [rateLimitBuckets] });

  /** Moves a bucket's window into the past, as if `windowMs` had gone by. */
  async function endWindow(scope: string, key: string) {
    await database.handle.db.execute(
      sql`update rate_limit_buckets set window_started_at = now() - interval '1 hour', expires_at = now() - interval '1 second' where bucket = ${bucketOf(scope, key)}`,
    );
  }

  it("allows the limit within the window, refuses the next with the time left, and keeps other keys apart", async () => {
    const db = database.handle.db;
    const rule = { scope: "signup", limit: 5, windowMs: TEN_MINUTES };
    for (let i = 0; i < 5; i++) {
      expect(await hit(db, rule, "10.0.0.1")).toEqual({ allowed: true, remaining: 4 - i, retryAfterSeconds: 0 });
    }
    const refused = await hit(db, rule, "10.0.0.1");
    expect(refused).toMatchObject({ allowed: false, remaining: 0, deniedBy: ["signup"] });
    expect(refused.retryAfterSeconds).toBeGreaterThan(550);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(await hit(db, rule, "10.0.0.2")).toMatchObject({ allowed: true, remaining: 4 });
    // The same key under another scope is another limit.
    expect(await hitRateLimits(db, [{ scope: "sign-in", key: "10.0.0.1", limit: 5, windowMs: TEN_MINUTES }])).toMatchObject({
      allowed: true,
    });
  });

  it("refused hits do not push the window out: once it ends, the key starts afresh", async () => {
    const db = database.handle.db;
    const rule = { scope: "signup", limit: 2, windowMs: TEN_MINUTES };
    await hit(db, rule, "a");
    await hit(db, rule, "a");
    const first = await hit(db, rule, "a");
    const later = await hit(db, rule, "a");
    expect(first.allowed || later.allowed).toBe(false);
    expect(later.retryAfterSeconds).toBeLessThanOrEqual(first.retryAfterSeconds);
    await endWindow("signup", "a");
    expect(await hit(db, rule, "a")).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
  });

  it("stores neither the address nor the email it limits", async () => {
    const db = database.handle.db;
    await hitRateLimits(db, [{ scope: "sign-in-account", key: "ava@example.com", limit: 3, windowMs: TEN_MINUTES }]);
    const [row] = await db.select().from(rateLimitBuckets);
    expect(row?.bucket).toMatch(/^sign-in-account:[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain("ava");
  });

  it("checks several keys at once: allowed only when every limit allows, each counted once", async () => {
    const db = database.handle.db;
    const signIn = (client: string, account: string) =>
      hitRateLimits(db, [
        { scope: "sign-in-client", key: client, limit: 10, windowMs: TEN_MINUTES },
        { scope: "sign-in-account", key: account, limit: 3, windowMs: TEN_MINUTES },
      ]);
    expect(await signIn("1.1.1.1", "ava")).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await signIn("2.2.2.2", "ava")).toMatchObject({ allowed: true, remaining: 1 });
    expect(await signIn("3.3.3.3", "ava")).toMatchObject({ allowed: true, remaining: 0 });
    // A fourth client on the same account: the account's limit refuses it.
    expect(await signIn("4.4.4.4", "ava")).toMatchObject({ allowed: false, deniedBy: ["sign-in-account"] });
    // The same client on another account is fine until the client's own limit.
    for (let i = 0; i < 9; i++) await signIn("1.1.1.1", `bea-${i}`);
    expect(await signIn("1.1.1.1", "cleo")).toMatchObject({ allowed: false, deniedBy: ["sign-in-client"] });
  });

  it("forgets a key on reset, e.g. an account's failures once it signs in", async () => {
    const db = database.handle.db;
    const rule = { scope: "sign-in-account", limit: 1, windowMs: TEN_MINUTES };
    await hit(db, rule, "ava");
    expect((await hit(db, rule, "ava")).allowed).toBe(false);
    await resetRateLimit(db, { scope: rule.scope, key: "ava" });
    expect((await hit(db, rule, "ava")).allowed).toBe(true);
  });

  it("prunes rows whose window has ended and keeps the rest", async () => {
    const db = database.handle.db;
    const rule = { scope: "signup", limit: 5, windowMs: TEN_MINUTES };
    for (const key of ["old-1", "old-2", "old-3", "fresh"]) await hit(db, rule, key);
    for (const key of ["old-1", "old-2", "old-3"]) await endWindow("signup", key);
    expect(await pruneRateLimits(db, 2)).toBe(2);
    expect(await pruneRateLimits(db)).toBe(1);
    const left = await db.select({ bucket: rateLimitBuckets.bucket }).from(rateLimitBuckets);
    expect(left).toEqual([{ bucket: bucketOf("signup", "fresh") }]);
  });

  it("refuses a rule that is a bug in the caller", async () => {
    const db = database.handle.db;
    await expect(hitRateLimits(db, [{ scope: "Bad Scope", key: "x", limit: 1, windowMs: 1000 }])).rejects.toThrow(TypeError);
    await expect(hitRateLimits(db, [{ scope: "ok", key: "x", limit: 0, windowMs: 1000 }])).rejects.toThrow(RangeError);
    await expect(hitRateLimits(db, [])).rejects.toThrow(RangeError);
  });
});

describe.skipIf(!postgresAvailable)("rate limits under concurrency on PostgreSQL", () => {
  const database = useTestDatabase(postgresEngine!);
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    // Three "instances", each with its own pool, all on one database.
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ engine: "postgres", url: database.url!, poolSize: 8 }));
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  it("lets exactly the limit through when 90 hits arrive at once from three instances", async () => {
    const check = { scope: "signup", key: "203.0.113.9", limit: 7, windowMs: TEN_MINUTES };
    const verdicts = await Promise.all(Array.from({ length: 90 }, (_, i) => hitRateLimits(handles[i % 3]!.db, [check])));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(7);
    const [row] = await queryRows<{ hits: number }>(
      handles[0]!.db,
      sql`select hits from rate_limit_buckets where bucket = ${bucketOf("signup", "203.0.113.9")}`,
    );
    expect(row?.hits).toBe(90);
  });

  it("gives exactly the limit for a brand-new key raced by many first hits", async () => {
    for (let round = 0; round < 5; round++) {
      const check = { scope: "signup", key: `new-key-${round}`, limit: 1, windowMs: TEN_MINUTES };
      const verdicts = await Promise.all(Array.from({ length: 24 }, (_, i) => hitRateLimits(handles[i % 3]!.db, [check])));
      expect(
        verdicts.filter((v) => v.allowed),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });

  it("multi-key hits that share keys in any order neither deadlock nor overshoot", async () => {
    const rules = (a: string, b: string) => [
      { scope: "sign-in-client", key: a, limit: 20, windowMs: TEN_MINUTES },
      { scope: "sign-in-account", key: b, limit: 5, windowMs: TEN_MINUTES },
    ];
    const verdicts = await Promise.all(
      Array.from({ length: 60 }, (_, i) => hitRateLimits(handles[i % 3]!.db, i % 2 ? rules("c1", "acct") : rules("c2", "acct").reverse())),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });
});
