/**
 * A boutique date `days` from today on the real clock in the boutique's default zone (America/New_York), moved on a
 * day when it falls on a Sunday (closed): 'YYYY-MM-DD'. For tests that book through a running server, which keeps
 * the real clock; a week or more ahead, no slot of that day has started.
 */
export function boutiqueDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
