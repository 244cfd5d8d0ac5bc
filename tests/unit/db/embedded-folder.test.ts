import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { migrationsFolder, openDatabase, openMigratedDatabase, queryRows } from "~/db/client.server";
import { tempDir } from "../../helpers/processes";

/** A user cache folder of the test's own, empty, for as long as the test runs (undone by vi.unstubAllEnvs). */
function emptyUserCache(): string {
  const cache = tempDir();
  vi.stubEnv("XDG_CACHE_HOME", cache);
  return cache;
}

describe("the embedded database's folder", () => {
  it("is created in a child process, replacing what a killed first start left half-built", { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    // A first start killed during initdb: an empty pgdata, and the child's unfinished folder.
    mkdirSync(join(dataDir, "pgdata"));
    mkdirSync(join(dataDir, "pgdata.initdb-4242"));
    writeFileSync(join(dataDir, "pgdata.initdb-4242", "base"), "half");

    const handle = await openDatabase({ engine: "pglite", dataDir });
    try {
      const rows = await queryRows<{ answer: number }>(handle.db, sql`select 41 + 1 as answer`);
      expect(rows[0]?.answer).toBe(42);
    } finally {
      await handle.close();
    }
    expect(existsSync(join(dataDir, "pgdata", "PG_VERSION"))).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual(["pgdata"]);

    // The next start opens the same cluster without making another.
    const again = await openDatabase({ engine: "pglite", dataDir });
    try {
      await queryRows(again.db, sql`create table kept (id int)`);
    } finally {
      await again.close();
    }
    const third = await openDatabase({ engine: "pglite", dataDir });
    try {
      expect(await queryRows(third.db, sql`select count(*)::int as n from kept`)).toEqual([{ n: 0 }]);
    } finally {
      await third.close();
    }
  });

  it(
    "is made from a pristine cluster cached once per user, so initdb runs once, not for every new database",
    { timeout: 120_000 },
    async () => {
      const cache = emptyUserCache();
      try {
        const first = await openDatabase({ engine: "pglite", dataDir: tempDir() });
        await queryRows(first.db, sql`create table only_here (id int)`);
        await first.close();
        const [tarball, ...others] = readdirSync(join(cache, "hive-boutique"));
        expect(others).toEqual([]);
        expect(tarball).toMatch(/^pglite-[\d.]+-pristine\.tar$/);
        // The user's own: nobody else may read or replace it.
        expect((statSync(join(cache, "hive-boutique", tarball!)).mode & 0o777).toString(8)).toBe("600");
        const made = statSync(join(cache, "hive-boutique", tarball!)).mtimeMs;

        // A second new folder, and a database in memory, start from the same tarball: pristine, not a copy of the first.
        for (const dataDir of [tempDir(), null]) {
          const next = await openDatabase({ engine: "pglite", dataDir });
          try {
            const found = await queryRows<{ n: number }>(
              next.db,
              sql`select count(*)::int as n from pg_tables where tablename = 'only_here'`,
            );
            expect(found).toEqual([{ n: 0 }]);
          } finally {
            await next.close();
          }
        }
        expect(statSync(join(cache, "hive-boutique", tarball!)).mtimeMs).toBe(made);
      } finally {
        vi.unstubAllEnvs();
      }
    },
  );

  it(
    "starts migrated from a copy kept of a new database nobody wrote to, never of a folder that holds data",
    { timeout: 120_000 },
    async () => {
      const cache = emptyUserCache();
      const cached = () => readdirSync(join(cache, "hive-boutique")).sort();
      try {
        // A folder with someone's rows in it, migrated later: it is never copied into the cache.
        const existing = tempDir();
        const raw = await openDatabase({ engine: "pglite", dataDir: existing });
        await queryRows(raw.db, sql`create table private_rows (secret text)`);
        await raw.close();
        await (await openMigratedDatabase({ engine: "pglite", dataDir: existing })).close();
        expect(cached()).toEqual([expect.stringMatching(/^pglite-[\d.]+-pristine\.tar$/)]);

        // A new folder is made pristine and migrated, and that is kept, before anyone writes to it.
        const first = await openMigratedDatabase({ engine: "pglite", dataDir: tempDir() });
        await queryRows(first.db, sql`insert into newsletter_subscribers (email) values ('first@example.com')`);
        await first.close();
        const migrated = cached().find((name) => name.includes("-migrated-"));
        expect(migrated).toMatch(/^pglite-[\d.]+-migrated-[0-9a-f]{16}\.tar$/);
        const path = join(cache, "hive-boutique", migrated!);
        expect((statSync(path).mode & 0o777).toString(8)).toBe("600");
        const made = statSync(path).mtimeMs;

        // Later new databases, in a folder and in memory, start from it: every migration applied, nobody's rows.
        const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
        for (const dataDir of [tempDir(), null]) {
          const next = await openMigratedDatabase({ engine: "pglite", dataDir });
          try {
            const [applied] = await queryRows<{ n: number }>(next.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
            expect(applied?.n).toBe(journal.entries.length);
            const [subscribers] = await queryRows<{ n: number }>(next.db, sql`select count(*)::int as n from newsletter_subscribers`);
            expect(subscribers?.n).toBe(0);
            const found = await queryRows(next.db, sql`select 1 from pg_tables where tablename = 'private_rows'`);
            expect(found).toEqual([]);
          } finally {
            await next.close();
          }
        }
        expect(statSync(path).mtimeMs).toBe(made);
        expect(cached()).toHaveLength(2);
      } finally {
        vi.unstubAllEnvs();
      }
    },
  );
});
