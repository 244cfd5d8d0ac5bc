import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { MAIL_STATUSES } from "../constants";
import { oneOf } from "../sql-helpers";

/** An attachment as the outbox keeps it: the bytes in base64, so any file survives JSON exactly. */
export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Mail waiting to be sent. Rows are written in the same transaction as the
 * change that causes them; the worker claims due rows by pushing
 * `next_attempt_at` forward (a lease), so a crashed sender's rows come back.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Files sent with the message (an .ics invitation...), in the row so they commit or roll back with it. */
    attachments: jsonb("attachments").$type<StoredMailAttachment[]>(),
    /** Bulk mail: the one-click unsubscribe URL, sent as List-Unsubscribe (RFC 8058). */
    listUnsubscribeUrl: text("list_unsubscribe_url"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check("mail_outbox_status_check", oneOf(t.status, MAIL_STATUSES)),
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("mail_outbox_created_at_idx").on(t.createdAt.desc()),
    // The admins' outbox view: one status, newest first, by keyset.
    index("mail_outbox_status_created_at_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
