import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns";
import { BUDGET_RANGES, EVENT_TYPES, SUBMISSION_STATUSES } from "../constants";
import { oneOf } from "../sql-helpers";

/**
 * The text the admin dashboard searches ("a case-insensitive match over all
 * fields", SPEC §9). The trigram index is built on exactly this expression,
 * so a query must use the same helper to be served by it.
 */
export const submissionSearchText = sql`lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(event_type, '') || ' ' || coalesce(venue, '') || ' ' || coalesce(style_preference, '') || ' ' || coalesce(colors, '') || ' ' || coalesce(vision, '') || ' ' || coalesce(budget, '') || ' ' || coalesce(status, ''))`;

export const customDesignSubmissions = pgTable(
  "custom_design_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    eventType: text("event_type").notNull(),
    eventDate: date("event_date", { mode: "string" }),
    venue: text("venue"),
    stylePreference: text("style_preference"),
    colors: text("colors"),
    vision: text("vision").notNull(),
    budget: text("budget"),
    userId: text("user_id"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    check("custom_design_submissions_status_check", oneOf(t.status, SUBMISSION_STATUSES)),
    check("custom_design_submissions_event_type_check", oneOf(t.eventType, EVENT_TYPES)),
    check("custom_design_submissions_budget_check", sql`${t.budget} is null or ${oneOf(t.budget, BUDGET_RANGES)}`),
    check(
      "custom_design_submissions_lengths_check",
      sql`char_length(${t.name}) between 1 and 100 and char_length(${t.email}) <= 255 and char_length(coalesce(${t.phone}, '')) <= 20 and char_length(coalesce(${t.venue}, '')) <= 200 and char_length(coalesce(${t.stylePreference}, '')) <= 100 and char_length(coalesce(${t.colors}, '')) <= 100 and char_length(${t.vision}) between 10 and 1000`,
    ),
    index("custom_design_submissions_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("custom_design_submissions_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("custom_design_submissions_user_id_idx").on(t.userId, t.createdAt.desc()),
    // The admin dashboard's "other requests" of a customer: by her email in any case, newest first.
    index("custom_design_submissions_email_idx").on(sql`lower(${t.email})`, t.createdAt.desc()),
    index("custom_design_submissions_search_idx").using("gin", sql`${submissionSearchText} gin_trgm_ops`),
  ],
);

/**
 * Inspiration images sent with a request: re-encoded (WebP, no metadata) and
 * stored under `key` (the picture) and `thumb_key` (its thumbnail) in the
 * image store. Only the requester and staff may see them.
 */
export const designRequestImages = pgTable(
  "design_request_images",
  {
    id: uuid("id").primaryKey(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => customDesignSubmissions.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    key: text("key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    contentType: text("content_type").notNull().default("image/webp"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    /** What the upload was, read from its bytes (image/jpeg, image/heic...). */
    sourceType: text("source_type").notNull(),
    sourceBytes: integer("source_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("design_request_images_submission_idx").on(t.submissionId, t.position),
    check("design_request_images_position_check", sql`${t.position} between 0 and 5`),
  ],
);
