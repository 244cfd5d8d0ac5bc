import type { Money } from "./money";

// Fixed locale: the server and the browser must print the same text, or hydration fails.
const amountFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * SPEC §9: "currency code plus dollar sign plus 2 decimals", e.g. "USD $1,249.00".
 * The Storefront API sends amounts as decimal strings ("1249.0").
 */
export function formatPrice(money: Money): string {
  const amount = Number(money.amount);
  if (money.amount.trim() === "" || !Number.isFinite(amount)) {
    throw new TypeError(`formatPrice: "${money.amount}" is not an amount`);
  }
  return `${money.currencyCode} $${amountFormat.format(amount)}`;
}

// Made once: `toLocaleDateString` with options builds a new formatter on every call (about 1 ms each on the server).
const longDateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "March 4, 2026" from an ISO date, read as a calendar day wherever the code runs. */
export function formatLongDate(isoDate: string): string {
  return longDateFormat.format(new Date(`${isoDate}T12:00:00Z`));
}
