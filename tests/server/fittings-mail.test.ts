import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoutiqueServer, type MailingBoutique, startMailingBoutique, grantAdminRole } from "../helpers/boutique-server";
import { designForm, signUpShopper } from "../helpers/shoppers";
import type { ReceivedMail, TestSmtpServer } from "../helpers/smtp";
import { formatSlot } from "~/lib/format";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { readIcsStrictly } from "../helpers/ics";

// The built server with real SMTP: a booking's confirmation arrives with a
// valid invitation; its cancel link asks, then cancels, frees the slot and
// sends a METHOD:CANCEL for the same event.

/** RFC 5545 content lines, unfolded, as [name (with parameters), value]. */
function parseIcs(text: string): { lines: [string, string][]; get(name: string): string | undefined } {
  expect(text.includes("\r\n"), "lines end in CRLF").toBe(true);
  const unfolded = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  for (const line of unfolded) expect(Buffer.byteLength(line) > 0 && line.includes(":"), `a content line: ${line}`).toBe(true);
  const lines = unfolded.map((line) => {
    const at = line.indexOf(":");
    return [line.slice(0, at), line.slice(at + 1)] as [string, string];
  });
  // Components open and close in order.
  const stack: string[] = [];
  const misplaced: string[] = [];
  for (const [name, value] of lines) {
    if (name === "BEGIN") stack.push(value);
    if (name === "END" && stack.pop() !== value) misplaced.push(`END:${value}`);
  }
  expect(misplaced).toEqual([]);
  expect(stack).toEqual([]);
  return { lines, get: (name) => lines.find(([n]) => n === name || n.startsWith(`${name};`))?.[1] };
}

/** A fitting mail's invitation, read strictly (ical.js and RFC 5545); the mail writes dates as SPEC does, never 'YYYY-MM-DD'. */
function invitation(mail: ReceivedMail) {
  const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(ics, "an .ics attachment").toBeTruthy();
  const text = ics!.content.toString("utf8");
  expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  return { ics: ics!, calendar: parseIcs(text), strict: readIcsStrictly(text) };
}

describe("fitting mail over SMTP", { timeout: 300_000 }, () => {
  let mailing: MailingBoutique | undefined;
  let smtp: TestSmtpServer;
  let boutique: BoutiqueServer;

  beforeAll(async () => {
    mailing = await startMailingBoutique();
    ({ smtp, boutique } = mailing);
  }, 300_000);

  /** Books through the page's form, as a browser without JavaScript posts it. */
  const book = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${boutique.url}/fitting-room`, { method: "POST", headers, body: new URLSearchParams(fields) });

  afterAll(async () => {
    await mailing?.stop();
  });

  it("books, mails a valid invitation, and the cancel link cancels with METHOD:CANCEL", async () => {
    const date = boutiqueDatePlus(7);
    const email = `fitting-${Date.now()}@example.com`;
    const form = { name: "Ada Lovelace", email, date, time: "14:00", notes: "Hem, please" };
    const booked = await book(form);
    expect(booked.status).toBe(200);

    const [mail] = await smtp.waitFor((m) => m.to.includes(email), { timeoutMs: 60_000 });
    expect(mail!.subject).toMatch(/^Your fitting on \w+day, \w+ \d+, \d{4} at 2:00 PM$/);
    const { ics, calendar } = invitation(mail!);
    expect(ics.filename).toBe("fitting.ics");
    expect(ics.contentType).toMatch(/^text\/calendar/);
    expect(calendar.get("METHOD")).toBe("REQUEST");
    expect(calendar.get("X-WR-TIMEZONE")).toBe("America/New_York");
    // On the boutique's clock, with the zone defined in the file (VTIMEZONE), as RFC 5545 asks of a TZID.
    expect(calendar.lines).toContainEqual(["DTSTART;TZID=America/New_York", `${date.replaceAll("-", "")}T140000`]);
    expect(calendar.lines).toContainEqual(["BEGIN", "VTIMEZONE"]);
    expect(calendar.lines).toContainEqual(["TZID", "America/New_York"]);
    expect(calendar.get("LOCATION")).toContain("214 Whitaker Street");
    expect(calendar.get("ATTENDEE")).toContain(email);
    const uid = calendar.get("UID");
    expect(uid).toBeTruthy();

    // The same slot is now full for the next shopper: 409 with the plain message.
    const second = await book({ ...form, email: "second@example.com" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("Please choose another time.");

    const link = /https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(mail!.text)?.[0];
    expect(link, "a cancel link").toBeTruthy();
    expect(link!.startsWith(`${boutique.url}/`)).toBe(true);
    const landing = await fetch(link!);
    expect(landing.status).toBe(200);
    expect(landing.headers.get("cache-control")).toBe("no-store");
    expect(await landing.text()).toContain("Cancel your fitting?");
    const token = new URL(link!).searchParams.get("token")!;
    const cancelled = await fetch(link!, { method: "POST", body: new URLSearchParams({ token }) });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Your fitting is cancelled");

    const [cancellation] = await smtp.waitFor((m) => m.to.includes(email) && /cancelled/.test(m.subject), { timeoutMs: 60_000 });
    const cancel = invitation(cancellation!).calendar;
    expect(cancel.get("METHOD")).toBe("CANCEL");
    expect(cancel.get("UID")).toBe(uid);
    expect(cancel.get("STATUS")).toBe("CANCELLED");
    expect(Number(cancel.get("SEQUENCE"))).toBeGreaterThan(Number(calendar.get("SEQUENCE") ?? 0));

    // The slot is free again.
    const again = await book({ ...form, email: "third@example.com" });
    expect(again.status).toBe(200);

    // A tampered link is refused plainly.
    const tampered = await fetch(link!.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect(tampered.status).toBe(400);
  });

  it("the confirmation's Add to calendar downloads the mail's own invitation; a bad, tampered or cancelled link is refused plainly, never 5xx", async () => {
    const date = boutiqueDatePlus(12);
    const email = `calendar-${Date.now()}@example.com`;
    const booked = await book({ name: "Ada Lovelace", email, date, time: "13:00" });
    expect(booked.status).toBe(200);
    // Without JavaScript the action's answer is the confirmation panel, with its links.
    const html = await booked.text();
    expect(html).toContain("Your fitting is booked");
    const calendarPath = /href="(\/fitting-room\/calendar\?token=[\w.%-]+)"/.exec(html)?.[1];
    expect(calendarPath, "the panel's Add to calendar link").toBeTruthy();
    expect(html).toMatch(/href="\/fitting-room\/cancel\?token=[\w.%-]+&amp;reschedule=1"/);

    const file = await fetch(`${boutique.url}${calendarPath}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST/);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="fitting.ics"');
    expect(file.headers.get("cache-control")).toBe("no-store");
    const text = await file.text();
    const downloaded = readIcsStrictly(text);
    expect(downloaded.method).toBe("REQUEST");
    expect(downloaded.sequence).toBe(0);

    // The same file as the confirmation mail's attachment, but for the moment it was written (DTSTAMP).
    const [mail] = await smtp.waitFor((m) => m.to.includes(email), { timeoutMs: 60_000 });
    const attached = invitation(mail!).ics.content.toString("utf8");
    const withoutStamp = (ics: string) => ics.replace(/\r\nDTSTAMP:[^\r]+/, "");
    expect(withoutStamp(text)).toBe(withoutStamp(attached));
    expect(downloaded.uid).toBe(readIcsStrictly(attached).uid);
    // The calendar link takes the mail link's own token: one signed link opens both.
    const mailToken = new URL(/https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(mail!.text)![0]).searchParams.get("token")!;
    const byMailToken = await fetch(`${boutique.url}/fitting-room/calendar?token=${encodeURIComponent(mailToken)}`);
    expect(byMailToken.status).toBe(200);
    expect(withoutStamp(await byMailToken.text())).toBe(withoutStamp(attached));
    const token = new URL(calendarPath!, boutique.url).searchParams.get("token")!;

    for (const [path, status, words] of [
      ["/fitting-room/calendar", 400, "incomplete, altered or too old"],
      ["/fitting-room/calendar?token=nonsense", 400, "incomplete, altered or too old"],
      [`/fitting-room/calendar?token=${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, 400, "incomplete, altered or too old"],
    ] as const) {
      const refused = await fetch(`${boutique.url}${path}`);
      expect(refused.status, path).toBe(status);
      expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await refused.text()).toContain(words);
    }

    // Cancelled: nothing to add any more.
    const cancelled = await fetch(`${boutique.url}/fitting-room/cancel?token=${encodeURIComponent(token)}`, {
      method: "POST",
      body: new URLSearchParams({ token }),
    });
    expect(cancelled.status).toBe(200);
    const gone = await fetch(`${boutique.url}${calendarPath}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("This fitting was cancelled");
  });

  it("staff move a fitting (METHOD:REQUEST, higher SEQUENCE, new DTSTART) and then cancel it (METHOD:CANCEL, higher still), same UID", async () => {
    const date = boutiqueDatePlus(9);
    const email = `moved-${Date.now()}@example.com`;
    const booked = await book({ name: "Grace Hopper", email, date, time: "15:00" });
    expect(booked.status).toBe(200);
    const [confirmation] = await smtp.waitFor((m) => m.to.includes(email), { timeoutMs: 60_000 });
    const first = invitation(confirmation!).calendar;
    expect(first.get("SEQUENCE")).toBe("0");

    // An admin: signed up, then given the role by the operator's CLI (the running server holds the data folder and is asked).
    const adminEmail = `staff-${Date.now()}@example.com`;
    const cookie = await signUpShopper(boutique.url, "Bea Boss", adminEmail);
    await grantAdminRole(adminEmail, boutique.dataDir);
    const view = `/admin/dashboard?tab=appointments&q=${encodeURIComponent(email)}`;
    const page = await (await fetch(`${boutique.url}${view}`, { headers: { cookie } })).text();
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    expect(id, "the booking's id on the dashboard").toBeTruthy();
    const post = (fields: Record<string, string>) =>
      fetch(`${boutique.url}/admin/dashboard`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: id!, back: view, ...fields }),
      });

    // Bad input stores nothing and says why: a Sunday, a past day, garbage.
    const sunday = (() => {
      const d = new Date(`${boutiqueDatePlus(14)}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
      return d.toISOString().slice(0, 10);
    })();
    for (const [fields, status, text] of [
      [{ date: sunday, time: "11:00" }, 400, "Monday to Saturday"],
      [{ date: "2020-01-06", time: "11:00" }, 400, "That date has passed"],
      [{ date: "soon", time: "11:00" }, 400, "Please select a date"],
      [{ date, time: "09:30" }, 400, "Please choose a time"],
    ] as const) {
      const refused = await post({ intent: "reschedule", via: "fetcher", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(status);
      expect(await refused.text()).toContain(text);
    }

    const newDate = boutiqueDatePlus(10);
    // A plain form post (no script): back to the view with the toast.
    const moved = await post({ intent: "reschedule", date: newDate, time: "11:00" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(view);
    expect(Buffer.from(/hive_flash=([^;]+)/.exec(moved.headers.getSetCookie().join("\n"))![1]!, "base64url").toString()).toContain(
      "Appointment rescheduled successfully",
    );
    const [movedMail] = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Your fitting has moved"), {
      timeoutMs: 60_000,
    });
    expect(movedMail!.subject).toMatch(/^Your fitting has moved to \w+day, \w+ \d+, \d{4} at 11:00 AM$/);
    expect(movedMail!.text).toContain("3:00 PM");
    const { ics, calendar: second } = invitation(movedMail!);
    expect(ics.filename).toBe("fitting.ics");
    expect(ics.contentType).toContain("method=REQUEST");
    expect(second.get("METHOD")).toBe("REQUEST");
    expect(second.get("UID")).toBe(first.get("UID"));
    expect(second.get("SEQUENCE")).toBe("1");
    expect(second.lines).toContainEqual(["DTSTART;TZID=America/New_York", `${newDate.replaceAll("-", "")}T110000`]);

    // The old time is free again; the new one is taken.
    const old = await book({ name: "Next Shopper", email: `next-${email}`, date, time: "15:00" });
    expect(old.status).toBe(200);

    const cancelled = await post({ intent: "cancel-fitting", via: "fetcher" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Appointment cancelled successfully");
    const [cancelMail] = await smtp.waitFor((m) => m.to.includes(email) && /cancelled/.test(m.subject), { timeoutMs: 60_000 });
    const third = invitation(cancelMail!).calendar;
    expect(third.get("METHOD")).toBe("CANCEL");
    expect(third.get("UID")).toBe(first.get("UID"));
    expect(third.get("SEQUENCE")).toBe("2");
    expect(third.get("STATUS")).toBe("CANCELLED");
    // Cancelling again is refused plainly, and nothing more is sent.
    const again = await post({ intent: "cancel-fitting", via: "fetcher" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This appointment is cancelled and can no longer be changed.");

    const history = await (await fetch(`${boutique.url}${view}&id=${id}`, { headers: { cookie } })).text();
    // The history, in the row's details panel, writes slots as SPEC writes times, on the boutique's clock.
    expect(history).toContain(
      `moved the fitting from ${formatSlot(date, "15:00")} to ${formatSlot(newDate, "11:00")} and mailed the customer`,
    );
    expect(history).toContain(`cancelled the fitting of ${formatSlot(newDate, "11:00")} and mailed the customer`);
  });

  it("the shopper moves and cancels her fitting from her account: same UID, next SEQUENCE; a taken slot or a stale form changes nothing", async () => {
    const email = `own-${Date.now()}@example.com`;
    const cookie = await signUpShopper(boutique.url, "Ada Lovelace", email);
    const date = boutiqueDatePlus(12);
    const booked = await book({ name: "Ada Lovelace", email, date, time: "10:00" }, { cookie });
    expect(booked.status).toBe(200);
    const [confirmation] = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Your fitting on"), {
      timeoutMs: 60_000,
    });
    const first = invitation(confirmation!).strict;
    expect(first.sequence).toBe(0);

    const tab = await (await fetch(`${boutique.url}/account/appointments`, { headers: { cookie } })).text();
    expect(tab).toContain(formatSlot(date, "10:00"));
    const id = /name="reschedule" value="([0-9a-f-]{36})"/.exec(tab)?.[1];
    expect(id, "a Reschedule button for the upcoming fitting").toBeTruthy();
    const view = await (await fetch(`${boutique.url}/account/appointments?reschedule=${id}`, { headers: { cookie } })).text();
    expect(view).toContain("Reschedule your fitting");
    expect(view).toContain('name="sequence" value="0"');
    const post = (fields: Record<string, string>, as = cookie) =>
      fetch(`${boutique.url}/account/appointments`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: as, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: id!, ...fields }),
      });

    // Someone takes the slot she wants: refused in the booking form's words, her booking stays where it was.
    const wanted = boutiqueDatePlus(15);
    const taken = await book({ name: "Quick Shopper", email: `quick-${email}`, date: wanted, time: "13:00" });
    expect(taken.status).toBe(200);
    const refused = await post({ intent: "reschedule", sequence: "0", date: wanted, time: "13:00" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Sorry, that time was just booked by someone else. Please choose another time.");
    expect(await (await fetch(`${boutique.url}/account/appointments`, { headers: { cookie } })).text()).toContain(
      formatSlot(date, "10:00"),
    );

    // Another shopper cannot touch it: not found, nothing changes.
    const stranger = await signUpShopper(boutique.url, "Eve Other", `eve-${email}`);
    const notHers = await post({ intent: "cancel", sequence: "0" }, stranger);
    expect(notHers.status).toBe(404);

    const moved = await post({ intent: "reschedule", sequence: "0", date: wanted, time: "16:00" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/account/appointments");
    const [movedMail] = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Your fitting has moved"), {
      timeoutMs: 60_000,
    });
    expect(movedMail!.subject).toBe(`Your fitting has moved to ${formatSlot(wanted, "16:00")}`);
    const second = invitation(movedMail!).strict;
    expect(second.method).toBe("REQUEST");
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBe(1);
    expect(invitation(movedMail!).calendar.lines).toContainEqual(["DTSTART;TZID=America/New_York", `${wanted.replaceAll("-", "")}T160000`]);

    // The same form posted again: it says what happened and moves nothing.
    const twice = await post({ intent: "reschedule", sequence: "0", date: wanted, time: "17:00" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(`This fitting was already changed and is now on ${formatSlot(wanted, "16:00")}.`);
    // Her old time is free again.
    const old = await book({ name: "Next Shopper", email: `next-${email}`, date, time: "10:00" });
    expect(old.status).toBe(200);

    const cancelled = await post({ intent: "cancel", sequence: "1" });
    expect(cancelled.status).toBe(302);
    const [cancelMail] = await smtp.waitFor((m) => m.to.includes(email) && /cancelled$/.test(m.subject), { timeoutMs: 60_000 });
    expect(cancelMail!.subject).toBe(`Your fitting on ${formatSlot(wanted, "16:00")} is cancelled`);
    const third = invitation(cancelMail!).strict;
    expect(third.method).toBe("CANCEL");
    expect(third.uid).toBe(first.uid);
    expect(third.sequence).toBe(2);
    const after = await (await fetch(`${boutique.url}/account/appointments`, { headers: { cookie } })).text();
    expect(after).toContain(">cancelled<");
    expect(after).not.toContain('name="reschedule"');

    // The first mail's link, after the cancel: its page says what happened, and a reschedule through it is refused.
    const link = /https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(confirmation!.text)![0];
    const token = new URL(link).searchParams.get("token")!;
    const late = await fetch(`${link}&reschedule=1`, {
      method: "POST",
      body: new URLSearchParams({ token, sequence: "2", date, time: "11:00" }),
    });
    expect(late.status).toBe(200);
    expect(await late.text()).toContain("is cancelled, so it can no longer be moved or cancelled again.");
  });

  it("the mailed link's page offers Reschedule: it moves the fitting once, and the same form posted twice says so", async () => {
    const date = boutiqueDatePlus(17);
    const email = `link-${Date.now()}@example.com`;
    const booked = await book({ name: "Mary Shelley", email, date, time: "12:00" });
    expect(booked.status).toBe(200);
    const [mail] = await smtp.waitFor((m) => m.to.includes(email), { timeoutMs: 60_000 });
    expect(mail!.text).toContain("Reschedule or cancel");
    const uid = invitation(mail!).strict.uid;
    const link = /https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(mail!.text)![0];
    const token = new URL(link).searchParams.get("token")!;
    const page = await (await fetch(link)).text();
    expect(page).toContain("Cancel your fitting?");
    expect(page).toContain(">Reschedule</button>");
    const view = await (await fetch(`${link}&reschedule=1`)).text();
    expect(view).toContain("Choose a new time");
    expect(view).toContain(formatSlot(date, "12:00"));

    const newDate = boutiqueDatePlus(19);
    const form = new URLSearchParams({ token, sequence: "0", date: newDate, time: "15:00" });
    const moved = await fetch(`${link}&reschedule=1`, { method: "POST", body: form });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain("Your fitting has moved");
    const [movedMail] = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Your fitting has moved"), {
      timeoutMs: 60_000,
    });
    const moving = invitation(movedMail!).strict;
    expect(moving.method).toBe("REQUEST");
    expect(moving.uid).toBe(uid);
    expect(moving.sequence).toBe(1);

    const again = await fetch(`${link}&reschedule=1`, { method: "POST", body: form });
    expect(again.status).toBe(200);
    const said = await again.text();
    expect(said).toContain("Already changed");
    expect(said).toContain(`This fitting was already changed and is now on ${formatSlot(newDate, "15:00")}.`);
  });

  it("a design request sends the confirmation and the boutique's notice", async () => {
    const email = `design-${Date.now()}@example.com`;
    const body = designForm({ name: "Ada Lovelace", email, eventType: "gala", vision: "A column gown in midnight silk" });
    const response = await fetch(`${boutique.url}/custom-design`, { method: "POST", body });
    expect(response.status).toBe(200);
    const mails = await smtp.waitFor((m) => m.to.includes(email) || m.subject.startsWith("New custom design request from Ada"), {
      count: 2,
      timeoutMs: 60_000,
    });
    expect(mails.map((m) => m.to.join(",")).sort()).toEqual([email, "hello@thehivebridal.com"].sort());
  });
});
