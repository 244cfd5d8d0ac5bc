import { describe, expect, it } from "vitest";
import { openAdminChangeStream, StreamSlots, TOO_MANY_STREAMS_MESSAGE } from "~/modules/realtime/realtime.server";
import { ChangeBus } from "~/modules/realtime/change-bus.server";

const decoder = new TextDecoder();

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
    const response = openAdminChangeStream({ bus, userId: "u1", signal: controller.signal, slots, heartbeatMs: 60_000 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(slots.held("u1")).toBe(1);

    const second = openAdminChangeStream({ bus, userId: "u1", signal: new AbortController().signal, slots });
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
    const first = openAdminChangeStream({ bus, userId: "u1", signal: new AbortController().signal, slots });
    openAdminChangeStream({ bus, userId: "u1", signal: new AbortController().signal, slots });
    expect(slots.held("u1")).toBe(2);
    await first.body!.cancel();
    expect(slots.held("u1")).toBe(1);
    bus.close();
    expect(slots.held("u1")).toBe(0);
    const late = openAdminChangeStream({ bus, userId: "u1", signal: new AbortController().signal, slots });
    expect(late.status).toBe(503);
    expect(slots.held("u1")).toBe(0);
  });

  it("sends a heartbeat comment while idle", async () => {
    const bus = new ChangeBus();
    const controller = new AbortController();
    const response = openAdminChangeStream({ bus, userId: "u1", signal: controller.signal, slots: new StreamSlots(), heartbeatMs: 20 });
    const reader = response.body!.getReader();
    await reader.read(); // preamble
    expect(decoder.decode((await reader.read()).value)).toBe(": keep-alive\n\n");
    controller.abort();
  });
});
