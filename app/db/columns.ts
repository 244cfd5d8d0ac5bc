import { timestamp } from "drizzle-orm/pg-core";

/** `created_at timestamptz not null default now()`, as every table of ours spells it. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
