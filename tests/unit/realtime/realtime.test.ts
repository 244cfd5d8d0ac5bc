import { createServer, type Server } from "node:http";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoles } from "~/db/schema/accounts";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { createLogger } from "~/lib/logger.server";
import { ChangeBus, listenForAdminChanges, parseChangePayload } from "~/modules/realtime/change-bus.server";
import { createChangeEventStream } from "~/modules/realtime/event-stream.server";
import { testEngines, type TestDatabase } from "../../helpers/databases";

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

/** Reads SSE frames from a fetch body until `count` events have come. */
async function readEvents(body: ReadableStream<Uint8Array>, count: number, timeoutMs = 10_000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = "";
  const deadline = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  } finally {
    clearTimeout(deadline);
    await reader.cancel().catch(() => {});
  }
  return events;
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
  let database: TestDatabase;
  let bus: ChangeBus;
  let stop: () => Promise<void>;
  let http: { url: string; server: Server };

  beforeAll(async () => {
    database = await engine.create();
    bus = new ChangeBus();
    stop = await listenForAdminChanges(database.handle, bus, createLogger("silent"));
    http = await serveStream(bus);
  });
  afterAll(async () => {
    bus.close();
    await new Promise<void>((resolve) => http.server.close(() => resolve()));
    await stop();
    await database.drop();
  });

  it("streams inserts, updates and deletes on the three admin tables as Server-Sent Events", async () => {
    const response = await fetch(http.url);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reading = readEvents(response.body!, 5);
    // Give the stream a moment to subscribe before changing rows.
    await new Promise((r) => setTimeout(r, 100));

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

    const events = await reading;
    expect(events.map((e) => e.data)).toEqual([
      { type: "change", table: "custom_design_submissions", op: "insert", id: submission!.id },
      { type: "change", table: "appointments", op: "insert", id: booking!.id },
      { type: "change", table: "appointments", op: "update", id: booking!.id },
      { type: "change", table: "newsletter_subscribers", op: "insert", id: subscriber!.id },
      { type: "change", table: "newsletter_subscribers", op: "delete", id: subscriber!.id },
    ]);
  });

  it("does not announce changes to other tables", async () => {
    const response = await fetch(http.url);
    const reading = readEvents(response.body!, 1, 1500);
    await new Promise((r) => setTimeout(r, 100));
    await database.handle.db.insert(userRoles).values({ userId: "u1", role: "admin" });
    expect(await reading).toEqual([]);
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
