import type { ChangeBus } from "./change-bus.server";
import { createChangeEventStream } from "./event-stream.server";
import type { AccessWatch } from "./stream-access.server";

/**
 * Open change streams per signed-in user, on this instance. A browser keeps
 * about six HTTP/1.1 connections per site, and each open tab's EventSource
 * holds one: past a few, a user (or a leaked session) only eats the server's
 * sockets. The count is per instance (behind a load balancer a user may hold
 * this many on each); that bounds the fan-out each process serves, which is
 * what the cap protects.
 */
export const MAX_STREAMS_PER_USER = 5;

/** Heartbeat: shorter than the usual 30-60 s idle timeout of proxies and load balancers. */
export const HEARTBEAT_MS = 20_000;

export class StreamSlots {
  private open = new Map<string, number>();
  readonly perUser: number;

  constructor(perUser: number = MAX_STREAMS_PER_USER) {
    this.perUser = perUser;
  }

  /** A release function for a granted slot, or null when the user already holds `perUser`. */
  acquire(userId: string): (() => void) | null {
    const held = this.open.get(userId) ?? 0;
    if (held >= this.perUser) return null;
    this.open.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.open.get(userId) ?? 1) - 1;
      if (now <= 0) this.open.delete(userId);
      else this.open.set(userId, now);
    };
  }

  held(userId: string): number {
    return this.open.get(userId) ?? 0;
  }

  get total(): number {
    let sum = 0;
    for (const count of this.open.values()) sum += count;
    return sum;
  }
}

/** One per server process: the SSE route's slots. */
export const adminStreamSlots = new StreamSlots();

export const TOO_MANY_STREAMS_MESSAGE =
  "Too many live update connections are open for this account. Close another dashboard tab and try again.";

/**
 * The admin dashboards' Server-Sent Events (SPEC §4, live subscription):
 * every change to the three admin tables, from any instance. 429 past the
 * per-user cap; 503 while the server shuts down (the browser comes back to
 * another instance, or to this one restarted). The stream lasts as long as
 * the session and the admin role that opened it: once `access` finds either
 * gone it sends a last `end` event and closes (a reconnection would get the
 * guard's 401 or 403).
 */
export function openAdminChangeStream(options: {
  bus: ChangeBus;
  userId: string;
  /** The session the guard admitted: watched while the stream is open. */
  sessionId: string;
  access: AccessWatch;
  signal: AbortSignal;
  slots?: StreamSlots;
  heartbeatMs?: number;
}): Response {
  const { bus, userId, sessionId, access, signal, slots = adminStreamSlots, heartbeatMs = HEARTBEAT_MS } = options;
  const noStore = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };
  if (bus.isClosed)
    return new Response("The server is restarting; live updates resume shortly.", {
      status: 503,
      headers: { ...noStore, "Retry-After": "3" },
    });
  const release = slots.acquire(userId);
  if (!release) return new Response(TOO_MANY_STREAMS_MESSAGE, { status: 429, headers: { ...noStore, "Retry-After": "30" } });
  return createChangeEventStream(bus, signal, {
    heartbeatMs,
    onFinish: release,
    until: (end) => access.watch(sessionId, (reason) => end({ type: "end", reason })),
  });
}
