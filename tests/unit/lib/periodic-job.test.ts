import { describe, expect, it } from "vitest";
import { startPeriodicJob } from "~/lib/periodic-job.server";

describe("a periodic job", () => {
  it("runs at start, joins a run in progress instead of starting a second, and runs again once it ends", async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const job = startPeriodicJob({
      everyMs: 60_000,
      fallback: -1,
      onError: () => {},
      run: () =>
        new Promise<number>((resolve) => {
          runs += 1;
          finish = () => resolve(runs);
        }),
    });
    expect(runs).toBe(1);
    const joined = job.runOnce();
    expect(runs).toBe(1);
    finish();
    expect(await joined).toBe(1);
    const next = job.runOnce();
    expect(runs).toBe(2);
    finish();
    expect(await next).toBe(2);
    await job.stop();
  });

  it("reports a failed run and answers the fallback; after stop, failures are the shutdown's and are not reported", async () => {
    const errors: unknown[] = [];
    let fail = true;
    let release: () => void = () => {};
    const job = startPeriodicJob({
      everyMs: 60_000,
      fallback: "none",
      onError: (error) => errors.push(error),
      run: () =>
        fail
          ? Promise.reject(new Error("database away"))
          : new Promise<string>((_, reject) => {
              release = () => reject(new Error("closed under us"));
            }),
    });
    expect(await job.runOnce()).toBe("none");
    expect(errors.map((e) => (e as Error).message)).toEqual(["database away"]);
    errors.length = 0;
    fail = false;
    const last = job.runOnce();
    const stopped = job.stop();
    release();
    expect(await last).toBe("none");
    await stopped;
    expect(errors).toEqual([]);
  });
});
