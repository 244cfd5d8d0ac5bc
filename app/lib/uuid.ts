const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A row id as the database makes them (lower-case UUID): checked before it reaches a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
