import type { Money } from "./money";

// Written out by hand in the one locale we print (en-US), not with Intl: a page's first Intl formatter costs
// the browser's main thread 30-60 ms on a slow phone (ICU loads its data), and the same code must print the
// same text on the server and in the browser, or hydration fails.

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** 1234567 → "1,234,567". */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * An amount in whole cents, rounded as en-US formatting rounds: half away from zero, on the number's shortest
 * decimal form (1.005 is "1.005", so 1.01), not on its binary value (a little under 1.005).
 */
function wholeCents(amount: number): number {
  const text = String(amount);
  if (text.includes("e")) return Math.round(amount * 100);
  const [whole = "0", fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return fraction.length > 2 && fraction[2]! >= "5" ? cents + 1 : cents;
}

/**
 * SPEC §9: "currency code plus dollar sign plus 2 decimals", e.g. "USD $1,249.00".
 * The Storefront API sends amounts as decimal strings ("1249.0"). Rounded to the
 * cent as en-US number formatting rounds.
 */
export function formatPrice(money: Money): string {
  const amount = Number(money.amount);
  if (money.amount.trim() === "" || !Number.isFinite(amount)) {
    throw new TypeError(`formatPrice: "${money.amount}" is not an amount`);
  }
  const cents = wholeCents(Math.abs(amount));
  const sign = amount < 0 ? "-" : "";
  return `${money.currencyCode} $${sign}${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** "March 4, 2026" for a UTC calendar day (a Date whose UTC fields are the day). */
export function formatCalendarDay(day: Date): string {
  if (Number.isNaN(day.getTime())) return "Invalid Date";
  return `${MONTH_NAMES[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** "Saturday, November 28, 2026" for a UTC calendar day. */
export function formatWeekdayDay(day: Date): string {
  if (Number.isNaN(day.getTime())) return "Invalid Date";
  return `${WEEKDAY_NAMES[day.getUTCDay()]}, ${formatCalendarDay(day)}`;
}

/** "November 2026" for a UTC calendar day's month. */
export function formatMonthYear(day: Date): string {
  if (Number.isNaN(day.getTime())) return "Invalid Date";
  return `${MONTH_NAMES[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "March 4, 2026" from an ISO date, read as a calendar day wherever the code runs. */
export function formatLongDate(isoDate: string): string {
  return formatCalendarDay(new Date(`${isoDate}T12:00:00Z`));
}
