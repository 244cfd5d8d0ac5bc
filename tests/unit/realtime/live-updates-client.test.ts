import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectLiveUpdates, type LiveStatus } from "~/modules/realtime/live-updates";

/** Just enough of EventSource: the test plays the server by calling emit(). */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, readyState?: number) {
    if (readyState !== undefined) this.readyState = readyState;
    this.dispatchEvent(new Event(type));
  }
}

function setup() {
  const changes = vi.fn();
  const statuses: LiveStatus[] = [];
  const stop = connectLiveUpdates({
    url: "/api/admin/events",
    onChange: changes,
    onStatus: (s) => statuses.push(s),
    debounceMs: 200,
    retryMs: 1_000,
    maxRetryMs: 4_000,
    EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
  });
  return { changes, statuses, stop, current: () => FakeEventSource.instances.at(-1)! };
}

describe("connectLiveUpdates", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it("reloads once for a burst of changes, after the debounce", () => {
    const { changes, statuses, current } = setup();
    expect(current().url).toBe("/api/admin/events");
    current().emit("open", FakeEventSource.OPEN);
    expect(statuses).toEqual(["connecting", "live"]);
    expect(changes).not.toHaveBeenCalled(); // the first open is not a gap

    current().emit("change");
    vi.advanceTimersByTime(100);
    current().emit("change");
    current().emit("change");
    vi.advanceTimersByTime(199);
    expect(changes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(changes).toHaveBeenCalledTimes(1);

    current().emit("resync");
    vi.advanceTimersByTime(200);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it("after a dropped line the browser reconnects; the reopened stream resyncs", () => {
    const { changes, statuses, current } = setup();
    const source = current();
    source.emit("open", FakeEventSource.OPEN);
    source.emit("error", FakeEventSource.CONNECTING); // the browser is retrying by itself
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(FakeEventSource.instances).toHaveLength(1);
    source.emit("open", FakeEventSource.OPEN);
    expect(statuses.at(-1)).toBe("live");
    vi.advanceTimersByTime(200);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it("when the server refuses (the browser gives up), reloads once and opens again itself with growing waits", () => {
    const { changes, statuses, current } = setup();
    current().emit("open", FakeEventSource.OPEN);
    current().emit("error", FakeEventSource.CLOSED);
    expect(statuses.at(-1)).toBe("paused");
    expect(current().closed).toBe(true);
    // The first refusal reloads the page's data: its guarded loaders send a signed-out tab to sign in.
    vi.advanceTimersByTime(200);
    expect(changes).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(799);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(statuses.at(-1)).toBe("reconnecting");
    current().emit("error", FakeEventSource.CLOSED);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(changes).toHaveBeenCalledTimes(1); // a second refusal in a row: no second reload
    current().emit("open", FakeEventSource.OPEN);
    vi.advanceTimersByTime(200);
    expect(changes).toHaveBeenCalledTimes(2); // back after a gap: reload
  });

  it("on the server's `end` (session or admin role gone) stops listening for good and reloads once, at once", () => {
    const { changes, statuses, current } = setup();
    current().emit("open", FakeEventSource.OPEN);
    current().emit("change"); // pending: the reload below covers it
    current().emit("end");
    expect(statuses.at(-1)).toBe("ended");
    expect(current().closed).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    // The server then closes the line: the browser would report an error, and nobody opens again.
    current().emit("error", FakeEventSource.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe("ended");
  });

  it("stops cleanly: closes the stream and forgets pending reloads", () => {
    const { changes, stop, current } = setup();
    current().emit("open", FakeEventSource.OPEN);
    current().emit("change");
    stop();
    vi.advanceTimersByTime(1_000);
    expect(changes).not.toHaveBeenCalled();
    expect(current().closed).toBe(true);
  });
});
