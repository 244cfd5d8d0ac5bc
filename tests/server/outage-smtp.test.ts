import { describe, expect, it, vi, onTestFinished } from "vitest";
import { openDatabase } from "~/db/client.server";
import { mailOutbox } from "~/db/schema/mail";
import { startOwnBoutique } from "../helpers/boutique-server";
import { BURST_ENV, bookFitting } from "../helpers/outage-traffic";
import { startSmtpServer } from "../helpers/smtp";

// The SMTP server goes away during a burst of bookings and comes back on the same port: the outbox keeps each
// mail and retries it, and every mail arrives exactly once.

const BOOKINGS = 8;

describe("SMTP down during a burst of bookings", { timeout: 240_000 }, () => {
  it("delivers every booking's mail exactly once after SMTP returns", async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    const running = await startOwnBoutique({ ...BURST_ENV, SMTP_URL: smtp.url, MAIL_POLL_MS: "100", MAIL_RETRY_BASE_MS: "100" });
    onTestFinished(async () => {
      await running.stop("SIGKILL");
    });
    await smtp.close();

    const emails = Array.from({ length: BOOKINGS }, (_, n) => `smtp-down-${n}@burst.example`);
    const answers = await Promise.all(emails.map((email, n) => bookFitting(running.url, email, n)));
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 200));

    // Each booking's mail was tried, and failed, while SMTP was gone.
    const failedMailIds = () =>
      new Set(
        running
          .logs()
          .filter((line) => line.msg === "mail send failed, will retry")
          .map((line) => line.mailId),
      );
    await vi.waitFor(() => expect(failedMailIds().size).toBeGreaterThanOrEqual(BOOKINGS), { timeout: 60_000, interval: 100 });

    const back = await startSmtpServer(port);
    onTestFinished(async () => {
      await back.close();
    });
    await back.waitFor((mail) => emails.some((email) => mail.to.includes(email)), { count: BOOKINGS, timeoutMs: 90_000 });
    // Every mail the outbox held is sent once the outbox says so for each; then the server stops, so none can follow.
    const sentMailIds = () =>
      new Set(
        running
          .logs()
          .filter((line) => line.msg === "mail sent")
          .map((line) => line.mailId),
      );
    await vi.waitFor(() => expect([...failedMailIds()].filter((id) => !sentMailIds().has(id))).toEqual([]), {
      timeout: 60_000,
      interval: 100,
    });
    await running.stop("SIGTERM");

    const handle = await openDatabase({ engine: "pglite", dataDir: running.dataDir });
    try {
      const rows = await handle.db.select({ to: mailOutbox.toAddress, status: mailOutbox.status }).from(mailOutbox);
      expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
      // Once each: every row of the outbox arrived as one mail, and each shopper got one.
      const arrived = back.received.map((mail) => mail.to.join(",")).sort();
      expect(arrived).toEqual(rows.map((row) => row.to).sort());
      for (const email of emails)
        expect(
          arrived.filter((to) => to === email),
          email,
        ).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
