// Graceful shutdown: drain (health checks fail, connections close after
// their answer), stop listening, then stop the workers and stores.
import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/lib/logger.server";

/** Set when shutdown begins: health checks fail so load balancers stop sending, and connections are not kept alive. */
export interface Lifecycle {
  draining: boolean;
}

/** While draining, every answer closes its connection. */
export function closeWhenDraining(lifecycle: Lifecycle) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (lifecycle.draining) res.setHeader("Connection", "close");
    next();
  };
}

export interface ShutdownSteps {
  server: Server;
  lifecycle: Lifecycle;
  logger: Logger;
  drainMs: number;
  timeoutMs: number;
  /** As draining begins: what ends the open event streams. */
  beginDraining(): void;
  /** Once the last connection has closed: the workers, listeners and stores, in order. */
  stopServices(): Promise<void>;
}

/** The one shutdown (later calls get the first's promise). */
export function gracefulShutdown(steps: ShutdownSteps): (reason: string) => Promise<void> {
  const { server, lifecycle, logger } = steps;
  let shuttingDown: Promise<void> | null = null;
  return (reason: string) => {
    shuttingDown ??= (async () => {
      logger.info({ reason, drainMs: steps.drainMs }, "shutting down: finishing requests in flight");
      // Keep accepting for a moment: requests already on their way (sent by a
      // load balancer before it saw us go, or queued in the kernel) are still
      // answered, with Connection: close, while /healthz says we are leaving.
      lifecycle.draining = true;
      steps.beginDraining();
      await new Promise((resolve) => setTimeout(resolve, steps.drainMs));
      const force = setTimeout(() => {
        logger.warn("requests still open at the shutdown deadline; closing them");
        server.closeAllConnections();
      }, steps.timeoutMs);
      force.unref();
      // Stop listening without touching open sockets (http.Server#close would
      // reset as "idle" a connection whose request has arrived but not yet been
      // read while the loop was busy rendering), then sweep idle keep-alive
      // sockets after each poll phase has read whatever had arrived.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const sweep = setInterval(() => setImmediate(() => server.closeIdleConnections()), 250);
      await closed;
      clearInterval(sweep);
      clearTimeout(force);
      await steps.stopServices();
      logger.info("shut down cleanly");
      logger.flush();
    })();
    return shuttingDown;
  };
}

/** SIGTERM or SIGINT shuts down, then exits. */
export function shutdownOnSignals(shutdown: (reason: string) => Promise<void>) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void shutdown(signal).then(() => process.exit(0));
    });
  }
}
