import type { Database } from "~/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicJob, type PeriodicJob } from "~/lib/periodic-job.server";
import { adminStandingOfSessions } from "~/modules/accounts/accounts.server";

declare module "~/lib/context.server" {
  interface AppServices {
    /** Re-checks the session and admin role behind every open admin event stream on this instance. */
    streamAccess: StreamAccessWatch;
  }
}

/** Why an open stream lost its right to the changes: its session is gone (signed out, revoked, expired, account deleted), or its user is no longer an admin. */
export type AccessLoss = "signed-out" | "not-admin";

/** What a stream needs of the watch: told once when its session or role goes. */
export interface AccessWatch {
  /** Watches one stream's session; `onLost` is called at most once. Answers a function that stops watching. */
  watch(sessionId: string, onLost: (reason: AccessLoss) => void): () => void;
}

interface Watcher {
  sessionId: string;
  onLost: (reason: AccessLoss) => void;
}

/**
 * The guard checked a stream's session and role when it opened; this keeps
 * checking while it stays open. Every `everyMs` one query per process asks
 * the database which of the open streams' sessions still exist, are
 * unexpired and belong to an admin, however many streams are open (several
 * tabs of one session are one id). A sign-out, a revoked session, a deleted
 * account or a removed role on any instance reaches every instance's streams
 * through the shared database, within `everyMs` and a query. A failed check
 * ends nothing (the next one tries again): nobody can sign out of a database
 * that does not answer either.
 */
export class StreamAccessWatch implements AccessWatch {
  private readonly watchers = new Set<Watcher>();
  private readonly job: PeriodicJob<void>;
  private readonly db: Database;

  constructor(options: { db: Database; everyMs: number; logger: Logger }) {
    this.db = options.db;
    this.job = startPeriodicJob({
      everyMs: options.everyMs,
      run: () => this.check(),
      fallback: undefined,
      onError: (error) => options.logger.warn({ err: error }, "re-checking the admin event streams' sessions failed"),
    });
  }

  watch(sessionId: string, onLost: (reason: AccessLoss) => void): () => void {
    const watcher: Watcher = { sessionId, onLost };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  get size(): number {
    return this.watchers.size;
  }

  /** Checks every watched session now (or joins the check in progress). */
  checkNow(): Promise<void> {
    return this.job.runOnce();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  private async check(): Promise<void> {
    if (this.watchers.size === 0) return;
    const watched = [...this.watchers];
    const ids = [...new Set(watched.map((w) => w.sessionId))];
    const standing = await adminStandingOfSessions(this.db, ids);
    for (const watcher of watched) {
      // Stopped watching while the query ran (the stream ended by itself): nothing to tell.
      if (!this.watchers.has(watcher)) continue;
      const admin = standing.get(watcher.sessionId);
      if (admin === true) continue;
      this.watchers.delete(watcher);
      watcher.onLost(admin === undefined ? "signed-out" : "not-admin");
    }
  }
}
