import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoles } from "~/db/schema/accounts";
import { sessions, users } from "~/db/schema/auth";
import { createLogger } from "~/lib/logger.server";
import { StreamAccessWatch, type AccessLoss } from "~/modules/realtime/stream-access.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const HOUR = 3_600_000;

describe.each(testEngines)("re-checking open admin streams' sessions on $name", (engine) => {
  const database = useTestDatabase(engine);
  let watch: StreamAccessWatch;
  let serial = 0;

  beforeAll(async () => {
    // The timer never fires during a test: each test drives the check itself.
    watch = new StreamAccessWatch({ db: database.handle.db, everyMs: 3_600_000, logger: createLogger("silent") });
  });
  afterAll(async () => {
    await watch.stop();
  });

  /** A user with one session; an admin unless told otherwise. */
  async function signedIn({ admin = true, expiresInMs = HOUR } = {}) {
    const n = ++serial;
    const userId = `user-${n}`;
    const sessionId = `session-${n}`;
    const db = database.handle.db;
    await db.insert(users).values({ id: userId, name: `User ${n}`, email: `user-${n}@example.com` });
    await db.insert(sessions).values({ id: sessionId, token: `token-${n}`, userId, expiresAt: new Date(Date.now() + expiresInMs) });
    if (admin) await db.insert(userRoles).values({ userId, role: "admin" });
    return { userId, sessionId };
  }

  function follow(sessionId: string) {
    const told: AccessLoss[] = [];
    const stop = watch.watch(sessionId, (reason) => told.push(reason));
    return { told, stop };
  }

  it("leaves a live admin session alone, check after check", async () => {
    const { sessionId } = await signedIn();
    const stream = follow(sessionId);
    await watch.checkNow();
    await watch.checkNow();
    expect(stream.told).toEqual([]);
    stream.stop();
  });

  it("tells every stream of a signed-out (deleted) session, once, and stops watching them", async () => {
    const { sessionId } = await signedIn();
    const tabs = [follow(sessionId), follow(sessionId)];
    const before = watch.size;
    await database.handle.db.delete(sessions).where(eq(sessions.id, sessionId));
    await watch.checkNow();
    expect(tabs.map((t) => t.told)).toEqual([["signed-out"], ["signed-out"]]);
    expect(watch.size).toBe(before - 2);
    await watch.checkNow();
    expect(tabs.map((t) => t.told)).toEqual([["signed-out"], ["signed-out"]]);
  });

  it("ends an expired session's streams", async () => {
    const { sessionId } = await signedIn({ expiresInMs: -1_000 });
    const stream = follow(sessionId);
    await watch.checkNow();
    expect(stream.told).toEqual(["signed-out"]);
  });

  it("ends the streams of a user whose admin role was removed, and only theirs", async () => {
    const gone = await signedIn();
    const stays = await signedIn();
    const customer = await signedIn({ admin: false });
    const [lost, kept, never] = [follow(gone.sessionId), follow(stays.sessionId), follow(customer.sessionId)];
    await database.handle.db.delete(userRoles).where(eq(userRoles.userId, gone.userId));
    await watch.checkNow();
    expect(lost.told).toEqual(["not-admin"]);
    expect(kept.told).toEqual([]);
    expect(never.told).toEqual(["not-admin"]);
    kept.stop();
  });

  it("ends a deleted account's streams (its sessions go with the user row)", async () => {
    const { userId, sessionId } = await signedIn();
    const stream = follow(sessionId);
    await database.handle.db.delete(users).where(eq(users.id, userId));
    await watch.checkNow();
    expect(stream.told).toEqual(["signed-out"]);
  });

  it("says nothing to a stream that stopped watching before the check", async () => {
    const { sessionId } = await signedIn();
    const stream = follow(sessionId);
    stream.stop();
    await database.handle.db.delete(sessions).where(eq(sessions.id, sessionId));
    await watch.checkNow();
    expect(stream.told).toEqual([]);
  });
});
