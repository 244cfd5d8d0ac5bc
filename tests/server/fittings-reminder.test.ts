import { afterAll, describe, expect, it } from "vitest";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { tempDir } from "../helpers/processes";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../helpers/smtp";

// The 24-hour reminder over real SMTP, across restarts: booked on one server,
// reminded by the next (its lead set so the reminder falls due seconds after
// it starts), and never again by a third on the same data.

function boutiqueDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function icsField(mail: ReceivedMail, name: string): string | undefined {
  const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  const lines =
    ics?.content
      .toString("utf8")
      .replace(/\r\n[ \t]/g, "")
      .split("\r\n") ?? [];
  return lines
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.split(":")
    .slice(1)
    .join(":");
}

/** 20260102T150000Z → the instant. */
const fromIcs = (value: string) =>
  new Date(
    `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`,
  );

describe("the fitting reminder", { timeout: 600_000 }, () => {
  let smtp: TestSmtpServer | undefined;
  let server: BoutiqueServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGTERM");
    await smtp?.close();
  });

  it("is mailed once, with its invitation, across restarts", async () => {
    smtp = await startSmtpServer();
    const dataDir = tempDir();
    const base = { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "The Hive <hello@thehive.test>", FITTING_REMINDER_POLL_MS: "300" };
    server = await startBoutique(base);
    const email = `reminded-${Date.now()}@example.com`;
    const booked = await fetch(`${server.url}/fitting-room`, {
      method: "POST",
      body: new URLSearchParams({ name: "Ada Lovelace", email, date: boutiqueDatePlus(5), time: "15:00" }),
    });
    expect(booked.status).toBe(200);
    const [confirmation] = await smtp.waitFor((m) => m.to.includes(email), { timeoutMs: 60_000 });
    const startsAt = fromIcs(icsField(confirmation!, "DTSTART")!);
    const uid = icsField(confirmation!, "UID");
    await server.stop("SIGTERM");

    // From now on the reminder's lead reaches the slot 3 seconds from now: due soon after the next start.
    const lead = String(startsAt.getTime() - Date.now() - 3000);
    server = await startBoutique({ ...base, FITTING_REMINDER_LEAD_MS: lead });
    const [reminder] = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"), { timeoutMs: 90_000 });
    expect(reminder!.subject).toMatch(/^Reminder: your fitting on \w+day, \w+ \d+, \d{4} at 3:00 PM$/);
    expect(icsField(reminder!, "METHOD")).toBe("REQUEST");
    expect(icsField(reminder!, "UID")).toBe(uid);
    expect(reminder!.text).toMatch(/\/fitting-room\/cancel\?token=/);
    await server.stop("SIGTERM");

    server = await startBoutique({ ...base, FITTING_REMINDER_LEAD_MS: lead });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(server.logs().some((line) => line.msg === "fitting reminders queued")).toBe(false);
    expect(smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"))).toHaveLength(1);
  });
});
