import { describe, expect, it } from "vitest";
import { openAdminChangeStream, StreamSlots, TOO_MANY_STREAMS_MESSAGE } from "~/modules/realtime/realtime.server";
import { ChangeBus } from "~/modules/realtime/change-bus.server";
import type { AccessLoss, AccessWatch } from "~/modules/realtime/stream-access.server";

const decoder = new TextDecoder();

/** Plays the session re-check: `lose()` tells every stream watching `sessionId` what the database would have found. */
class FakeAccess implements AccessWatch {
  watching = new Map<string, Set<(reason: AccessLoss) => void>>();
  watch(sessionId: string, onLost: (reason: AccessLoss) => void) {
    const set = this.watching.get(sessionId) ?? new Set();
    set.add(onLost);
    this.watching.set(sessionId, set);
    return () => set.delete(onLost);
  }
  count(sessionId: string) {
    return this.watching.get(sessionId)?.size ?? 0;
  }
  lose(sessionId: string, reason: AccessLoss) {
    for (const onLost of [...(this.watching.get(sessionId) ?? [])]) onLost(reason);
  }
}
const stream = { sessionId: "s1", userId: "u1" };

/** Opens session s1's stream on `bus` with a fresh access watch and a signal nothing aborts, unless the options say otherwise. */
function openStream(bus: ChangeBus, slots: StreamSlots, options: Partial<Parameters<typeof openAdminChangeStream>[0]> = {}) {
  return openAdminChangeStream({ bus, ...stream, access: new FakeAccess(), signal: new AbortController().signal, slots, ...options });
}

describe("per-user stream slots", () => {
  it("grants up to the cap per user, independently of other users", () => {
    const slots = new StreamSlots(2);
    const a1 = slots.acquire("a");
    const a2 = slots.acquire("a");
    expect(a1).toBeTypeOf("function");
    expect(a2).toBeTypeOf("function");
    expect(slots.acquire("a")).toBeNull();
    expect(slots.acquire("b")).toBeTypeOf("function");
    expect(slots.total).toBe(3);
    a1!();
    a1!(); // releasing twice frees one slot, not two
    expect(slots.held("a")).toBe(1);
    expect(slots.acquire("a")).toBeTypeOf("function");
    expect(slots.acquire("a")).toBeNull();
  });
});

describe("the admin change stream", () => {
  it("relays changes as named events and frees its slot when the client goes away", async () => {
    const bus = new ChangeBus();
    const slots = new StreamSlots(1);
    const controller = new AbortController();
    const response = openStream(bus, slots, { signal: controller.signal, heartbeatMs: 60_000 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(slots.held("u1")).toBe(1);

    const second = openStream(bus, slots);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("30");
    expect(await second.text()).toBe(TOO_MANY_STREAMS_MESSAGE);

    const reader = response.body!.getReader();
    expect(decoder.decode((await reader.read()).value)).toContain("retry: 3000");
    bus.publish({ type: "change", table: "appointments", op: "insert", id: "x1" });
    expect(decoder.decode((await reader.read()).value)).toBe(
      'event: change\ndata: {"type":"change","table":"appointments","op":"insert","id":"x1"}\n\n',
    );
    controller.abort();
    expect((await reader.read()).done).toBe(true);
    expect(slots.held("u1")).toBe(0);
    expect(bus.size).toBe(0);
  });

  it("frees the slot when the reader cancels, and when the server shuts down", async () => {
    const bus = new ChangeBus();
    const slots = new StreamSlots(3);
    const first = openStream(bus, slots);
    openStream(bus, slots);
    expect(slots.held("u1")).toBe(2);
    await first.body!.cancel();
    expect(slots.held("u1")).toBe(1);
    bus.close();
    expect(slots.held("u1")).toBe(0);
    const late = openStream(bus, slots);
    expect(late.status).toBe(503);
    expect(slots.held("u1")).toBe(0);
  });

  it("ends with an `end` event when its session loses access, frees its slot and stops watching; other sessions' streams stay", async () => {
    const bus = new ChangeBus();
    const slots = new StreamSlots(3);
    const access = new FakeAccess();
    const open = (sessionId: string) => openStream(bus, slots, { sessionId, access, heartbeatMs: 60_000 });
    const mine = open("s1").body!.getReader();
    const other = open("s2").body!.getReader();
    expect(access.count("s1")).toBe(1);
    expect(slots.held("u1")).toBe(2);
    await mine.read(); // preamble
    await other.read();

    access.lose("s1", "signed-out");
    expect(decoder.decode((await mine.read()).value)).toBe('event: end\ndata: {"type":"end","reason":"signed-out"}\n\n');
    expect((await mine.read()).done).toBe(true);
    expect(access.count("s1")).toBe(0);
    expect(slots.held("u1")).toBe(1);
    expect(bus.size).toBe(1);

    bus.publish({ type: "change", table: "appointments", op: "insert", id: "x2" });
    expect(decoder.decode((await other.read()).value)).toContain('"id":"x2"');
  });

  it("stops watching the session when the stream ends another way", async () => {
    const bus = new ChangeBus();
    const access = new FakeAccess();
    const controller = new AbortController();
    openStream(bus, new StreamSlots(), { access, signal: controller.signal });
    expect(access.count("s1")).toBe(1);
    controller.abort();
    expect(access.count("s1")).toBe(0);
  });

  it("sends a heartbeat comment while idle", async () => {
    const bus = new ChangeBus();
    const controller = new AbortController();
    const response = openStream(bus, new StreamSlots(), { signal: controller.signal, heartbeatMs: 20 });
    const reader = response.body!.getReader();
    await reader.read(); // preamble
    expect(decoder.decode((await reader.read()).value)).toBe(": keep-alive\n\n");
    controller.abort();
  });
});
