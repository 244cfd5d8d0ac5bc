/** A Server-Sent Events reader over fetch, for tests: frames as they arrive, with the time each came. */
export interface SseEvent {
  event: string;
  data: string;
  at: number;
}

export interface SseClient {
  status: number;
  response: Response;
  events: SseEvent[];
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
            const event = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (event && data !== undefined) events.push({ event, data, at: performance.now() });
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const wake of waiters) wake();
    })();
  }
  return {
    status: response.status,
    response,
    events,
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
