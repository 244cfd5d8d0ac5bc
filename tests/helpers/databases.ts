import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, openMigratedDatabase, type DatabaseHandle } from "~/db/client.server";

/**
 * The engines every data test runs on: PGlite in memory always, and
 * PostgreSQL when one answers at TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres). Each test database is
 * created fresh and dropped afterwards.
 */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set for PostgreSQL: the URL of this test's own database. */
  url?: string;
  drop(): Promise<void>;
}

export interface TestEngine {
  name: "pglite" | "postgres";
  create(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pglite: TestEngine = {
  name: "pglite",
  async create({ migrate = true } = {}) {
    const handle = await (migrate ? openMigratedDatabase : openDatabase)({ engine: "pglite", dataDir: null });
    return { handle, drop: () => handle.close() };
  },
};

const postgres: TestEngine = {
  name: "postgres",
  async create({ migrate = true } = {}) {
    const name = `boutique_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await (migrate ? openMigratedDatabase : openDatabase)({ engine: "postgres", url: url.toString(), poolSize: 4 });
    return {
      handle,
      url: url.toString(),
      async drop() {
        await handle.close();
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.end();
      },
    };
  },
};

export const postgresAvailable = await postgresReachable();
if (!postgresAvailable) {
  console.warn(
    `PostgreSQL is not reachable at ${adminUrl.replace(/\/\/[^@]*@/, "//")}: PostgreSQL variants of the data tests are skipped.`,
  );
}

export const testEngines: TestEngine[] = postgresAvailable ? [pglite, postgres] : [pglite];
/** PostgreSQL when it answers, for the tests only it can run (several pools or processes on one database). */
export const postgresEngine: TestEngine | undefined = postgresAvailable ? postgres : undefined;

/**
 * Runs `run` with a fresh database from each of `engines`, in order, and drops them all afterwards, however `run`
 * ends: `withDatabases([engine, engine], async (source, restored) => ...)`.
 */
export async function withDatabases<const Engines extends readonly TestEngine[], T>(
  engines: Engines,
  run: (...databases: { [K in keyof Engines]: TestDatabase }) => Promise<T>,
): Promise<T> {
  const made: TestDatabase[] = [];
  try {
    for (const engine of engines) made.push(await engine.create());
    return await run(...(made as { [K in keyof Engines]: TestDatabase }));
  } finally {
    await Promise.all(made.map((database) => database.drop()));
  }
}
