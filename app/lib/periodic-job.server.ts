/**
 * A job run now and then every `everyMs`, one run at a time: a call while a
 * run is in progress joins that run instead of starting a second. The timer
 * never keeps the process alive. A failing run is reported to `onError`
 * (unless the job has been stopped, when failures are the shutdown's) and
 * answers `fallback`; the next tick tries again.
 */
export interface PeriodicJob<T> {
  /** Runs the job now, or joins the run in progress. */
  runOnce(): Promise<T>;
  /** Stops the timer and waits for a run in progress to end. */
  stop(): Promise<void>;
}

export function startPeriodicJob<T>(options: {
  everyMs: number;
  run: () => Promise<T>;
  fallback: T;
  onError: (error: unknown) => void;
}): PeriodicJob<T> {
  let running: Promise<T> | null = null;
  let stopped = false;
  const runOnce = () => {
    running ??= options
      .run()
      .catch((error: unknown) => {
        if (!stopped) options.onError(error);
        return options.fallback;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.everyMs);
  timer.unref();
  void runOnce();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
