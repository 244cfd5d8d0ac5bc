import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema/mail";
import { createLogger } from "~/lib/logger.server";
import { enqueueMail, retryDelayMs, startOutboxWorker, type OutboxWorker } from "~/modules/mail/outbox.server";
import { createSmtpTransport } from "~/modules/mail/transport.server";
import { testEngines, type TestDatabase } from "../helpers/databases";
import { freePort, startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

const logger = createLogger("silent");

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("retry back-off", () => {
  it("doubles from the base and stops growing at an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40, 1000)).toBe(3_600_000);
  });
});

describe.each(testEngines)("mail outbox on $name", (engine) => {
  let database: TestDatabase;
  let worker: OutboxWorker | undefined;
  let smtp: TestSmtpServer | undefined;

  beforeAll(async () => {
    database = await engine.create();
  });
  afterEach(async () => {
    await worker?.stop();
    await smtp?.close();
    worker = undefined;
    smtp = undefined;
  });
  afterAll(() => database.drop());

  it("writes nothing when the caller's transaction rolls back", async () => {
    const db = database.handle.db;
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { kind: "test", to: "rollback@example.com", subject: "Never", text: "never sent" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "rollback@example.com"));
    expect(rows).toHaveLength(0);
  });

  it("keeps a message while SMTP is down and delivers it exactly once when it returns", async () => {
    const db = database.handle.db;
    const port = await freePort();
    const id = await db.transaction((tx) =>
      enqueueMail(tx, {
        kind: "test",
        to: "bride@example.com",
        subject: "Your fitting is booked",
        text: "See you on Saturday at 11:00 AM.",
      }),
    );

    worker = startOutboxWorker({
      db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`, "test.local"),
      from: "The Hive <hello@test.local>",
      logger,
      pollMs: 50,
      retryBaseMs: 100,
      maxAttempts: 50,
    });

    // Nothing listens on the port: the send fails, the row stays pending with its error.
    const failed = await waitUntil(
      async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0],
      (row) => (row?.attempts ?? 0) >= 2,
    );
    expect(failed).toMatchObject({ status: "pending", sentAt: null });
    expect(failed?.lastError).toBeTruthy();

    smtp = await startSmtpServer(port);
    const [mail] = await smtp.waitFor((m) => m.to.includes("bride@example.com"));
    expect(mail).toMatchObject({ subject: "Your fitting is booked", from: "hello@test.local" });
    expect(mail?.text).toContain("See you on Saturday at 11:00 AM.");
    expect(mail?.messageId).toBe(`<${id}@test.local>`);

    const sent = await waitUntil(
      async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0],
      (row) => row?.status === "sent",
    );
    expect(sent?.sentAt).toBeInstanceOf(Date);

    // Several more polls go by: the message is not sent a second time.
    await new Promise((r) => setTimeout(r, 600));
    expect(smtp.received.filter((m) => m.to.includes("bride@example.com"))).toHaveLength(1);
  });

  it("gives up after the last attempt and keeps the row, marked failed, for the admins", async () => {
    const db = database.handle.db;
    const port = await freePort();
    const id = await enqueueMail(db, { kind: "test", to: "nobody@example.com", subject: "Undeliverable", text: "x" });
    worker = startOutboxWorker({
      db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`, "test.local"),
      from: "hello@test.local",
      logger,
      pollMs: 20,
      retryBaseMs: 10,
      maxAttempts: 3,
    });
    const row = await waitUntil(
      async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0],
      (r) => r?.status === "failed",
    );
    expect(row).toMatchObject({ attempts: 3, status: "failed" });
  });
});
