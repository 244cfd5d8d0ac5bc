import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

/** What the lock file says about its holder. */
const lockHolder = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

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
    // The file stays (a kernel lock lives on it), naming nobody.
    expect(readFileSync(lock.path, "utf8")).toBe("");
    acquireDataDirLock(dir, "again").release();
  });

  it("refuses while another process holds the kernel lock, and says how to recover", async () => {
    const dir = tempDir();
    writeLock(dir, 4242);
    // flock(1) holds the lock on the file while its command runs.
    const child = spawn("flock", ["--exclusive", lockFilePath(dir), "-c", "echo locked; sleep 30"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      await new Promise((resolve) => child.stdout.once("data", resolve));
      expect(() => acquireDataDirLock(dir, "server")).toThrowError("in use by process 4242");
      expect(() => acquireDataDirLock(dir, "server")).toThrowError("stop process 4242 first (kill 4242");
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("is free again the moment its holder is killed with SIGKILL, whatever host the file names", async () => {
    const dir = tempDir();
    const holder = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `const m = await import(${JSON.stringify(new URL("../../../app/db/data-dir-lock.server.ts", import.meta.url).pathname)}); m.acquireDataDirLock(${JSON.stringify(dir)}, "holder"); console.log("held"); setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => holder.stdout.once("data", resolve));
    expect(() => acquireDataDirLock(dir, "server")).toThrowError(`in use by process ${holder.pid}`);
    // As a container recreated elsewhere would find it: the file names a host that is not ours.
    writeFileSync(
      lockFilePath(dir),
      JSON.stringify({ pid: holder.pid, hostname: "other-host", startTicks: null, purpose: "x", since: "" }),
    );
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.on("exit", resolve));
    const lock = acquireDataDirLock(dir, "server");
    expect(lockHolder(lock.path)).toMatchObject({ pid: process.pid, purpose: "server" });
    lock.release();
  }, 150_000);

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
    // Rewritten in our name: the file said "boutique server".
    expect(lockHolder(lock.path)).toMatchObject({ pid: process.pid, purpose: "server" });
    lock.release();
  });

  it("takes over an empty lock file left by a process killed while writing it", () => {
    const dir = tempDir();
    writeFileSync(lockFilePath(dir), "");
    const lock = acquireDataDirLock(dir, "server");
    expect(lockHolder(lock.path)).toMatchObject({ pid: process.pid, purpose: "server" });
    lock.release();
  });

  it("makes the folder and the lock file private whatever the umask", () => {
    const dir = tempDir();
    const previous = process.umask(0o000);
    try {
      const lock = acquireDataDirLock(dir, "server");
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(lock.path).mode & 0o777).toBe(0o600);
      lock.release();
    } finally {
      process.umask(previous);
    }
    expect(existsSync(lockFilePath(dir))).toBe(true);
  });
});
