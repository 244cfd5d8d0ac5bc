import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { MAIL_STATUSES, type MailStatus } from "~/db/constants";
import { mailOutbox } from "~/db/schema/mail";
import { UUID_PATTERN } from "~/lib/uuid";
import type { OutboxFields } from "./types";

/**
 * The admins' view of the outbox: one status at a time, newest first, a page
 * at a time by keyset (created_at, id), so it stays cheap however long the
 * outbox grows. Bodies and attachments stay in the database: a list needs
 * neither.
 */
export const OUTBOX_PAGE_SIZE = 25;

export interface OutboxEntry extends OutboxFields {
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

export interface OutboxPage {
  entries: OutboxEntry[];
  /** Pass back as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

// The id in any case (the /i), compared in the database's own spelling below.
const CURSOR = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?Z)\\|(${UUID_PATTERN})$`, "i");

/** `createdAt ISO|id`: where a page ended. Anything unreadable starts from the top. */
export function parseOutboxCursor(value: string | null | undefined): { createdAt: Date; id: string } | null {
  if (!value) return null;
  const match = CURSOR.exec(value);
  if (!match) return null;
  const createdAt = new Date(match[1]!);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2]!.toLowerCase() };
}

export function isMailStatus(value: unknown): value is MailStatus {
  return typeof value === "string" && (MAIL_STATUSES as readonly string[]).includes(value);
}

export async function listOutbox(
  db: Database,
  options: { status: MailStatus; before?: string | null; limit?: number },
): Promise<OutboxPage> {
  const limit = Math.min(Math.max(options.limit ?? OUTBOX_PAGE_SIZE, 1), 100);
  const cursor = parseOutboxCursor(options.before);
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, options.status),
        cursor
          ? or(lt(mailOutbox.createdAt, cursor.createdAt), and(eq(mailOutbox.createdAt, cursor.createdAt), lt(mailOutbox.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit).map((row) => ({ ...row, status: row.status as MailStatus }));
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null };
}

/** How many mails are in each state. */
export async function countOutbox(db: Database): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts = { pending: 0, sent: 0, failed: 0 } satisfies Record<MailStatus, number>;
  for (const row of rows) if (isMailStatus(row.status)) counts[row.status] = Number(row.count);
  return counts;
}

export type RetryOutcome = "queued" | "not-failed" | "not-found";

/**
 * Puts a failed mail back in the queue, due now. Its attempt count stays, so
 * the worker tries it once more and, should that fail too, marks it failed
 * again at once rather than starting a day of back-off over.
 */
export async function retryFailedMail(db: Database, id: string): Promise<RetryOutcome> {
  const updated = await db
    .update(mailOutbox)
    .set({ status: "pending", nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  if (updated.length > 0) return "queued";
  const [existing] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return existing ? "not-failed" : "not-found";
}
