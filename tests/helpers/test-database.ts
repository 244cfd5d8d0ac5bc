import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { TestDatabase, TestEngine } from "./databases";

/** The block's database as its tests see it: the helper drops it, they do not. */
export type UsedDatabase = Pick<TestDatabase, "handle" | "url">;

/**
 * A fresh database of `engine` for the tests of one describe block: made before them (migrated), dropped after them,
 * and, with `emptyBeforeEach`, those tables emptied before each test (in the order given, so a table goes before the
 * ones it refers to). Register it first in the block: its database is then there for the block's own beforeAll hooks,
 * and (hooks after tests run in reverse) still there for its afterAll hooks.
 *
 *   describe.each(testEngines)("bookings on $name", (engine) => {
 *     const database = useTestDatabase(engine, { emptyBeforeEach: [appointments, mailOutbox] });
 *     it("...", async () => { const db = database.handle.db; ... });
 *   });
 */
export function useTestDatabase(engine: TestEngine, options: { emptyBeforeEach?: readonly PgTable[] } = {}): UsedDatabase {
  let made: TestDatabase | undefined;
  beforeAll(async () => {
    made = await engine.create();
  }, 120_000);
  afterAll(async () => {
    await made?.drop();
  });
  const tables = options.emptyBeforeEach ?? [];
  if (tables.length > 0) {
    beforeEach(async () => {
      for (const table of tables) await ready().handle.db.delete(table);
    });
  }
  const ready = () => {
    if (!made) throw new Error(`the ${engine.name} test database is made in beforeAll: use it inside a hook or a test`);
    return made;
  };
  return {
    get handle() {
      return ready().handle;
    },
    get url() {
      return ready().url;
    },
  };
}
