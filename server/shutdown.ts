// Graceful shutdown: drain (health checks fail, connections close after
// their answer), stop listening, then stop the workers and stores.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
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
  // Kept-alive connections between requests: those the shutdown closes. A connection that has not yet brought its
  // first request is not idle but on its way (a busy loop or proxy can take a while to read or write it): closing it
  // would drop a request the proxy may already have sent, so it is answered, or cut at the shutdown deadline.
  const open = new Set<Socket>();
  const served = new WeakSet<Socket>();
  const answering = new Map<Socket, number>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    served.add(socket);
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    res.once("close", () => {
      const left = (answering.get(socket) ?? 1) - 1;
      if (left > 0) answering.set(socket, left);
      else answering.delete(socket);
    });
  });
  const closeIdleKeptAlive = () => {
    for (const socket of open) if (served.has(socket) && !answering.has(socket)) socket.destroy();
  };
  return (reason: string) => {
    shuttingDown ??= (async () => {
      logger.info({ reason, drainMs: steps.drainMs }, "shutting down: finishing requests in flight");
      // Keep accepting for a moment: requests already on their way (sent by a
      // load balancer before it saw us go, or queued in the kernel) are still
      // answered, with Connection: close, while /healthz says we are leaving.
      lifecycle.draining = true;
      steps.beginDraining();
      await new Promise((resolve) => setTimeout(resolve, steps.drainMs));
      // Close the port right after a poll phase, which accepts every connection the kernel has queued: closing it
      // from the timer (before the poll) would reset the connections queued since the last one, and a proxy may
      // already have written a POST on such a connection, which it cannot safely send elsewhere. Only connections
      // that arrive within this one step are refused, before anything is read: those a proxy retries.
      await new Promise((resolve) => setImmediate(resolve));
      const force = setTimeout(() => {
        logger.warn("requests still open at the shutdown deadline; closing them");
        server.closeAllConnections();
      }, steps.timeoutMs);
      force.unref();
      // Stop listening without touching open sockets (http.Server#close, like
      // closeIdleConnections, would reset as "idle" a connection whose request
      // has not yet been read), then sweep kept-alive sockets between requests.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const sweep = setInterval(() => setImmediate(closeIdleKeptAlive), 250);
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
