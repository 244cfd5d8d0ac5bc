/**
 * The browser side of the admin change stream, without React: one
 * EventSource, a debounced `onChange`, a resync after every reconnection
 * (notifications sent while we were away are lost), and a slower retry of
 * our own when the browser gives up (a 401/403/429/503 answer closes an
 * EventSource for good). The first give-up in a row also reloads the page's
 * data, so its guarded loaders decide: a signed-out tab goes to the sign-in
 * page rather than knocking on the stream forever. An `end` event (the
 * session or the admin role is gone) stops listening for good, and reloads
 * once for the same reason.
 */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "paused" | "ended";

export interface LiveConnectionOptions {
  url: string;
  onChange: () => void;
  onStatus?: (status: LiveStatus) => void;
  /** Changes arriving within this window cause one reload (a burst, e.g. a bulk delete, is one reload, not hundreds). */
  debounceMs?: number;
  /** First wait before opening again after the browser gave up; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** For tests: the EventSource constructor. */
  EventSourceImpl?: typeof EventSource;
}

export const CHANGE_EVENTS = ["change", "resync"] as const;
/** The server's last word: this session may not listen any more. */
export const END_EVENT = "end";

export function connectLiveUpdates(options: LiveConnectionOptions): () => void {
  const { url, onChange, onStatus, debounceMs = 100, retryMs = 5_000, maxRetryMs = 60_000 } = options;
  const Impl = options.EventSourceImpl ?? globalThis.EventSource;
  let source: EventSource | null = null;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let wait = retryMs;
  let everOpened = false;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = undefined;
      if (!stopped) onChange();
    }, debounceMs);
  };

  /** The server's `end`: no reconnecting, and one reload now, so the page's guards show where this session stands. */
  const end = () => {
    stopped = true;
    clearTimeout(debounce);
    clearTimeout(retry);
    source?.close();
    source = null;
    onStatus?.("ended");
    onChange();
  };

  const open = () => {
    if (stopped || !Impl) return;
    onStatus?.(everOpened ? "reconnecting" : "connecting");
    const current = new Impl(url);
    source = current;
    current.addEventListener("open", () => {
      wait = retryMs;
      onStatus?.("live");
      // Back after a gap: whatever changed meanwhile was not announced to us.
      if (everOpened) schedule();
      everOpened = true;
    });
    for (const name of CHANGE_EVENTS) current.addEventListener(name, schedule);
    current.addEventListener(END_EVENT, () => {
      if (source === current) end();
    });
    current.addEventListener("error", () => {
      if (stopped || source !== current) return;
      if (current.readyState === Impl.CLOSED) {
        // The browser will not try again (an error status, not a dropped line): we do, more slowly.
        current.close();
        source = null;
        onStatus?.("paused");
        // The first refusal in a row reloads the page's data: its guarded loaders then decide (a
        // signed-out tab leaves for the sign-in page instead of knocking here every minute).
        if (wait === retryMs) schedule();
        retry = setTimeout(() => {
          retry = undefined;
          open();
        }, wait);
        wait = Math.min(wait * 2, maxRetryMs);
      } else {
        onStatus?.("reconnecting");
      }
    });
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(debounce);
    clearTimeout(retry);
    source?.close();
    source = null;
  };
}
