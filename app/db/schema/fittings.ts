import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../columns";
import { ACTIVE_APPOINTMENT_STATUSES, APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from "../constants";
import { oneOf } from "../sql-helpers";

/** What the admin dashboard searches; the trigram index is built on exactly this expression. */
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
    /**
     * The slot's start as an instant: preferred_date and preferred_time read on
     * the boutique's clock (BOUTIQUE_TIME_ZONE). Null only on rows made before
     * this column existed.
     */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    /**
     * Which of the slot's places (1..capacity) this booking holds. The unique
     * index over active bookings on (date, time, seat) is what makes the
     * capacity hold under concurrent bookings.
     */
    seat: smallint("seat").notNull().default(1),
    /** When the cancellation (or the staff's status change) freed the slot. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    /**
     * When the 24-hour reminder was queued (in the outbox, same transaction).
     * Set once, under the row's lock: the reminder goes out exactly once
     * whatever the number of instances or restarts.
     */
    reminderQueuedAt: timestamp("reminder_queued_at", { withTimezone: true, mode: "date" }),
    /**
     * The invitation's SEQUENCE (RFC 5546): every .ics the boutique mails for
     * this booking carries it, with the same UID. A reschedule or a
     * cancellation raises it in the transaction that changes the row, so a
     * calendar applies each update over the one before.
     */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    notes: text("notes"),
    userId: text("user_id"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    check("appointments_status_check", oneOf(t.status, APPOINTMENT_STATUSES)),
    check("appointments_type_check", oneOf(t.appointmentType, APPOINTMENT_TYPES)),
    check("appointments_time_check", sql`${t.preferredTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("appointments_seat_check", sql`${t.seat} between 1 and 100`),
    // One active booking per place in a slot, enforced by the database on every engine.
    uniqueIndex("appointments_active_slot_seat_idx")
      .on(t.preferredDate, t.preferredTime, t.seat)
      .where(oneOf(t.status, ACTIVE_APPOINTMENT_STATUSES)),
    // A signed-in shopper holds at most one active booking per slot.
    uniqueIndex("appointments_active_user_slot_idx")
      .on(t.userId, t.preferredDate, t.preferredTime)
      .where(sql`${t.userId} is not null and ${oneOf(t.status, ACTIVE_APPOINTMENT_STATUSES)}`),
    index("appointments_starts_at_idx").on(t.startsAt),
    // The reminder job's question: active bookings not yet reminded, by start.
    index("appointments_reminder_due_idx")
      .on(t.startsAt)
      .where(sql`${t.reminderQueuedAt} is null and ${oneOf(t.status, ACTIVE_APPOINTMENT_STATUSES)}`),
    // The dashboard's fittings-per-week chart: a date range counted from the index alone.
    index("appointments_preferred_date_status_idx").on(t.preferredDate, t.status),
    index("appointments_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("appointments_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("appointments_user_id_idx").on(t.userId, t.createdAt.desc()),
    // The admin dashboard's appointments of a customer: by her email in any case, newest first.
    index("appointments_email_idx").on(sql`lower(${t.email})`, t.createdAt.desc()),
    index("appointments_search_idx").using("gin", sql`${appointmentSearchText} gin_trgm_ops`),
  ],
);

/**
 * The pull list: dresses a signed-in shopper ticked from her wishlist for
 * staff to have ready at her fitting. A copy of the wishlist line at booking
 * time, so it stays readable if she later changes her wishlist.
 */
export const appointmentPullItems = pgTable(
  "appointment_pull_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    productHandle: text("product_handle").notNull(),
    productTitle: text("product_title").notNull(),
    productImageUrl: text("product_image_url"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("appointment_pull_items_appointment_product_idx").on(t.appointmentId, t.productId)],
);

/**
 * Staff's changes to a day of the fitting room (issue 26, /admin/availability): the day closed (a holiday, with an
 * optional note), or its seats per slot changed from FITTING_SLOT_CAPACITY. A day with neither has no row.
 */
export const fittingDays = pgTable(
  "fitting_days",
  {
    date: date("date", { mode: "string" }).primaryKey(),
    closed: boolean("closed").notNull().default(false),
    note: text("note"),
    /** Seats of each of the day's slots (a slot's own seats win), or null for FITTING_SLOT_CAPACITY. */
    seats: smallint("seats"),
    updatedAt: updatedAt(),
  },
  (t) => [check("fitting_days_seats_check", sql`${t.seats} between 1 and 100`)],
);

/** Staff's changes to one slot: blocked (a fitter away, with an optional note), or its own seats. */
export const fittingSlots = pgTable(
  "fitting_slots",
  {
    date: date("date", { mode: "string" }).notNull(),
    /** The slot's start, 'HH:MM', as appointments.preferred_time. */
    time: text("time").notNull(),
    blocked: boolean("blocked").notNull().default(false),
    note: text("note"),
    seats: smallint("seats"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.time] }),
    check("fitting_slots_time_check", sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("fitting_slots_seats_check", sql`${t.seats} between 1 and 100`),
  ],
);
