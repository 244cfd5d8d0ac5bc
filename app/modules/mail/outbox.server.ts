import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { mailOutbox, type StoredMailAttachment } from "~/db/schema/mail";
import type { Logger } from "~/lib/logger.server";
import type { MailAttachment, MailMessage } from "./types";
import type { MailTransport } from "./transport.server";

export const MAX_ATTACHMENTS = 10;
/** Per message, all attachments together: an invitation or a few photos, not an archive. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

// Names and types land in MIME headers: keep them to what cannot break a header.
const FILENAME = /^[\p{L}\p{N}][\p{L}\p{N} ._()-]{0,199}$/u;
const TOKEN = "[a-z0-9!#$&^_.+-]+";
const CONTENT_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"\\\\\\r\\n]*"))*$`, "i");

/** Checks and encodes attachments for the outbox row; a bad one is a bug in the caller, so it throws. */
export function storeAttachments(attachments: readonly MailAttachment[] | undefined): StoredMailAttachment[] | null {
  if (!attachments?.length) return null;
  if (attachments.length > MAX_ATTACHMENTS) throw new RangeError(`a message carries at most ${MAX_ATTACHMENTS} attachments`);
  let total = 0;
  return attachments.map(({ filename, contentType, content }) => {
    if (!FILENAME.test(filename)) throw new TypeError(`attachment filename not allowed: ${JSON.stringify(filename.slice(0, 80))}`);
    if (!CONTENT_TYPE.test(contentType))
      throw new TypeError(`attachment content type not allowed: ${JSON.stringify(contentType.slice(0, 80))}`);
    const bytes =
      typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    total += bytes.byteLength;
    if (total > MAX_ATTACHMENT_BYTES) throw new RangeError(`attachments exceed ${MAX_ATTACHMENT_BYTES} bytes in one message`);
    return { filename, contentType, contentBase64: bytes.toString("base64") };
  });
}

/**
 * Queues a message in the caller's transaction: it is sent if and only if
 * the change that caused it commits.
 */
export async function enqueueMail(tx: Executor, message: MailMessage): Promise<string> {
  if (message.listUnsubscribeUrl !== undefined && !/^https?:\/\/[^\s<>]+$/.test(message.listUnsubscribeUrl)) {
    throw new TypeError("listUnsubscribeUrl must be an http(s) URL");
  }
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      attachments: storeAttachments(message.attachments),
      listUnsubscribeUrl: message.listUnsubscribeUrl ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("enqueueMail: the outbox row was not written");
  return row.id;
}

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  logger: Logger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** How long a claimed message is reserved for this sender before another may take it. */
  leaseMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  /** Look for due mail now rather than at the next poll. */
  nudge(): void;
  /** One pass over due mail; resolves with how many were sent. Exposed for tests and the CLI. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the send in progress. */
  stop(): Promise<void>;
}

export function retryDelayMs(attempts: number, baseMs: number): number {
  // 1x, 2x, 4x ... the base, capped at one hour.
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, from, logger, pollMs, retryBaseMs, maxAttempts } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 20;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  /**
   * Claims due rows by moving their next attempt past the lease. On
   * PostgreSQL SKIP LOCKED lets several instances share the outbox without
   * sending a message twice; a sender that dies leaves its rows to come due
   * again when the lease runs out.
   */
  async function claim() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function pass(): Promise<number> {
    let sent = 0;
    const batch = await claim();
    for (const row of batch) {
      if (stopped) break;
      try {
        await transport.send({
          id: row.id,
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          attachments: (row.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, "base64"),
          })),
          listUnsubscribeUrl: row.listUnsubscribeUrl,
        });
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: sql`now()`, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent++;
        logger.info({ mailId: row.id, kind: row.kind, transport: transport.name, attempts: row.attempts }, "mail sent");
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = row.attempts >= maxAttempts;
        const delay = retryDelayMs(row.attempts, retryBaseMs);
        await db
          .update(mailOutbox)
          .set({
            status: giveUp ? "failed" : "pending",
            lastError: message.slice(0, 1000),
            nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          })
          .where(eq(mailOutbox.id, row.id));
        logger.warn(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, err: error, retryInMs: giveUp ? null : delay },
          giveUp ? "mail failed for good" : "mail send failed, will retry",
        );
      }
    }
    // A full batch means there may be more waiting.
    if (batch.length === batchSize && !stopped) again = true;
    return sent;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        logger.error({ err: error }, "outbox pass failed");
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  void runOnce().finally(schedule);

  return {
    nudge() {
      if (!stopped) void runOnce();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
