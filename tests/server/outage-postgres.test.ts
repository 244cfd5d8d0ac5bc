import { randomBytes } from "node:crypto";
import { describe, expect, it, vi, onTestFinished } from "vitest";
import { startOwnBoutique } from "../helpers/boutique-server";
import { BURST_ENV, bookFitting, sendRequest, type Sent } from "../helpers/outage-traffic";
import { postgresBinaries, startPrivatePostgres } from "../helpers/private-postgres";

// PostgreSQL restarted under load (issue 27): while it is gone every page and form answers 503 with Retry-After,
// never a 500, and the same process serves again by itself once it is back.

type Answer = { status: number; retryAfter: string | null; at: number };

/** Shoppers browsing and booking, `lanes` at a time, until stopped: every answer kept (a refused connection is none). */
function traffic(base: string, lanes = 3) {
  const answers: Answer[] = [];
  let stopped = false;
  let n = 0;
  const keep = (sent: Sent) => {
    if (typeof sent.status === "number") answers.push({ status: sent.status, retryAfter: sent.retryAfter ?? null, at: Date.now() });
  };
  const lane = async () => {
    while (!stopped) {
      const i = n++;
      keep(await sendRequest(`${base}/fitting-room`));
      keep(await bookFitting(base, `restart-${i}@burst.example`, i));
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, lane));
  return {
    answers,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

describe.skipIf(!postgresBinaries())("PostgreSQL restarted under load", { timeout: 300_000 }, () => {
  it("answers 503 with Retry-After while it is gone, and serves again by itself when it is back", async () => {
    const database = await startPrivatePostgres();
    onTestFinished(async () => {
      await database.destroy();
    });
    const server = await startOwnBoutique({
      ...BURST_ENV,
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString("hex"),
      MAIL_TRANSPORT: "log",
    });
    onTestFinished(async () => {
      await server.stop("SIGKILL");
    });
    const base = server.url;
    const load = traffic(base);
    await vi.waitFor(() => expect(load.answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(6), {
      timeout: 60_000,
      interval: 100,
    });

    await database.stop();
    const stoppedAt = Date.now();
    await vi.waitFor(() => expect(load.answers.filter((a) => a.at > stoppedAt && a.status === 503).length).toBeGreaterThanOrEqual(4), {
      timeout: 60_000,
      interval: 100,
    });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("5");
    const page = await fetch(`${base}/fitting-room`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(await page.text()).toContain("We cannot reach our records just now.");

    await database.start();
    const restartedAt = Date.now();
    await vi.waitFor(async () => expect((await fetch(`${base}/healthz`)).status).toBe(200), { timeout: 60_000, interval: 250 });
    await vi.waitFor(() => expect(load.answers.filter((a) => a.at > restartedAt && a.status === 200).length).toBeGreaterThanOrEqual(4), {
      timeout: 60_000,
      interval: 100,
    });
    await load.stop();

    // A booking goes through again, on the same process: nothing was restarted.
    expect((await bookFitting(base, "after-restart@burst.example", 3)).status).toBe(200);
    expect(server.process.child.exitCode).toBeNull();
    // No answer was a 500; every 503 asked to retry.
    expect(load.answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(load.answers.filter((a) => a.status === 503 && a.retryAfter !== "5")).toEqual([]);
    // Pages and bookings answered 200 before and after, 503 between.
    expect(new Set(load.answers.map((a) => a.status))).toEqual(new Set([200, 503]));
  });
});
