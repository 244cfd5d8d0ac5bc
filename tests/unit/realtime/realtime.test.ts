import { createServer, type Server } from "node:http";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { userRoles } from "~/db/schema/accounts";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { createLogger } from "~/lib/logger.server";
import { ChangeBus, listenForAdminChanges, parseChangePayload } from "~/modules/realtime/change-bus.server";
import { createChangeEventStream } from "~/modules/realtime/event-stream.server";
import { testEngines } from "../../helpers/databases";
import { openSse, type SseClient } from "../../helpers/sse";
import { useTestDatabase } from "../../helpers/test-database";

/** Serves the change stream over real HTTP, as the server's SSE route will. */
async function serveStream(bus: ChangeBus): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const controller = new AbortController();
    req.on("close", () => controller.abort());
    const response = createChangeEventStream(bus, controller.signal, { heartbeatMs: 60_000 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.flushHeaders();
    Readable.fromWeb(response.body as never).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return { url: `http://127.0.0.1:${address.port}/events`, server };
}

describe("change payloads", () => {
  it("accepts the trigger's payload and refuses anything else", () => {
    expect(parseChangePayload('{"table":"appointments","op":"insert","id":"a1"}')).toEqual({
      type: "change",
      table: "appointments",
      op: "insert",
      id: "a1",
    });
    expect(parseChangePayload('{"table":"user_roles","op":"insert","id":"a1"}')).toBeNull();
    expect(parseChangePayload("not json")).toBeNull();
  });
});

describe.each(testEngines)("change notifications on $name", (engine) => {
  const database = useTestDatabase(engine);
  let bus: ChangeBus;
  let stop: () => Promise<void>;
  let http: { url: string; server: Server };

  beforeAll(async () => {
    bus = new ChangeBus();
    stop = await listenForAdminChanges(database.handle, bus, createLogger("silent"));
    http = await serveStream(bus);
  });
  afterAll(async () => {
    bus.close();
    await new Promise<void>((resolve) => http.server.close(() => resolve()));
    await stop();
  });

  /** The change events a stream has had so far, parsed. */
  const changes = (client: SseClient) => client.events.filter((e) => e.event === "change").map((e) => JSON.parse(e.data) as unknown);

  it("streams inserts, updates and deletes on the three admin tables as Server-Sent Events", async () => {
    const client = await openSse(http.url);
    onTestFinished(() => client.close());
    expect(client.response.headers.get("content-type")).toContain("text/event-stream");
    // Its first frame is sent once the stream listens to the bus.
    await client.connected;

    const db = database.handle.db;
    const [submission] = await db
      .insert(customDesignSubmissions)
      .values({ name: "Ava", email: "ava@example.com", eventType: "gala", vision: "Midnight velvet with a low back" })
      .returning();
    const [booking] = await db
      .insert(appointments)
      .values({ name: "Bea", email: "bea@example.com", preferredDate: "2027-03-02", preferredTime: "14:00" })
      .returning();
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, booking!.id));
    const [subscriber] = await db.insert(newsletterSubscribers).values({ email: "cleo@example.com" }).returning();
    await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriber!.id));

    // Notifications arrive in commit order: once the last has come, so have the others.
    await client.waitFor((e) => e.data.includes('"op":"delete"'), 10_000);
    expect(changes(client)).toEqual([
      { type: "change", table: "custom_design_submissions", op: "insert", id: submission!.id },
      { type: "change", table: "appointments", op: "insert", id: booking!.id },
      { type: "change", table: "appointments", op: "update", id: booking!.id },
      { type: "change", table: "newsletter_subscribers", op: "insert", id: subscriber!.id },
      { type: "change", table: "newsletter_subscribers", op: "delete", id: subscriber!.id },
    ]);
  });

  it("does not announce changes to other tables", async () => {
    const client = await openSse(http.url);
    onTestFinished(() => client.close());
    await client.connected;
    await database.handle.db.insert(userRoles).values({ userId: "u1", role: "admin" });
    // A change to an admin table after it: notifications arrive in commit order, so by the time this one has come,
    // one for the role would have come before it.
    const [marker] = await database.handle.db.insert(newsletterSubscribers).values({ email: "after-the-role@example.com" }).returning();
    await client.waitFor((e) => e.data.includes(marker!.id), 10_000);
    expect(changes(client)).toEqual([{ type: "change", table: "newsletter_subscribers", op: "insert", id: marker!.id }]);
  });

  it("ends open streams when the bus closes (server shutdown)", async () => {
    const local = new ChangeBus();
    const controller = new AbortController();
    const response = createChangeEventStream(local, controller.signal, { heartbeatMs: 60_000 });
    const reader = response.body!.getReader();
    await reader.read(); // the "connected" preamble
    local.close();
    expect((await reader.read()).done).toBe(true);
    expect(local.size).toBe(0);
  });
});
