import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { grantAdminByEmail } from "~/modules/accounts/admin-grant.server";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { postgresAvailable, postgresEngine } from "../helpers/databases";
import { requestFrom, startNginx, type Nginx } from "../helpers/nginx";
import { signUpShopper } from "../helpers/shoppers";
import { freePort, startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { openSse, type SseClient } from "../helpers/sse";
import { useTestDatabase } from "../helpers/test-database";

/**
 * Issue 27 §2: the boutique as production runs it. Two instances of the build on one PostgreSQL database, behind
 * Debian's nginx with the configuration docs/operations.md gives (read from there), TRUST_PROXY=1. The test reaches
 * each instance through nginx at /__a and /__b (a prefix the helper adds), and both through the round-robin front.
 */
const CAPACITY = 3;
const NEWSLETTER_LIMIT = 4;
const DAY_MS = 86_400_000;

function booking(email: string, date: string, time: string) {
  return new URLSearchParams({ name: "Two Instances", email, date, time, notes: "" });
}

describe.skipIf(!postgresAvailable)("two instances behind nginx on one PostgreSQL", { timeout: 120_000 }, () => {
  const database = useTestDatabase(postgresEngine!);
  let smtp: TestSmtpServer;
  let a: BoutiqueServer;
  let b: BoutiqueServer;
  let nginx: Nginx;
  const streams: SseClient[] = [];
  const book = (base: string, email: string, date: string, time: string) =>
    fetch(`${base}/fitting-room`, { method: "POST", body: booking(email, date, time) });
  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(database.handle.db, query))[0]!.n);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const front = await freePort();
    const env = {
      DATABASE_URL: database.url,
      APP_URL: `http://127.0.0.1:${front}`,
      APP_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: smtp.url,
      TRUST_PROXY: "1",
      FITTING_SLOT_CAPACITY: String(CAPACITY),
      // Every fitting within 20 days is in the reminder's window; only one booked before it (created_at) gets one.
      FITTING_REMINDER_LEAD_MS: String(20 * DAY_MS),
      FITTING_REMINDER_POLL_MS: "250",
      NEWSLETTER_RATE_LIMIT: String(NEWSLETTER_LIMIT),
      BOOKING_RATE_LIMIT: "1000",
    };
    // Started together: the migrations run once, under the advisory lock.
    [a, b] = await Promise.all([startBoutique(env), startBoutique(env)]);
    nginx = await startNginx({ a: a.port, b: b.port }, front);
  });

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await nginx?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
  });

  /** The upstream addresses nginx logged for requests whose URI starts with `uri`. */
  const upstreamsOf = (method: string, uri: string) =>
    nginx
      .accessLog()
      .filter((line) => line.startsWith(`${method} ${uri}`))
      .map((line) => /"([^"]*)" "[^"]*"$/.exec(line)?.[1]);

  it("keeps a session made on one instance on the other", async () => {
    const email = `session-${Date.now()}@example.com`;
    const cookie = await signUpShopper(nginx.pinned("a"), "Sam Session", email);
    for (const base of [nginx.pinned("b"), nginx.url, nginx.url]) {
      const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    }
    // Made on a, read on b, and the front took turns.
    expect(upstreamsOf("POST", "/__a/auth")).toEqual([`127.0.0.1:${a.port}`]);
    expect(upstreamsOf("GET", "/__b/api/auth/get-session")).toEqual([`127.0.0.1:${b.port}`]);
    expect(new Set(upstreamsOf("GET", "/api/auth/get-session"))).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
  });

  it("brings a change made on one instance to an admin's live stream held on the other", async () => {
    const email = `admin-${Date.now()}@example.com`;
    const admin = await signUpShopper(nginx.pinned("a"), "Ada Admin", email);
    expect(await grantAdminByEmail(database.handle.db, email)).toBe("granted");
    const watcher = await openSse(`${nginx.pinned("b")}/api/admin/events`, admin);
    streams.push(watcher);
    expect(watcher.status).toBe(200);
    await watcher.connected;
    const booked = await book(nginx.pinned("a"), `live-${Date.now()}@example.com`, boutiqueDatePlus(12), "11:00");
    expect(booked.status).toBe(200);
    const event = await watcher.waitFor((e) => e.event === "change" && e.data.includes('"appointments"'), 10_000);
    expect(JSON.parse(event.data)).toMatchObject({ table: "appointments", op: "insert" });
  });

  it("books a slot raced from both instances exactly up to its capacity", async () => {
    const date = boutiqueDatePlus(10);
    const racers = Array.from({ length: 12 }, (_, i) =>
      book(nginx.pinned(i % 2 ? "a" : "b"), `race-${i}-${Date.now()}@example.com`, date, "14:00"),
    );
    const statuses = (await Promise.all(racers)).map((response) => response.status);
    expect(statuses.sort()).toEqual([...Array<number>(CAPACITY).fill(200), ...Array<number>(12 - CAPACITY).fill(409)]);
    expect(
      await count(sql`select count(*) as n from appointments
                      where preferred_date = ${date} and preferred_time = '14:00' and status in ('pending', 'confirmed')`),
    ).toBe(CAPACITY);
  });

  it("counts a rate limit over both instances, per client as the proxy names it", async () => {
    const signUp = (instance: string, from: string, n: number) =>
      requestFrom(from, `${nginx.pinned(instance)}/newsletter`, {
        method: "POST",
        body: new URLSearchParams({ email: `limit-${from}-${n}-${Date.now()}@example.com` }),
      });
    const allowed = [];
    for (let n = 0; n < NEWSLETTER_LIMIT; n++) allowed.push((await signUp(n % 2 ? "b" : "a", "127.0.0.2", n)).status);
    expect(allowed).toEqual(Array(NEWSLETTER_LIMIT).fill(200));
    expect((await signUp("a", "127.0.0.2", 10)).status).toBe(429);
    expect((await signUp("b", "127.0.0.2", 11)).status).toBe(429);
    // Another client, through the same nginx: counted on its own (TRUST_PROXY takes it from X-Forwarded-For).
    expect((await signUp("b", "127.0.0.3", 0)).status).toBe(200);
  });

  it("sends each fitting reminder once while both instances look for them", async () => {
    const tag = `remind-${Date.now()}`;
    const date = boutiqueDatePlus(8);
    const emails = ["10:00", "11:00", "12:00", "13:00"].map((time, i) => ({ time, email: `${tag}-${i}@example.com` }));
    for (const [i, { time, email }] of emails.entries())
      expect((await book(nginx.pinned(i % 2 ? "a" : "b"), email, date, time)).status).toBe(200);
    // Booked inside the reminder's window, so none is due yet; as if booked weeks ago, all four are.
    const backdated = await queryRows(
      database.handle.db,
      sql`update appointments set created_at = created_at - interval '30 days' where email like ${`${tag}-%`} returning id`,
    );
    expect(backdated).toHaveLength(emails.length);
    const isReminder = (to: string) => (mail: { to: string[]; subject: string }) =>
      mail.to.includes(to) && mail.subject.startsWith("Reminder:");
    for (const { email } of emails) await smtp.waitFor(isReminder(email), { timeoutMs: 60_000 });
    // Every queued mail sent (none waiting to go out a second time), then each reminder was mailed once.
    await expect.poll(() => count(sql`select count(*) as n from mail_outbox where status <> 'sent'`), { timeout: 60_000 }).toBe(0);
    expect(await count(sql`select count(*) as n from mail_outbox where kind = 'fitting-reminder'`)).toBe(emails.length);
    for (const { email } of emails) expect(smtp.received.filter(isReminder(email))).toHaveLength(1);
    const queued = [...a.logs(), ...b.logs()].filter((line) => line.msg === "fitting reminders queued");
    expect(queued.reduce((sum, line) => sum + Number(line.count), 0)).toBe(emails.length);
  });

  it("loses no request when one instance stops (SIGTERM) mid-traffic: nginx retries what it could not hand over", async () => {
    const tag = `traffic-${Date.now()}`;
    const results: { method: string; status: number; email?: string }[] = [];
    let bookings = 0;
    let stopping = false;
    let afterExit = -1;
    let exit: Awaited<ReturnType<BoutiqueServer["stop"]>> | undefined;
    const worker = async () => {
      while (afterExit < 0 || results.length < afterExit + 30) {
        const n = bookings++;
        if (n % 2) {
          const response = await fetch(`${nginx.url}/fitting-room?date=${boutiqueDatePlus(20)}`);
          await response.arrayBuffer();
          results.push({ method: "GET", status: response.status });
        } else {
          const slot = n / 2;
          const email = `${tag}-${slot}@example.com`;
          const response = await book(
            nginx.url,
            email,
            boutiqueDatePlus(20 + Math.floor(slot / 8)),
            ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"][slot % 8]!,
          );
          await response.arrayBuffer();
          results.push({ method: "POST", status: response.status, email });
        }
        if (!stopping && results.length >= 12) {
          stopping = true;
          void b.stop("SIGTERM").then((exited) => {
            exit = exited;
            afterExit = results.length;
          });
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(exit).toEqual({ code: 0, signal: null });

    // Every request is answered 200, but for one narrow case: a POST nginx wrote on a connection the kernel had queued
    // for b in the instant b closed its port is reset before b read it. nginx cannot tell that from a POST b committed,
    // so it answers 502 rather than send it twice (docs/operations.md, "What is retried"): the shopper is told, and
    // nothing is stored for it (below).
    expect(
      results.filter((result) => result.status !== 200 && !(result.method === "POST" && result.status === 502)),
      `nginx's error log:\n${nginx.errorLog()}`,
    ).toEqual([]);
    // Every booking answered 200 is stored, once, and no other.
    const booked = results.filter((result) => result.method === "POST" && result.status === 200).map((result) => result.email);
    const stored = await queryRows<{ email: string }>(
      database.handle.db,
      sql`select email from appointments where email like ${`${tag}-%`}`,
    );
    expect(stored.map((row) => row.email).sort()).toEqual(booked.sort());
    // nginx met the stopped instance: it handed what b could not take to a, each of them answered, or (the narrow
    // case above) answered a POST 502. After one such failure it leaves b alone for fail_timeout.
    const lines = nginx.accessLog();
    const retried = lines.filter((line) => line.includes(`"127.0.0.1:${b.port}, 127.0.0.1:${a.port}"`));
    const refused = lines.filter((line) => /^POST \S+ 502 /.test(line) && line.includes(`"127.0.0.1:${b.port}"`));
    expect(retried.length + refused.length, `nginx's access log:\n${lines.join("\n")}`).toBeGreaterThan(0);
    expect(retried.filter((line) => !/^\S+ \S+ 200 /.test(line))).toEqual([]);
  });
});
