// The start-up steps before the services exist: configuration, the image
// store, the data-folder lock and the database; each stops the start with a
// clear line on stderr when it cannot go on.
import { ConfigError, parseEnv, type Env } from "~/lib/env.server";
import { openMigratedDatabase, type DatabaseHandle } from "~/db/client.server";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "~/db/data-dir-lock.server";
import type { Logger } from "~/lib/logger.server";
import { createImageStore, S3StoreError } from "~/modules/uploads/uploads.server";

/** The environment, checked; a wrong setting ends the process with its message. */
export function readConfiguration(given: Record<string, string | undefined>): Env {
  try {
    return parseEnv(given);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Uploaded images: the folder DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. S3 is asked once
 * here: keys it refuses, or a bucket it does not have, stop the start; no answer at all only warns.
 */
export async function openImageStore(env: Env, logger: Logger) {
  const images = await createImageStore(env);
  if ("check" in images) {
    try {
      await images.check();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof S3StoreError && error.reason === "unreachable") {
        logger.warn({ storage: images.kind, where: images.where, reason: message }, "image storage could not be reached yet");
      } else {
        logger.fatal({ storage: images.kind, where: images.where, code: error instanceof S3StoreError ? error.code : undefined }, message);
        process.stderr.write(`${message}\n`);
        process.exit(1);
      }
    }
  }
  logger.info({ storage: images.kind, where: images.where }, `uploaded images: ${images.kind === "s3" ? "S3" : "folder"} ${images.where}`);
  return images;
}

function databaseOptions(env: Env) {
  return env.DATABASE_URL
    ? ({ engine: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
    : ({ engine: "pglite", dataDir: env.DATA_DIR } as const);
}

/**
 * The database, migrated. Embedded (PGlite), the data folder is locked first, the lock file naming where the
 * operator CLIs reach this process and with which token; a folder another process holds ends this one.
 */
export async function openLockedDatabase(
  env: Env,
  logger: Logger,
  controlToken: string,
): Promise<{ database: DatabaseHandle; lock: DataDirLock | null }> {
  let lock: DataDirLock | null = null;
  let database: DatabaseHandle | null = null;
  const controlHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  try {
    if (!env.DATABASE_URL) {
      lock = acquireDataDirLock(env.DATA_DIR, "boutique server", {
        url: `http://${controlHost.includes(":") ? `[${controlHost}]` : controlHost}:${env.PORT}`,
        token: controlToken,
      });
    }
    database = await openMigratedDatabase(databaseOptions(env));
    return { database, lock };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // The holder's control token stays in the lock file: only its PID and purpose reach the log.
      logger.fatal({ dataDir: env.DATA_DIR, holder: { pid: error.owner.pid, purpose: error.owner.purpose } }, error.message);
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

/**
 * Start-up (migrations, the catalogue's schema and seed check, the route build, the auth library) leaves 20–30 MB
 * of garbage in V8's old generation, and V8 collects it only when allocation asks for room, which an idle server
 * never does: on PostgreSQL the server idled at about 150 MB where a collection gives back about 35 MB. So it is
 * collected once, a second after the server starts listening. `gc` exists when Node runs with `--expose-gc`, as
 * server/start.sh starts it; started another way, this does nothing.
 */
export function collectStartupGarbage(logger: Logger) {
  const collect = (globalThis as { gc?: (options?: object) => void }).gc;
  if (typeof collect !== "function") return;
  setTimeout(() => {
    const before = process.memoryUsage();
    // "last-resort": V8's collection for memory pressure, which also compacts and hands emptied pages back to
    // the system; a plain major collection frees the objects but keeps most of their pages.
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
    const after = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1_048_576);
    logger.debug(
      {
        heapUsedMb: [mb(before.heapUsed), mb(after.heapUsed)],
        // The heap's own pages, which the collection hands back; the whole RSS also counts what other threads (the
        // database, the thread pool) allocate meanwhile, so it can even grow across the collection on a busy machine.
        heapTotalMb: [mb(before.heapTotal), mb(after.heapTotal)],
        rssMb: [mb(before.rss), mb(after.rss)],
      },
      "start-up garbage collected",
    );
  }, 1000).unref();
}
