import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACTIVE_APPOINTMENT_STATUSES,
  ADDRESS_TYPES,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  BUDGET_RANGES,
  EVENT_TYPES,
  ROLES,
  SUBMISSION_STATUSES,
} from "../constants";
import { oneOf } from "../sql-helpers";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

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
    index("custom_design_submissions_search_idx").using("gin", sql`${submissionSearchText} gin_trgm_ops`),
  ],
);

export const appointmentSearchText = sql`lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(appointment_type, '') || ' ' || coalesce(preferred_time, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(status, ''))`;

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    appointmentType: text("appointment_type").notNull().default("fitting"),
    preferredDate: date("preferred_date", { mode: "string" }).notNull(),
    /** The slot's start, 24-hour 'HH:MM'; SPEC keeps it only in notes, we also keep it queryable. */
    preferredTime: text("preferred_time").notNull(),
    notes: text("notes"),
    userId: text("user_id"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    check("appointments_status_check", oneOf(t.status, APPOINTMENT_STATUSES)),
    check("appointments_type_check", oneOf(t.appointmentType, APPOINTMENT_TYPES)),
    check("appointments_time_check", sql`${t.preferredTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    // One active booking per slot, enforced by the database on every engine.
    uniqueIndex("appointments_active_slot_idx").on(t.preferredDate, t.preferredTime).where(oneOf(t.status, ACTIVE_APPOINTMENT_STATUSES)),
    index("appointments_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("appointments_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("appointments_user_id_idx").on(t.userId, t.createdAt.desc()),
    index("appointments_search_idx").using("gin", sql`${appointmentSearchText} gin_trgm_ops`),
  ],
);

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

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    productId: text("product_id").notNull(),
    productHandle: text("product_handle").notNull(),
    productTitle: text("product_title").notNull(),
    productImageUrl: text("product_image_url"),
    priceAmount: numeric("price_amount", { precision: 12, scale: 2 }).notNull(),
    priceCurrency: text("price_currency").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wishlist_items_user_product_idx").on(t.userId, t.productId),
    index("wishlist_items_user_created_at_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const profiles = pgTable("profiles", {
  userId: text("user_id").primaryKey(),
  fullName: text("full_name"),
  phone: text("phone"),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    addressType: text("address_type").notNull().default("shipping"),
    fullName: text("full_name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("US"),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("addresses_type_check", oneOf(t.addressType, ADDRESS_TYPES)),
    index("addresses_user_idx").on(t.userId, t.isDefault.desc(), t.createdAt.desc()),
    // At most one default address of each type per customer.
    uniqueIndex("addresses_one_default_idx")
      .on(t.userId, t.addressType)
      .where(sql`${t.isDefault}`),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id").notNull(),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check("user_roles_role_check", oneOf(t.role, ROLES))],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId), index("audit_log_created_at_idx").on(t.createdAt.desc())],
);
