import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A new folder under the run's temporary root (tests/helpers/temporary-root.ts), which goes when the run ends. */
export function tempDir(prefix = "boutique-"): string {
  return mkdtempSync(join(process.env.BOUTIQUE_TEST_TMP ?? tmpdir(), prefix));
}

export interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when stdout or stderr has printed text matching `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/** Runs the current Node (the project's Node 24) on a script, collecting its output. */
export function spawnNode(args: string[], env: Record<string, string | undefined>, cwd = process.cwd()): Spawned {
  return spawnCollecting(process.execPath, args, env, cwd);
}

/** Runs a program with the test's environment plus `env` (undefined removes a variable), collecting its output. */
export function spawnCollecting(command: string, args: string[], env: Record<string, string | undefined>, cwd = process.cwd()): Spawned {
  // spawn leaves out a variable whose value is undefined.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const listeners = new Set<() => void>();
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    err += chunk.toString();
    for (const l of listeners) l();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(out + err);
          if (match) {
            done();
            resolve(match[0]);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${out}\n${err}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then(() => {
          check();
          if (listeners.has(check)) {
            done();
            reject(new Error(`process exited before printing ${pattern}; output:\n${out}\n${err}`));
          }
        });
        check();
      });
    },
  };
}
