import type { ChangeBus, ChangeEvent } from "./change-bus.server";
import type { AccessLoss } from "./stream-access.server";

const encoder = new TextEncoder();

/**
 * The last frame of a stream whose viewer lost access: the page stops
 * listening instead of letting the browser reconnect (it would be refused).
 */
export interface StreamEnd {
  type: "end";
  reason: AccessLoss;
}

function frame(event: ChangeEvent | StreamEnd): Uint8Array {
  return encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

export interface ChangeEventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** Called once when the stream ends, however it ends (client gone, shutdown, reader cancelled, access lost). */
  onFinish?: () => void;
  /**
   * Called once the stream is open with `end`, which writes a last frame and
   * closes the stream; answers what to undo when the stream ends.
   */
  until?: (end: (last: StreamEnd) => void) => () => void;
}

/**
 * A Server-Sent Events response that relays the bus until the client goes
 * away (`signal`), the server shuts down (the bus closes), or `until` ends it.
 */
export function createChangeEventStream(bus: ChangeBus, signal: AbortSignal, options: ChangeEventStreamOptions = {}): Response {
  const { heartbeatMs = 25_000, onFinish, until } = options;
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let stopUntil = () => {};
      const finish = (last?: StreamEnd) => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        stopUntil();
        signal.removeEventListener("abort", onAbort);
        onFinish?.();
        try {
          if (last) controller.enqueue(frame(last));
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      const onAbort = () => finish();
      cleanup = finish;
      const unsubscribe = bus.subscribe(
        (event) => {
          if (open) controller.enqueue(frame(event));
        },
        () => finish(),
      );
      const heartbeat = setInterval(() => {
        if (open) controller.enqueue(encoder.encode(`: keep-alive\n\n`));
      }, heartbeatMs);
      heartbeat.unref?.();
      signal.addEventListener("abort", onAbort);
      // Tell the browser how long to wait before reconnecting, and that we are live.
      controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\n`));
      if (signal.aborted || bus.isClosed) finish();
      else if (until) {
        stopUntil = until(finish);
        if (!open) stopUntil();
      }
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
