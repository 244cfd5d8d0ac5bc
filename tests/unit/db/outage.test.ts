import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable, watchDatabaseOutage } from "~/db/outage.server";
import { createLogger } from "~/lib/logger.server";

// The watch behind 503 with Retry-After (tests/server/outage-postgres.test.ts restarts a real PostgreSQL under it).

function capturedLogger() {
  const messages: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      messages.push(String((JSON.parse(String(chunk)) as { msg: string }).msg));
      done();
    },
  });
  return { logger: createLogger("info", stream), messages };
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("a database out of reach", () => {
  it("is told from the driver's errors, also when drizzle wraps them, and not from a query's own mistakes", () => {
    expect(isDatabaseUnavailable(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: new Error("Connection terminated unexpectedly") }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new AggregateError([pgError("ECONNREFUSED", "refused")], "connect failed"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query: select x", { cause: pgError("42703", 'column "x" does not exist') }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it("is marked down by the first such error, said once, and up again when a ping answers", async () => {
    const { logger, messages } = capturedLogger();
    let answering = false;
    const outage = watchDatabaseOutage({
      logger,
      everyMs: 10,
      ping: async () => {
        if (!answering) throw pgError("ECONNREFUSED", "refused");
      },
    });
    try {
      outage.report(pgError("23505", "duplicate key"));
      expect(outage.down).toBe(false);
      outage.report(pgError("57P01", "terminating connection due to administrator command"));
      outage.report(pgError("ECONNREFUSED", "refused"));
      expect(outage.down).toBe(true);
      answering = true;
      await vi.waitFor(() => expect(outage.down).toBe(false), { timeout: 5000, interval: 10 });
      expect(messages).toEqual(["the database cannot be reached: answering 503 until it is back", "the database answers again"]);
    } finally {
      await outage.stop();
    }
  });
});
