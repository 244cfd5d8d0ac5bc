import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
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
});
