import type { ChangeBus, ChangeEvent } from "./change-bus.server";

const encoder = new TextEncoder();

function frame(event: ChangeEvent): Uint8Array {
  return encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

/**
 * A Server-Sent Events response that relays the bus until the client goes
 * away (`signal`) or the server shuts down (the bus closes). A comment line
 * every `heartbeatMs` keeps proxies from closing an idle stream.
 */
export function createChangeEventStream(
  bus: ChangeBus,
  signal: AbortSignal,
  heartbeatMs = 25_000,
  /** Called once when the stream ends, however it ends (client gone, shutdown, reader cancelled). */
  onFinish?: () => void,
): Response {
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const finish = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        signal.removeEventListener("abort", finish);
        onFinish?.();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      cleanup = finish;
      const unsubscribe = bus.subscribe((event) => {
        if (open) controller.enqueue(frame(event));
      }, finish);
      const heartbeat = setInterval(() => {
        if (open) controller.enqueue(encoder.encode(`: keep-alive\n\n`));
      }, heartbeatMs);
      heartbeat.unref?.();
      signal.addEventListener("abort", finish);
      // Tell the browser how long to wait before reconnecting, and that we are live.
      controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\n`));
      if (signal.aborted || bus.isClosed) finish();
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
