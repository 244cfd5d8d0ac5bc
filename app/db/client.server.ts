import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Client } from "pg";
import {
  clusterForMemory,
  clusterTarballs,
  initialiseFolder,
  keepMigratedCluster,
  type ClusterOrigin,
  type ClusterTarballs,
} from "./embedded-cluster.server";
import * as accounts from "./schema/accounts";
import * as admin from "./schema/admin";
import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as catalogue from "./schema/catalogue";
import * as designRequests from "./schema/design-requests";
import * as fittings from "./schema/fittings";
import * as mail from "./schema/mail";
import * as newsletter from "./schema/newsletter";
import * as orders from "./schema/orders";
import * as rateLimits from "./schema/rate-limits";
import * as wishlist from "./schema/wishlist";

export const schema = {
  ...accounts,
  ...admin,
  ...audit,
  ...auth,
  ...catalogue,
  ...designRequests,
  ...fittings,
  ...mail,
  ...newsletter,
  ...orders,
  ...rateLimits,
  ...wishlist,
};
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Anything a query can run on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export type Engine = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Calls `onMessage` for each NOTIFY on `channel`, `onGap` when notifications may have been missed. */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** Calls `listener` when a pooled connection is lost (PostgreSQL restarted); an embedded database has none to lose. */
  onConnectionLost(listener: (error: unknown) => void): void;
  close(): Promise<void>;
}

export type DatabaseOptions = { engine: "pglite"; dataDir: string | null } | { engine: "postgres"; url: string; poolSize?: number };

const MIGRATION_LOCK_KEY = 728_193_004; // any constant; shared by every instance

/** The `drizzle/` folder, found from wherever this code was bundled to. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = dirname(dir);
  }
  return resolve(process.cwd(), "drizzle");
}

/**
 * Opens the database as it is. A new embedded one starts pristine, with no schema: for a database that is to be
 * used, call openMigratedDatabase.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === "postgres") return openPostgres(options.url, options.poolSize ?? 10);
  return (await openPglite(options.dataDir, null)).handle;
}

/**
 * Opens the database and applies the migrations: what the server, the operator's commands, the tests and the benches
 * use. A new embedded database starts from the cached migrated cluster when there is one, and otherwise, once
 * migrated, becomes it for the next (decision 0026).
 */
export async function openMigratedDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === "postgres") {
    const handle = await openPostgres(options.url, options.poolSize ?? 10);
    await closeOnError(handle, () => migrateDatabase(handle, options.url));
    return handle;
  }
  const opened = await openPglite(options.dataDir, migrationsFolder());
  await closeOnError(opened.handle, async () => {
    await migrateDatabase(opened.handle);
    // Made from the pristine cluster and only migrated: nobody has written to it yet, so it may be copied.
    if (opened.origin === "pristine" && opened.tarballs.migrated) await keepMigratedCluster(opened.client, opened.tarballs.migrated);
  });
  return opened.handle;
}

async function closeOnError(handle: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

const PGLITE_SHARED_BUFFERS = "32MB";

/*
 * Each engine's driver is loaded when that engine is opened or migrated: a
 * server on PostgreSQL never loads PGlite, and one on PGlite never loads `pg`
 * or drizzle's driver for it, so neither holds memory it does not use.
 */
async function openPglite(
  dataDir: string | null,
  migrations: string | null,
): Promise<{ handle: DatabaseHandle; client: PGlite; origin: ClusterOrigin; tarballs: ClusterTarballs }> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
  ]);
  const tarballs = clusterTarballs(migrations);
  const path = dataDir ? join(dataDir, "pgdata") : undefined;
  let origin: ClusterOrigin;
  let loadDataDir: Blob | undefined;
  if (dataDir && path) {
    // PGlite does not create parent folders itself.
    mkdirSync(dataDir, { recursive: true });
    origin = await initialiseFolder(path, tarballs);
  } else {
    // In memory there is no folder to keep: the database starts as a copy of a cached cluster.
    ({ data: loadDataDir, origin } = await clusterForMemory(tarballs));
  }
  const client = await PGlite.create(path, {
    loadDataDir,
    extensions: { pg_trgm },
    // PGlite's own default is 128 MB of shared buffers inside its WebAssembly memory, which never
    // shrinks; its files are read through the operating system's cache anyway. 32 MB holds the
    // boutique's hot pages and keeps an idle server's memory about 100 MB lower (bench/startup.mjs).
    postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    engine: "pglite",
    async listen(channel, onMessage) {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    onConnectionLost() {},
    async close() {
      if (!client.closed) await client.close();
    },
  };
  return { handle, client, origin, tarballs };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // A client that loses its connection (PostgreSQL restarted) emits 'error': on the pool while idle, on the client
  // itself while checked out, between a transaction's queries for one. Without a listener either would crash the
  // process. The pool drops that client and opens a new one when next asked; the query in flight fails on its own.
  const lost = new Set<(error: unknown) => void>();
  const connectionLost = (error: unknown) => {
    for (const listener of lost) listener(error);
  };
  pool.on("error", connectionLost);
  pool.on("connect", (client) => client.on("error", connectionLost));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<{ stop: () => Promise<void> }>();
  return {
    db,
    engine: "postgres",
    onConnectionLost(listener) {
      lost.add(listener);
    },
    async listen(channel, onMessage, onGap) {
      const listener = await listenPostgres(pg.Client, url, channel, onMessage, onGap);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN needs one connection of its own for as long as we listen. If it
 * drops, reconnect with back-off and report a gap: notifications sent while
 * we were away are lost, so whoever listens should reload.
 */
async function listenPostgres(
  PgClient: typeof Client,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
) {
  let stopped = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;

  const connect = async (): Promise<void> => {
    const next = new PgClient({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", () => scheduleReconnect(next));
    next.on("end", () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
    delay = 250;
  };

  const scheduleReconnect = (failed: Client) => {
    if (stopped || client !== failed) return;
    client = null;
    failed.end().catch(() => {});
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => onGap?.(),
        () => {
          delay = Math.min(delay * 2, 10_000);
          retry = setTimeout(attempt, delay);
        },
      );
    };
    retry = setTimeout(attempt, delay);
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * Applies the migrations in `drizzle/`. On PostgreSQL several instances may
 * start at once, so the work is serialised with an advisory lock.
 */
export async function migrateDatabase(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  const folder = migrationsFolder();
  if (handle.engine === "pglite") {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(handle.db as never, { migrationsFolder: folder });
    return;
  }
  if (!databaseUrl) throw new Error("migrateDatabase: a PostgreSQL handle needs its URL");
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer with `{ rows }`;
 * drizzle's shared type cannot say so, hence this one typed place.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
