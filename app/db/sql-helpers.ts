import { sql, type SQL } from "drizzle-orm";

/** `column IN ('a', 'b')` for a CHECK constraint, from one of the constant lists. */
export function oneOf(column: SQL | { name: string }, values: readonly string[]): SQL {
  const list = sql.join(
    values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`)),
    sql.raw(", "),
  );
  return sql`${column} in (${list})`;
}
