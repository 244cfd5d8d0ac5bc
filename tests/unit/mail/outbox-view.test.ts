import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema/mail";
import { countOutbox, listOutbox, retryFailedMail } from "~/modules/mail/mail.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

describe.each(testEngines)("the admins' outbox view on $name", (engine) => {
  const database = useTestDatabase(engine);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const db = database.handle.db;
    // 7 failed (one a second apart, so the order is known), 2 sent, 1 pending.
    for (let i = 0; i < 7; i++) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          kind: "newsletter-welcome",
          toAddress: `f${i}@example.com`,
          subject: `Failed ${i}`,
          textBody: "x",
          status: "failed",
          attempts: 12,
          lastError: "connect ECONNREFUSED",
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })
        .returning({ id: mailOutbox.id });
      ids[`f${i}`] = row!.id;
    }
    await db.insert(mailOutbox).values([
      { kind: "k", toAddress: "s1@example.com", subject: "Sent 1", textBody: "x", status: "sent", sentAt: new Date() },
      { kind: "k", toAddress: "s2@example.com", subject: "Sent 2", textBody: "x", status: "sent", sentAt: new Date() },
      { kind: "k", toAddress: "p1@example.com", subject: "Pending 1", textBody: "x" },
    ]);
    const [sent] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.subject, "Sent 1"));
    ids.sent = sent!.id;
  });

  it("counts each state", async () => {
    expect(await countOutbox(database.handle.db)).toEqual({ pending: 1, sent: 2, failed: 7 });
  });

  it("pages one status newest first by keyset, with the error of each failed mail", async () => {
    const db = database.handle.db;
    const first = await listOutbox(db, { status: "failed", limit: 3 });
    expect(first.entries.map((e) => e.subject)).toEqual(["Failed 6", "Failed 5", "Failed 4"]);
    expect(first.entries[0]!.lastError).toBe("connect ECONNREFUSED");
    const second = await listOutbox(db, { status: "failed", limit: 3, before: first.nextCursor });
    expect(second.entries.map((e) => e.subject)).toEqual(["Failed 3", "Failed 2", "Failed 1"]);
    const last = await listOutbox(db, { status: "failed", limit: 3, before: second.nextCursor });
    expect(last.entries.map((e) => e.subject)).toEqual(["Failed 0"]);
    expect(last.nextCursor).toBeNull();
    // A cursor someone typed starts from the top rather than failing.
    expect((await listOutbox(db, { status: "failed", limit: 1, before: "'; drop table x" })).entries[0]!.subject).toBe("Failed 6");
  });

  it("retries only failed mail: due now, status pending", async () => {
    const db = database.handle.db;
    expect(await retryFailedMail(db, ids.f0!)).toBe("queued");
    const [row] = await db
      .select({ status: mailOutbox.status, due: sql<boolean>`${mailOutbox.nextAttemptAt} <= now()` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, ids.f0!));
    expect(row).toEqual({ status: "pending", due: true });
    expect(await retryFailedMail(db, ids.f0!)).toBe("not-failed");
    expect(await retryFailedMail(db, ids.sent!)).toBe("not-failed");
    expect(await retryFailedMail(db, "00000000-0000-4000-8000-000000000000")).toBe("not-found");
  });
});
