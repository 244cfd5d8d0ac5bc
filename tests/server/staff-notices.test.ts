import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAdminRole, startOwnBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { designForm, signUpShopper } from "../helpers/shoppers";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../helpers/smtp";

// Issue 26, item 6, on the built server with real SMTP: a new fitting, a customer's own cancellation and a new design
// request each mail the boutique's inbox (BOUTIQUE_EMAIL) once, with a link to that row's details on the dashboard;
// STAFF_NOTIFICATIONS=design-only keeps only the design request's, none keeps none. Times are Savannah's.

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const SPEC_TIME = /\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/;

describe("staff notices over SMTP", { timeout: 600_000 }, () => {
  let smtp: TestSmtpServer;
  const servers: BoutiqueServer[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    for (const server of servers) await server.stop("SIGTERM");
    await smtp?.close();
  });

  /** A boutique of its own, mailing staff at `inbox`, with STAFF_NOTIFICATIONS as given (unset: the default, all). */
  async function boutique(inbox: string, setting?: string): Promise<BoutiqueServer> {
    const server = await startOwnBoutique(
      { SMTP_URL: smtp.url, MAIL_FROM: "The Hive <hello@thehive.test>", BOUTIQUE_EMAIL: inbox, STAFF_NOTIFICATIONS: setting },
      { startTimeoutMs: 180_000 },
    );
    servers.push(server);
    return server;
  }

  /**
   * The three events on `server`, as shoppers cause them: a booking, its cancellation by the mail's link, a design
   * request. Then a newsletter sign-up, queued after all of them: once its welcome arrives, every mail queued before
   * it has been sent (the outbox sends in the order mail was queued).
   */
  async function threeEvents(server: BoutiqueServer, tag: string) {
    const email = `bride-${tag}@example.com`;
    // Each boutique is new: its first open day's 3 PM is free (a Sunday is closed, so try the next day too).
    const statuses: number[] = [];
    for (let day = 10; day < 13 && !statuses.includes(200); day++) {
      const response = await fetch(`${server.url}/fitting-room`, {
        method: "POST",
        body: new URLSearchParams({ name: `Ada ${tag}`, email, date: boutiqueDatePlus(day), time: "15:00", notes: "Bringing my mother" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1), `the booking (${statuses.join(", ")})`).toBe(200);
    const [confirmation] = await smtp.waitFor((m) => m.to.includes(email) && /^Your fitting on/.test(m.subject), { timeoutMs: 60_000 });
    const link = /https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(confirmation!.text)![0];
    const token = new URL(link).searchParams.get("token")!;
    const cancelled = await fetch(link, { method: "POST", body: new URLSearchParams({ token }) });
    expect(cancelled.status).toBe(200);
    const request = await fetch(`${server.url}/custom-design/submit`, {
      method: "POST",
      body: designForm({
        name: `Grace ${tag}`,
        email: `grace-${tag}@example.com`,
        eventType: "gala",
        vision: "A midnight blue velvet gown",
      }),
    });
    expect(request.status).toBe(200);
    const reader = `reader-${tag}@example.com`;
    const signup = await fetch(`${server.url}/newsletter`, { method: "POST", body: new URLSearchParams({ email: reader }) });
    expect(signup.status).toBeLessThan(400);
    await smtp.waitFor((m) => m.to.includes(reader), { timeoutMs: 60_000 });
    return { name: `Ada ${tag}`, designer: `Grace ${tag}` };
  }

  const toInbox = (inbox: string) => smtp.received.filter((m) => m.to.includes(inbox));

  /** The notice's one link to the dashboard: absolute, on the server's own address, naming the tab and a row id. */
  function deepLink(mail: ReceivedMail, server: BoutiqueServer, tab: string): string {
    const links = mail.text.match(/https?:\/\/\S+\/admin\/dashboard\?\S+/g) ?? [];
    expect(links, `one dashboard link in "${mail.subject}"`).toHaveLength(1);
    const link = links[0]!;
    expect(link).toMatch(new RegExp(`^${server.url}/admin/dashboard\\?tab=${tab}&id=${UUID}$`));
    expect(mail.html).toContain(`href="${link.replace(/&/g, "&#38;")}"`);
    return link;
  }

  it("all (the default): each of the three events mails staff once, with a link that opens the row's details", async () => {
    const inbox = "staff-all@boutique.test";
    const server = await boutique(inbox);
    const tag = `all${Date.now().toString(36)}`;
    const { name, designer } = await threeEvents(server, tag);

    const mails = toInbox(inbox);
    // Sorted subjects: "Fitting cancelled…" < "New custom…" < "New fitting…".
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(new RegExp(`^Fitting cancelled by ${name}: ${SPEC_TIME.source}$`)),
      `New custom design request from ${designer}`,
      expect.stringMatching(new RegExp(`^New fitting: ${name} on ${SPEC_TIME.source}$`)),
    ]);
    const booking = mails.find((m) => m.subject.startsWith("New fitting"))!;
    const cancellation = mails.find((m) => m.subject.startsWith("Fitting cancelled"))!;
    const design = mails.find((m) => m.subject.startsWith("New custom design request"))!;
    const bookingLink = deepLink(booking, server, "appointments");
    expect(deepLink(cancellation, server, "appointments")).toBe(bookingLink);
    const designLink = deepLink(design, server, "submissions");

    // Times in the boutique's words and clock, never a stored date or UTC.
    for (const mail of [booking, cancellation, design]) {
      expect(mail.text).toMatch(SPEC_TIME);
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b|UTC/);
    }
    expect(booking.text).toContain("Bringing my mother");

    // The links open the row's details for staff (a dialog named by the customer), and the sign-in page for anyone else.
    const adminEmail = `boss-${tag}@example.com`;
    const admin = await signUpShopper(server.url, "Bea Boss", adminEmail);
    await grantAdminRole(adminEmail, server.dataDir);
    for (const [link, who] of [
      [bookingLink, name],
      [designLink, designer],
    ] as const) {
      const page = await fetch(link, { headers: { cookie: admin } });
      expect(page.status).toBe(200);
      // The page's text (tags and React's comments taken out): the panel's heading reads "Details of …".
      const text = (await page.text()).replace(/<[^>]*>/g, "");
      expect(text).toContain(`Details of ${who}`);
      const stranger = await fetch(link, { redirect: "manual" });
      expect(stranger.status).toBe(302);
      expect(stranger.headers.get("location")).toBe("/admin/login");
    }
  });

  it("design-only: only the design request's notice; none: no notice at all", async () => {
    const designInbox = "staff-design@boutique.test";
    const noneInbox = "staff-none@boutique.test";
    const [designOnly, none] = [await boutique(designInbox, "design-only"), await boutique(noneInbox, "NONE ")];
    const designer = (await threeEvents(designOnly, `design${Date.now().toString(36)}`)).designer;
    await threeEvents(none, `none${Date.now().toString(36)}`);
    const mails = toInbox(designInbox);
    expect(mails.map((m) => m.subject)).toEqual([`New custom design request from ${designer}`]);
    deepLink(mails[0]!, designOnly, "submissions");
    expect(toInbox(noneInbox)).toEqual([]);
  });
});
