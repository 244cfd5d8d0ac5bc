/**
 * A row id as the database makes them: a lower-case UUID, 8-4-4-4-12 hex digits. The one id check
 * (DESIGN principle 7): ids are checked here before they reach a query, a storage key or a signed link.
 */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const UUID = new RegExp(`^${UUID_PATTERN}$`);

/** A row id as the database makes them (lower-case UUID): checked before it reaches a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
