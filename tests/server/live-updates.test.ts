import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { grantAdminByEmail } from "~/modules/accounts/admin-grant.server";
import { type BoutiqueServer, startOwnBoutique } from "../helpers/boutique-server";
import { postgresAvailable, postgresEngine } from "../helpers/databases";
import { openSse, type SseClient } from "../helpers/sse";
import { signUpShopper } from "../helpers/shoppers";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { useTestDatabase } from "../helpers/test-database";

/**
 * SPEC §4 "data reloads on any change notification": two built server
 * instances on one PostgreSQL database. A change made through one reaches an
 * admin's event stream on the other, through the database's NOTIFY, not
 * through anything the two processes share. How soon is bench/sse.ts's figure.
 */
const EVENTS = "/api/admin/events";
const ADMIN_EMAIL = "live-admin@example.com";

const signUp = signUpShopper;

describe.skipIf(!postgresAvailable)("live updates across two instances on one PostgreSQL", { timeout: 300_000 }, () => {
  const database = useTestDatabase(postgresEngine!);
  let one: BoutiqueServer;
  let two: BoutiqueServer;
  let admin = "";
  let customer = "";
  const open: SseClient[] = [];

  beforeAll(async () => {
    const secret = randomBytes(32).toString("hex");
    const start = async () => {
      return startOwnBoutique({
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: "4",
        APP_SECRET: secret,
        MAIL_TRANSPORT: "log",
      });
    };
    // One after the other: both run the migrations under the advisory lock anyway, and the machine is small.
    one = await start();
    two = await start();
    admin = await signUp(one.url, "Lina Live", ADMIN_EMAIL);
    customer = await signUp(one.url, "Cora Customer", "live-customer@example.com");
    expect(await grantAdminByEmail(database.handle.db, ADMIN_EMAIL)).toBe("granted");
  }, 300_000);

  afterAll(async () => {
    await Promise.all(open.map((client) => client.close()));
    await Promise.all([one?.stop("SIGTERM"), two?.stop("SIGTERM")]);
  });

  async function stream(server: BoutiqueServer, cookie: string) {
    const client = await openSse(`${server.url}${EVENTS}`, cookie);
    open.push(client);
    return client;
  }

  it("refuses the stream to anonymous visitors (401) and customers (403), without a redirect", async () => {
    const anonymous = await stream(two, "");
    expect(anonymous.status).toBe(401);
    const shopper = await stream(two, customer);
    expect(shopper.status).toBe(403);
    expect(await shopper.response.text()).toBe("Access denied. Admin privileges required.");
  });

  it("streams as text/event-stream, uncompressed, to an admin", async () => {
    const client = await fetch(`${two.url}${EVENTS}`, { headers: { cookie: admin, "accept-encoding": "gzip, br" } });
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(client.headers.get("content-encoding")).toBeNull();
    expect(client.headers.get("cache-control")).toContain("no-cache");
    await client.body?.cancel();
  });

  it("a newsletter sign-up and a fitting booking made on one instance reach an admin on the other", async () => {
    const watcher = await stream(two, admin);
    expect(watcher.status).toBe(200);
    // Its first frame is sent once the stream listens.
    await watcher.connected;

    const email = `live-${Date.now()}@example.com`;
    const signup = await fetch(`${one.url}/newsletter`, { method: "POST", body: new URLSearchParams({ email }) });
    expect(signup.status).toBe(200);
    const subscriberEvent = await watcher.waitFor((e) => e.event === "change" && e.data.includes('"newsletter_subscribers"'), 5_000);
    expect(JSON.parse(subscriberEvent.data)).toMatchObject({ type: "change", table: "newsletter_subscribers", op: "insert" });

    const booking = await fetch(`${one.url}/fitting-room`, {
      method: "POST",
      body: new URLSearchParams({ name: "Ada Live", email, date: boutiqueDatePlus(9), time: "11:00", notes: "" }),
    });
    expect(booking.status).toBe(200);
    const bookingEvent = await watcher.waitFor((e) => e.event === "change" && e.data.includes('"appointments"'), 5_000);
    expect(JSON.parse(bookingEvent.data)).toMatchObject({ table: "appointments", op: "insert" });
    await watcher.close();
  });

  it("caps open streams per user at 5 (429 past it) and frees a slot when a stream closes", async () => {
    // The earlier tests streamed from the other instance: on this one the admin holds none yet.
    const streams: SseClient[] = [];
    for (let i = 0; i < 5; i++) streams.push(await stream(one, admin));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await stream(one, admin);
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe("30");
    expect(await refused.response.text()).toMatch(/Too many live update connections/);
    // The other instance counts its own.
    const elsewhere = await stream(two, admin);
    expect(elsewhere.status).toBe(200);

    await streams[0]!.close();
    // The server frees the slot when it notices the stream has gone: ask again until it has.
    const again = await vi.waitFor(
      async () => {
        const attempt = await stream(one, admin);
        if (attempt.status !== 200) {
          await attempt.close();
          throw new Error(`a new stream was answered ${attempt.status}`);
        }
        return attempt;
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(again.status).toBe(200);
  });
});
