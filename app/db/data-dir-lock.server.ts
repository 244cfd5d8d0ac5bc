import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

/**
 * PGlite has no lock between processes and two processes on one folder
 * corrupt it. Whoever opens the folder first writes `boutique.lock` with its
 * PID; anyone else is refused with a message naming that process. A lock
 * left by a process that no longer runs is taken over.
 */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** Kernel start time of the process (Linux), so a recycled PID is not mistaken for the owner. */
  startTicks: string | null;
  purpose: string;
  since: string;
  /**
   * Where the holding server answers operator requests (a backup while it
   * runs) and the secret they must carry. The lock file is readable only by
   * its owner (mode 0600), which is what keeps the token private.
   */
  control?: { url: string; token: string };
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  readonly dataDir: string;
  readonly owner: LockOwner;
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The data folder ${dataDir} is in use by process ${owner.pid} (${owner.purpose}, since ${owner.since}). ` +
        `PGlite cannot be shared between processes: stop process ${owner.pid} first, or set DATA_DIR to another folder.`,
    );
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export function lockFilePath(dataDir: string): string {
  return join(resolve(dataDir), "boutique.lock");
}

function processStartTicks(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so split after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true; // cannot tell: be safe
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (owner.startTicks === null) return true;
  const ticks = processStartTicks(owner.pid);
  return ticks === null || ticks === owner.startTicks;
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(lockFilePath(dataDir), "utf8")) as LockOwner;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string, purpose: string, control?: LockOwner["control"]): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = lockFilePath(dir);
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startTicks: processStartTicks(process.pid),
    purpose,
    since: new Date().toISOString(),
    ...(control ? { control } : {}),
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          // Only remove the file if it is still ours.
          if (readLockOwner(dir)?.pid === me.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLockOwner(dir);
      if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      // Stale (its process is gone) or unreadable (killed mid-write): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}: another process keeps creating ${path}.`);
}
