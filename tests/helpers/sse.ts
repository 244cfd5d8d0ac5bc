/** A Server-Sent Events reader over fetch, for tests: frames as they arrive. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  response: Response;
  events: SseEvent[];
  /**
   * Resolves when the stream's first frame has arrived: the server's `: connected` preamble, which it sends once the
   * stream listens for changes. Rejects when the stream ends (or was refused) before any frame.
   */
  connected: Promise<void>;
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** True once the stream has ended: the server closed it, the line broke, or `close()`. */
  readonly ended: boolean;
  /** Resolves once the stream has ended (at once if it has); rejects after `timeoutMs`. */
  waitForEnd(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function openSse(url: string, cookie = ""): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal, redirect: "manual" });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = !(response.ok && response.body);
  let framed = false;
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const connected = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody need wait for it; whoever does still sees the rejection.
  connected.catch(() => {});
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            framed = true;
            settle!.resolve();
            const event = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (event && data !== undefined) events.push({ event, data });
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      }
      if (!framed) settle!.reject(new Error("the stream ended before its first frame"));
      ended = true;
      for (const wake of waiters) wake();
    })();
  } else {
    settle!.reject(new Error(`the stream was refused with ${response.status}`));
  }
  return {
    status: response.status,
    response,
    events,
    connected,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${events.map((e) => e.data).join(", ") || "none"})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    get ended() {
      return ended;
    },
    waitForEnd(timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!ended) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the stream was still open after ${timeoutMs} ms (got ${events.map((e) => e.data).join(", ") || "no events"})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      controller.abort();
      await response.body?.cancel().catch(() => {});
    },
  };
}
