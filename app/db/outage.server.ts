// When PostgreSQL goes away (a restart, a failover), the boutique says so with 503 and Retry-After instead of 500s,
// and comes back by itself: the first failed query or lost connection marks the database down, and a ping once a
// second marks it up again as soon as it answers. The pool opens fresh connections on its own; nothing restarts.
import type { Logger } from "~/lib/logger.server";
import { startPeriodicJob, type PeriodicJob } from "~/lib/periodic-job.server";

/** The headers of every 503 during an outage: wait 5 s before trying again (a client or the proxy), keep nothing. */
export const OUTAGE_HEADERS = { "Retry-After": "5", "Cache-Control": "no-store" } as const;

// Connection refused, reset or cut, and PostgreSQL's "shutting down" and connection-class SQLSTATEs (57P01–57P03, 08xxx).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether an error (or one it was caused by: drizzle wraps the driver's) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    // An AggregateError from connecting to each address of a host name.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}

export interface DatabaseOutage {
  /** The database could not be reached, and has not answered since. */
  readonly down: boolean;
  /** Marks the database down when `error` says it cannot be reached; anything else is ignored. */
  report(error: unknown): void;
  stop(): Promise<void>;
}

export function watchDatabaseOutage(options: { ping: () => Promise<void>; logger: Logger; everyMs?: number }): DatabaseOutage {
  let down = false;
  let since = 0;
  const job: PeriodicJob<void> = startPeriodicJob({
    everyMs: options.everyMs ?? 1000,
    fallback: undefined,
    // Still down: the next tick pings again.
    onError: () => {},
    async run() {
      if (!down) return;
      await options.ping();
      down = false;
      options.logger.warn({ downMs: Date.now() - since }, "the database answers again");
    },
  });
  return {
    get down() {
      return down;
    },
    report(error) {
      if (down || !isDatabaseUnavailable(error)) return;
      down = true;
      since = Date.now();
      options.logger.error({ err: error }, "the database cannot be reached: answering 503 until it is back");
    },
    stop: () => job.stop(),
  };
}
