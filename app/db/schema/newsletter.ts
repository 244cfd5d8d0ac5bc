import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // One subscriber per address, whatever its case.
    uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_subscribed_at_idx").on(t.subscribedAt.desc(), t.id.desc()),
    index("newsletter_subscribers_search_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
  ],
);
