/**
 * Whether a failed query was refused by a unique index (SQLSTATE 23505),
 * looking through the wrappers drizzle and the drivers put around it.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
