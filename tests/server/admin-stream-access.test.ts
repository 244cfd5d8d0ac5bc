import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoles } from "~/db/schema/accounts";
import { grantAdminByEmail } from "~/modules/accounts/admin-grant.server";
import { startBoutique, type BoutiqueServer, startOwnBoutique, grantAdminRole } from "../helpers/boutique-server";
import { postgresAvailable, postgresEngine } from "../helpers/databases";
import { useTestDatabase } from "../helpers/test-database";
import { cookieFrom, signUpShopper } from "../helpers/shoppers";
import { openSse, type SseClient } from "../helpers/sse";

/**
 * Issue 23, finding 8: an open /api/admin/events stream lasts only as long as
 * the session and the admin role that opened it. After a sign-out, a revoked
 * session, a removed role or a deleted account it sends `end` and closes,
 * on every instance (each re-checks its streams against the shared
 * database every ADMIN_STREAM_RECHECK_MS, set low here), delivers no later
 * change, and a reconnection is refused. Another stream, open all along on
 * the same instance, shows that the change was announced.
 */
const EVENTS = "/api/admin/events";
const PASSWORD = "secret12";
/** Far longer than the re-check below; a deadline for a busy shared machine, not a measurement. */
const END_WITHIN_MS = 15_000;
const QUIET_ENV = { ADMIN_STREAM_RECHECK_MS: "200", NEWSLETTER_RATE_LIMIT: "100", AUTH_RATE_LIMIT: "100", MAIL_TRANSPORT: "log" };

let serial = 0;
const uniqueEmail = (who: string) => `${who.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}-${++serial}@example.com`;

function post(server: BoutiqueServer, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** A second device: the same account signed in again, with a session of its own. */
async function signIn(server: BoutiqueServer, email: string): Promise<string> {
  const response = await post(server, "/auth", { intent: "sign-in", email, password: PASSWORD });
  expect(response.status, `sign-in of ${email}`).toBe(302);
  return cookieFrom(response);
}

const isChange = (event: { event: string }) => event.event === "change";

/** The session and user behind a cookie, as Better Auth reports them. */
async function whoIs(server: BoutiqueServer, cookie: string): Promise<{ sessionId: string; userId: string }> {
  const response = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { session: { id: string; userId: string } };
  return { sessionId: body.session.id, userId: body.session.userId };
}

function streams() {
  const open: SseClient[] = [];
  return {
    open,
    /** An admin's stream, answered 200. */
    async admin(server: BoutiqueServer, cookie: string): Promise<SseClient> {
      const client = await openSse(`${server.url}${EVENTS}`, cookie);
      open.push(client);
      expect(client.status).toBe(200);
      return client;
    },
    /** What a browser's reconnection would get with the same cookie. */
    async reconnect(server: BoutiqueServer, cookie: string): Promise<number> {
      const client = await openSse(`${server.url}${EVENTS}`, cookie);
      open.push(client);
      return client.status;
    },
  };
}

/** The stream ended with `end` (and nothing else), and a change made afterwards reaches `witness`, still open, but not it. */
async function expectEndedBeforeChange(ended: SseClient[], reason: "signed-out" | "not-admin", change: BoutiqueServer, witness: SseClient) {
  for (const client of ended) {
    await client.waitForEnd(END_WITHIN_MS);
    expect(client.events.map((e) => e.event)).toEqual(["end"]);
    expect(JSON.parse(client.events[0]!.data)).toEqual({ type: "end", reason });
  }
  const seen = witness.events.length;
  const signup = await post(change, "/newsletter", { email: uniqueEmail("after") });
  expect(signup.status).toBe(200);
  await witness.waitFor((e) => witness.events.indexOf(e) >= seen && isChange(e) && e.data.includes('"newsletter_subscribers"'), 10_000);
  expect(witness.ended).toBe(false);
  for (const client of ended) expect(client.events.filter(isChange)).toEqual([]);
}

describe.skipIf(!postgresAvailable)(
  "an admin's event stream ends with its session or role, on every instance (PostgreSQL)",
  { timeout: 300_000 },
  () => {
    const database = useTestDatabase(postgresEngine!);
    let one: BoutiqueServer;
    let two: BoutiqueServer;
    let bystander = "";
    const sse = streams();

    async function newAdmin(name: string) {
      const email = uniqueEmail(name);
      const cookie = await signUpShopper(one.url, name, email, PASSWORD);
      expect(await grantAdminByEmail(database.handle.db, email)).toBe("granted");
      return { email, cookie };
    }

    beforeAll(async () => {
      const secret = randomBytes(32).toString("hex");
      const start = async () => {
        return startOwnBoutique({
          ...QUIET_ENV,
          DATABASE_URL: database.url,
          DATABASE_POOL_SIZE: "4",
          APP_SECRET: secret,
        });
      };
      one = await start();
      two = await start();
      bystander = (await newAdmin("Bree Bystander")).cookie;
    }, 300_000);

    afterAll(async () => {
      await Promise.all(sse.open.map((client) => client.close()));
      await Promise.all([one?.stop("SIGTERM"), two?.stop("SIGTERM")]);
    });

    it("signing out on one instance ends the session's streams on both; the reconnection gets 401", async () => {
      const admin = await newAdmin("Sana Signout");
      const here = await sse.admin(one, admin.cookie);
      const there = await sse.admin(two, admin.cookie);
      const witness = await sse.admin(two, bystander);

      const logout = await post(one, "/admin/dashboard", { intent: "logout" }, admin.cookie);
      expect(logout.status).toBe(302);
      expect(logout.headers.get("location")).toBe("/admin/login");

      await expectEndedBeforeChange([here, there], "signed-out", one, witness);
      expect(await sse.reconnect(two, admin.cookie)).toBe(401);
    });

    it("revoking a session from another device's Security tab ends that session's stream only", async () => {
      const admin = await newAdmin("Rhea Revoked");
      const laptop = admin.cookie;
      const phone = await signIn(two, admin.email);
      const { sessionId } = await whoIs(one, laptop);
      const revoked = await sse.admin(two, laptop);
      const kept = await sse.admin(two, phone);

      const answer = await post(one, "/account/security", { intent: "revoke-session", id: sessionId }, phone);
      expect(answer.status).toBe(302);

      await expectEndedBeforeChange([revoked], "signed-out", one, kept);
      expect(await sse.reconnect(two, laptop)).toBe(401);
    });

    it("removing the admin role ends the user's streams on every instance; the reconnection gets 403", async () => {
      const admin = await newAdmin("Ria Role");
      const { userId } = await whoIs(one, admin.cookie);
      const here = await sse.admin(one, admin.cookie);
      const there = await sse.admin(two, admin.cookie);
      const witness = await sse.admin(two, bystander);

      // What an operator does to take the role away: the row goes.
      const removed = await database.handle.db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
        .returning();
      expect(removed).toHaveLength(1);

      await expectEndedBeforeChange([here, there], "not-admin", one, witness);
      expect(await sse.reconnect(two, admin.cookie)).toBe(403);
    });

    it("deleting the account on one instance ends its stream on the other; the reconnection gets 401", async () => {
      const admin = await newAdmin("Dora Deleted");
      const stream = await sse.admin(two, admin.cookie);
      const witness = await sse.admin(two, bystander);

      const deleted = await post(one, "/account/profile", { intent: "delete-account", password: PASSWORD }, admin.cookie);
      expect(deleted.status).toBe(302);

      await expectEndedBeforeChange([stream], "signed-out", one, witness);
      expect(await sse.reconnect(two, admin.cookie)).toBe(401);
    });
  },
);

describe("on the embedded database (PGlite), signing out ends the stream too", { timeout: 300_000 }, () => {
  let server: BoutiqueServer;
  const sse = streams();

  beforeAll(async () => {
    server = await startBoutique(QUIET_ENV);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(sse.open.map((client) => client.close()));
    await server?.stop("SIGTERM");
  });

  it("a sign-out ends that session's stream; the same admin's other session keeps its own", async () => {
    const email = uniqueEmail("paula-pglite");
    const first = await signUpShopper(server.url, "Paula PGlite", email, PASSWORD);
    // The operator's CLI path: it reaches the running server's embedded database through the data folder.
    await grantAdminRole(email, server.dataDir);
    const second = await signIn(server, email);
    const ending = await sse.admin(server, first);
    const staying = await sse.admin(server, second);

    const logout = await post(server, "/admin/dashboard", { intent: "logout" }, first);
    expect(logout.status).toBe(302);

    await expectEndedBeforeChange([ending], "signed-out", server, staying);
    expect(await sse.reconnect(server, first)).toBe(401);
  });
});
