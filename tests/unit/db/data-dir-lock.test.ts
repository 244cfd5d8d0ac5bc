import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, lockFilePath } from "~/db/data-dir-lock.server";
import { tempDir } from "../../helpers/processes";

function writeLock(dir: string, pid: number, startTicks: string | null = null) {
  writeFileSync(
    lockFilePath(dir),
    JSON.stringify({ pid, hostname: hostname(), startTicks, purpose: "boutique server", since: "2026-11-20T10:00:00.000Z" }),
  );
}

describe("data-folder lock", () => {
  it("is exclusive: a second taker is refused with the holder's PID", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "boutique server");
    expect(JSON.parse(readFileSync(lock.path, "utf8"))).toMatchObject({ pid: process.pid, purpose: "boutique server" });
    try {
      acquireDataDirLock(dir, "db:backup");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`in use by process ${process.pid}`);
      expect((error as Error).message).toContain("boutique server");
    }
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(dir, "again").release();
  });

  it("refuses while the holding process is alive", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeLock(dir, child.pid!);
      expect(() => acquireDataDirLock(dir, "server")).toThrowError(`in use by process ${child.pid}`);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("takes over a lock whose process has died", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "0"]);
    await new Promise((resolve) => child.on("exit", resolve));
    writeLock(dir, child.pid!);
    const lock = acquireDataDirLock(dir, "server");
    expect(JSON.parse(readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock whose PID now belongs to another process", () => {
    const dir = tempDir();
    // Our own PID, but started at another time: the recorded owner is gone.
    writeLock(dir, process.pid, "1");
    const lock = acquireDataDirLock(dir, "server");
    lock.release();
  });

  it("takes over an empty lock file left by a process killed while writing it", () => {
    const dir = tempDir();
    writeFileSync(lockFilePath(dir), "");
    acquireDataDirLock(dir, "server").release();
  });

  it("release leaves another process's lock alone", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "server");
    writeLock(dir, 999_999_9);
    lock.release();
    expect(existsSync(lockFilePath(dir))).toBe(true);
  });
});
