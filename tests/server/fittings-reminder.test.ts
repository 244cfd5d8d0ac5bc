import { describe, expect, it, onTestFinished } from "vitest";
import { startBoutique } from "../helpers/boutique-server";
import { tempDir } from "../helpers/processes";
import { startSmtpServer, type ReceivedMail } from "../helpers/smtp";
import { boutiqueDatePlus } from "../helpers/boutique-date";

// The 24-hour reminder over real SMTP, across restarts: booked on one server,
// reminded by the next (its lead set so the reminder falls due seconds after
// it starts), and never again by a third on the same data (whose lead also
// brings a later fitting's reminder due, so the test sees when it has looked).

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

/** The instant of a wall-clock hour in New York (EDT or EST, whichever gives that hour). */
function newYorkInstant(date: string, hour: number): Date {
  for (const offset of [4, 5]) {
    const candidate = new Date(`${date}T${String(hour + offset).padStart(2, "0")}:00:00Z`);
    const shown = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hour12: false }).format(candidate);
    if (Number(shown) === hour) return candidate;
  }
  throw new Error(`no New York ${hour}:00 on ${date}`);
}

describe("the fitting reminder", { timeout: 600_000 }, () => {
  it("is mailed once, with its invitation, across restarts", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(async () => {
      await smtp.close();
    });
    const dataDir = tempDir();
    const base = { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "The Hive <hello@thehive.test>", FITTING_REMINDER_POLL_MS: "300" };
    let server = await startBoutique(base);
    // Whichever server runs when the test ends (each earlier one was stopped on the way).
    onTestFinished(async () => {
      await server.stop("SIGTERM");
    });
    const email = `reminded-${Date.now()}@example.com`;
    const date = boutiqueDatePlus(5);
    const booked = await fetch(`${server.url}/fitting-room`, {
      method: "POST",
      body: new URLSearchParams({ name: "Ada Lovelace", email, date, time: "15:00" }),
    });
    expect(booked.status).toBe(200);
    // A second fitting an hour later, whose reminder only the third server is set to send: proof that it has looked.
    const later = email.replace("reminded-", "later-");
    const bookedLater = await fetch(`${server.url}/fitting-room`, {
      method: "POST",
      body: new URLSearchParams({ name: "Grace Hopper", email: later, date, time: "16:00" }),
    });
    expect(bookedLater.status).toBe(200);
    const [confirmation] = await smtp.waitFor((m) => m.to.includes(email), { timeoutMs: 60_000 });
    expect(icsField(confirmation!, "DTSTART;TZID=America/New_York")).toBe(`${date.replaceAll("-", "")}T150000`);
    const startsAt = newYorkInstant(date, 15);
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

    // The third server's lead reaches the 4 PM fitting 3 seconds from now, and so covers the 3 PM one too.
    const laterLead = String(newYorkInstant(date, 16).getTime() - Date.now() - 3000);
    server = await startBoutique({ ...base, FITTING_REMINDER_LEAD_MS: laterLead });
    await smtp.waitFor((m) => m.to.includes(later) && m.subject.startsWith("Reminder:"), { timeoutMs: 90_000 });
    // Queued in one pass, logged before it was mailed: that pass found the 4 PM reminder alone.
    const queued = () => server.logs().filter((line) => line.msg === "fitting reminders queued");
    await expect.poll(() => queued().length).toBeGreaterThan(0);
    expect(queued().map((line) => line.count)).toEqual([1]);
    expect(smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"))).toHaveLength(1);
  });
});
