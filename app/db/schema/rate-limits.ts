import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per limited key and scope (lib/rate-limit.server.ts): a fixed
 * window that starts at the key's first hit. Keys are stored hashed, so the
 * table holds no addresses or emails; rows are pruned once their window ends.
 */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    /** `<scope>:<SHA-256 of the key, base64url>` */
    bucket: text("bucket").primaryKey(),
    hits: integer("hits").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("rate_limit_buckets_expires_at_idx").on(t.expiresAt)],
);
