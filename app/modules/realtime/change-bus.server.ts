import type { DatabaseHandle } from "~/db/client.server";
import type { Logger } from "~/lib/logger.server";

declare module "~/lib/context.server" {
  interface AppServices {
    /** Admin-table changes from every instance (pg_notify), for the dashboards' Server-Sent Events. */
    changes: ChangeBus;
  }
}

export const ADMIN_CHANGES_CHANNEL = "admin_changes";
export const ADMIN_TABLES = ["custom_design_submissions", "appointments", "newsletter_subscribers"] as const;
export type AdminTable = (typeof ADMIN_TABLES)[number];

export type ChangeEvent =
  | { type: "change"; table: AdminTable; op: "insert" | "update" | "delete"; id: string }
  /** Notifications may have been missed (the listener reconnected): reload everything. */
  | { type: "resync" };

type Listener = (event: ChangeEvent) => void;

/** In-process fan-out of database change notifications to whoever streams them. */
export class ChangeBus {
  private listeners = new Set<Listener>();
  private closeHandlers = new Set<() => void>();
  private closed = false;

  subscribe(listener: Listener, onClose?: () => void): () => void {
    this.listeners.add(listener);
    if (onClose) this.closeHandlers.add(onClose);
    return () => {
      this.listeners.delete(listener);
      if (onClose) this.closeHandlers.delete(onClose);
    };
  }

  publish(event: ChangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  get size(): number {
    return this.listeners.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends every subscription (server shutdown): open streams finish cleanly. */
  close(): void {
    this.closed = true;
    for (const handler of this.closeHandlers) handler();
    this.closeHandlers.clear();
    this.listeners.clear();
  }
}

export function parseChangePayload(payload: string): ChangeEvent | null {
  try {
    const value = JSON.parse(payload) as { table?: unknown; op?: unknown; id?: unknown };
    if (!ADMIN_TABLES.includes(value.table as AdminTable)) return null;
    if (value.op !== "insert" && value.op !== "update" && value.op !== "delete") return null;
    if (typeof value.id !== "string") return null;
    return { type: "change", table: value.table as AdminTable, op: value.op, id: value.id };
  } catch {
    return null;
  }
}

/** Feeds the bus from the database's NOTIFY channel; resolves to a stop function. */
export async function listenForAdminChanges(database: DatabaseHandle, bus: ChangeBus, logger: Logger): Promise<() => Promise<void>> {
  return database.listen(
    ADMIN_CHANGES_CHANNEL,
    (payload) => {
      const event = parseChangePayload(payload);
      if (event) bus.publish(event);
      else logger.warn({ payload }, "ignored an unreadable change notification");
    },
    () => {
      logger.warn("change listener reconnected; asking dashboards to reload");
      bus.publish({ type: "resync" });
    },
  );
}
