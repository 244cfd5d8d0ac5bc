import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "~/db/schema/mail";
import { createLogger } from "~/lib/logger.server";
import { brandedMail, enqueueMail } from "~/modules/mail/mail.server";
import { retryDelayMs, startOutboxWorker, storeAttachments, type OutboxWorker } from "~/modules/mail/outbox.server";
import { createLogTransport, createSmtpTransport } from "~/modules/mail/transport.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";
import { freePort, startSmtpServer, type TestSmtpServer } from "../../helpers/smtp";

const logger = createLogger(process.env.DEBUG_OUTBOX ? "info" : "silent");

/** Reads until `done` holds (every 50 ms, for `timeoutMs` at most), and answers the value that did. */
function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`condition not met; last value ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

describe("retry back-off", () => {
  it("doubles from the base and stops growing at an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40, 1000)).toBe(3_600_000);
  });
});

// A fitting invitation as a calendar would send it: CRLF line ends, a folded
// line, non-ASCII in a name, and no newline at the very end.
const INVITATION = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//The Hive//Fittings//EN",
  "METHOD:REQUEST",
  "BEGIN:VEVENT",
  "UID:fitting-42@thehive.test",
  "DTSTAMP:20260501T120000Z",
  "DTSTART;TZID=America/New_York:20260516T110000",
  "SUMMARY:Fitting for Zoë Ñandú at The Hive",
  "DESCRIPTION:Bring the shoes you will wear on the day. We will have ",
  " champagne.",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

describe("attachments as the outbox stores them", () => {
  it("keep any bytes exactly, through base64", () => {
    const bytes = randomBytes(4096);
    const [stored] = storeAttachments([{ filename: "photo.bin", contentType: "application/octet-stream", content: bytes }])!;
    expect(Buffer.from(stored!.contentBase64, "base64").equals(bytes)).toBe(true);
  });

  it.each([
    ["a filename that would break a header", { filename: "a\r\nBcc: x@y.z.ics", contentType: "text/calendar", content: "x" }],
    ["a filename with a path", { filename: "../../etc/passwd", contentType: "text/plain", content: "x" }],
    ["a content type with a line break", { filename: "a.ics", contentType: "text/calendar\r\nBcc: x@y.z", content: "x" }],
    ["a content type that is not a type", { filename: "a.ics", contentType: "calendar", content: "x" }],
  ])("refuse %s", (_label, attachment) => {
    expect(() => storeAttachments([attachment])).toThrow(TypeError);
  });

  it("refuse more than the size cap", () => {
    const big = Buffer.alloc(3 * 1024 * 1024);
    expect(() =>
      storeAttachments([
        { filename: "a.bin", contentType: "application/octet-stream", content: big },
        { filename: "b.bin", contentType: "application/octet-stream", content: big },
      ]),
    ).toThrow(RangeError);
  });
});

describe("the log transport", () => {
  it("says which domain and what subject, never the address, the body or its links", async () => {
    let out = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const transport = createLogTransport(createLogger("info", sink));
    await transport.send({
      id: "mail-1",
      from: "hello@thehive.test",
      to: "Ava.Brooks@Example.com",
      subject: "Welcome to the Hive: your 15% off code",
      text: "Your code HIVE15. Unsubscribe: https://boutique.example/newsletter/unsubscribe?token=t1.secret.token",
      html: "<a href='https://boutique.example/newsletter/unsubscribe?token=t1.secret.token'>Unsubscribe</a>",
      listUnsubscribeUrl: "https://boutique.example/newsletter/unsubscribe?token=t1.secret.token",
      attachments: [{ filename: "fitting.ics", contentType: "text/calendar", content: Buffer.from(INVITATION) }],
    });
    const line = JSON.parse(out.trim()) as { msg: string; mail: Record<string, unknown> };
    expect(line.msg).toBe("mail (log transport)");
    expect(line.mail).toEqual({ id: "mail-1", toDomain: "example.com", subject: "Welcome to the Hive: your 15% off code", attachments: 1 });
    for (const secret of ["Ava", "Brooks", "HIVE15", "token", "http", "BEGIN:VCALENDAR"]) expect(out).not.toContain(secret);
  });
});

describe.each(testEngines)("mail outbox on $name", (engine) => {
  const database = useTestDatabase(engine);
  let worker: OutboxWorker | undefined;
  let smtp: TestSmtpServer | undefined;

  afterEach(async () => {
    await worker?.stop();
    await smtp?.close();
    worker = undefined;
    smtp = undefined;
  });

  /** Starts the outbox worker on the test database, sending over SMTP at `url` (afterEach stops it). */
  function startWorker(url: string, options: { from: string; pollMs: number; retryBaseMs: number; maxAttempts: number }) {
    worker = startOutboxWorker({ db: database.handle.db, transport: createSmtpTransport(url, "test.local"), logger, ...options });
    return worker;
  }

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

    const running = startWorker(`smtp://127.0.0.1:${port}`, {
      from: "The Hive <hello@test.local>",
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

    // Several more passes over the outbox go by (the first may be the end of the one that sent it): the message is
    // not sent a second time.
    await running.runOnce();
    for (let pass = 0; pass < 3; pass++) expect(await running.runOnce()).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes("bride@example.com"))).toHaveLength(1);
  });

  it("gives up after the last attempt and keeps the row, marked failed, for the admins", async () => {
    const db = database.handle.db;
    const port = await freePort();
    const id = await enqueueMail(db, { kind: "test", to: "nobody@example.com", subject: "Undeliverable", text: "x" });
    startWorker(`smtp://127.0.0.1:${port}`, { from: "hello@test.local", pollMs: 20, retryBaseMs: 10, maxAttempts: 3 });
    const row = await waitUntil(
      async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0],
      (r) => r?.status === "failed",
    );
    expect(row).toMatchObject({ attempts: 3, status: "failed" });
  });

  it("delivers attachments over SMTP byte for byte, with their content type, and newsletter mail with one-click unsubscribe", async () => {
    const db = database.handle.db;
    smtp = await startSmtpServer();
    const photo = randomBytes(20_000);
    const unsubscribeUrl =
      "https://boutique.example/newsletter/unsubscribe?token=t1.MDpzdWItMQ.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
    await db.transaction((tx) =>
      enqueueMail(
        tx,
        brandedMail({
          kind: "test",
          to: "zoe@example.com",
          subject: "Your fitting on Saturday",
          blocks: [{ kind: "paragraph", text: "See you on Saturday at 11:00 AM." }],
          unsubscribe: { url: unsubscribeUrl, reason: "You joined our newsletter." },
          attachments: [
            { filename: "fitting.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: INVITATION },
            { filename: "sketch (front).webp", contentType: "image/webp", content: photo },
          ],
        }),
      ),
    );
    startWorker(smtp.url, { from: "The Hive <hello@test.local>", pollMs: 50, retryBaseMs: 100, maxAttempts: 5 });
    const [mail] = await smtp.waitFor((m) => m.to.includes("zoe@example.com"));
    expect(mail!.text).toContain("See you on Saturday at 11:00 AM.");
    expect(mail!.attachments.map((a) => a.filename)).toEqual(["fitting.ics", "sketch (front).webp"]);
    const [ics, sketch] = mail!.attachments;
    expect(ics!.content.equals(Buffer.from(INVITATION, "utf8")), "the .ics arrives byte for byte").toBe(true);
    expect(ics!.contentType).toMatch(/^text\/calendar;/);
    expect(ics!.contentType).toMatch(/method=REQUEST/);
    expect(ics!.contentType).toMatch(/charset=utf-8/);
    expect(sketch!.content.equals(photo), "binary arrives byte for byte").toBe(true);
    expect(sketch!.contentType).toMatch(/^image\/webp/);

    const header = (key: string) => mail!.headers.find((h) => h.key === key)?.value;
    expect(header("list-unsubscribe")).toBe(`<${unsubscribeUrl}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("sends no List-Unsubscribe on mail that is not bulk mail", async () => {
    const db = database.handle.db;
    smtp = await startSmtpServer();
    await enqueueMail(db, { kind: "test", to: "plain@example.com", subject: "Your order", text: "Thank you." });
    startWorker(smtp.url, { from: "hello@test.local", pollMs: 50, retryBaseMs: 100, maxAttempts: 5 });
    const [mail] = await smtp.waitFor((m) => m.to.includes("plain@example.com"));
    expect(mail!.headers.some((h) => h.key.startsWith("list-"))).toBe(false);
    expect(mail!.attachments).toEqual([]);
  });
});
