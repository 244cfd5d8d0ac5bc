import { text, timestamp } from "drizzle-orm/pg-core";

/** `created_at timestamptz not null default now()`, as every table of ours spells it. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`, set again by the code that changes the row. */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** `currency_code text not null default 'USD'`: the ISO 4217 code beside an amount, as the Storefront API's MoneyV2 has it. */
export const currencyCode = () => text("currency_code").notNull().default("USD");
