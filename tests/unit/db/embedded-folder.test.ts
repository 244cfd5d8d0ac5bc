import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~/db/client.server";
import { tempDir } from "../../helpers/processes";

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
      const cache = tempDir();
      const before = process.env.XDG_CACHE_HOME;
      process.env.XDG_CACHE_HOME = cache;
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
        if (before === undefined) delete process.env.XDG_CACHE_HOME;
        else process.env.XDG_CACHE_HOME = before;
      }
    },
  );
});
