import { existsSync } from "node:fs";
import { join } from "node:path";
import { openMigratedDatabase, type DatabaseHandle } from "~/db/client.server";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "~/db/data-dir-lock.server";
import { ConfigError, parseEnv, type Env } from "~/lib/env.server";

/** Prints an operator-facing failure without a stack trace and exits. */
export function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

export function pgliteExists(env: Env): boolean {
  return existsSync(join(env.DATA_DIR, "pgdata"));
}

/**
 * Opens the configured database for a CLI. On PGlite the CLI takes the data
 * folder's lock first, so it can never run beside the server on one folder.
 */
export async function openForCli(
  env: Env,
  purpose: string,
): Promise<{ handle: DatabaseHandle; lock: DataDirLock | null; close(): Promise<void> }> {
  let lock: DataDirLock | null = null;
  if (!env.DATABASE_URL) lock = acquireDataDirLock(env.DATA_DIR, purpose);
  try {
    const handle = await openMigratedDatabase(
      env.DATABASE_URL ? { engine: "postgres", url: env.DATABASE_URL, poolSize: 2 } : { engine: "pglite", dataDir: env.DATA_DIR },
    );
    return {
      handle,
      lock,
      async close() {
        await handle.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export { DataDirLockedError };
