import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

/**
 * PGlite has no lock between processes and two processes on one folder
 * corrupt it. The folder's `boutique.lock` carries a kernel lock (flock(2),
 * taken through util-linux's flock(1) on a descriptor this process keeps
 * open): the kernel drops it when the process ends, however it ends, so a
 * kill -9, a crash or a container recreated under another hostname never
 * leaves a lock behind. The file's text names the holder (PID, purpose) for
 * the message a second process gets. Without flock(1) (not Linux), the older
 * rule applies: a PID on this host that no longer runs is taken over. See
 * docs/decisions/0007-a-kernel-lock-on-the-data-folder.md.
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
        `PGlite cannot be shared between processes: stop process ${owner.pid} first (kill ${owner.pid}; the lock goes with it, even after kill -9), ` +
        `or set DATA_DIR to another folder. Do not delete ${lockFilePath(dataDir)} while it runs.`,
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

let flockWorks: boolean | undefined;
function flockAvailable(): boolean {
  flockWorks ??= process.platform === "linux" && spawnSync("flock", ["--version"], { stdio: "ignore" }).status === 0;
  return flockWorks;
}

const FLOCK_BUSY = 75;

/** flock(2) on our open descriptor, taken by a flock(1) child that shares it; ours until the descriptor closes. */
function tryKernelLock(fd: number): boolean {
  const result = spawnSync("flock", ["--exclusive", "--nonblock", "--conflict-exit-code", String(FLOCK_BUSY), "3"], {
    stdio: ["ignore", "ignore", "pipe", fd],
  });
  if (result.status === 0) return true;
  if (result.status === FLOCK_BUSY) return false;
  throw new Error(`flock(1) could not lock ${fd}: ${result.error?.message ?? result.stderr?.toString().trim() ?? `exit ${result.status}`}`);
}

function describe(me: LockOwner): string {
  return JSON.stringify(me);
}

/** A lock that is held until `release` is first called; calling it again does nothing. */
function heldLock(path: string, release: () => void): DataDirLock {
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      release();
    },
  };
}

export function acquireDataDirLock(dataDir: string, purpose: string, control?: LockOwner["control"]): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Private whatever the umask: the folder holds customers' data and the app secret.
  chmodSync(dir, 0o700);
  const path = lockFilePath(dir);
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startTicks: processStartTicks(process.pid),
    purpose,
    since: new Date().toISOString(),
    ...(control ? { control } : {}),
  };
  if (!flockAvailable()) return acquireByPidFile(dataDir, dir, path, me);

  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  let locked = false;
  try {
    locked = tryKernelLock(fd);
  } finally {
    if (!locked) closeSync(fd);
  }
  if (!locked) {
    const owner = readLockOwner(dir) ?? { pid: 0, hostname: "", startTicks: null, purpose: "another process", since: "just now" };
    throw new DataDirLockedError(dataDir, owner);
  }
  chmodSync(path, 0o600);
  ftruncateSync(fd, 0);
  writeSync(fd, describe(me), 0);
  return heldLock(path, () => {
    // The file stays (removing it could let two processes lock two different files); its text no longer names us.
    ftruncateSync(fd, 0);
    closeSync(fd);
  });
}

function acquireByPidFile(dataDir: string, dir: string, path: string, me: LockOwner): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      try {
        writeSync(fd, describe(me));
      } finally {
        closeSync(fd);
      }
      // Only remove the file if it is still ours.
      return heldLock(path, () => {
        if (readLockOwner(dir)?.pid === me.pid) rmSync(path, { force: true });
      });
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
