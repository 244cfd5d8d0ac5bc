/**
 * Money as the Storefront API sends it, and the arithmetic on it: amounts
 * are decimal strings, and sums are worked out in whole cents, never in
 * floating point.
 */
export interface Money {
  /** Decimal string as the Storefront API sends it, e.g. "1249.0". */
  amount: string;
  currencyCode: string;
}

/** Whole cents from a decimal string ("1249.00", "1249.5", "1249"); money is never added up in floating point. */
export function toCents(amount: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(amount.trim());
  if (!match) throw new RangeError(`not a money amount: ${JSON.stringify(amount)}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** The Storefront API's Decimal format: "1249.0", "189.5", "24.99". */
export function fromCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = Math.abs(cents % 100);
  if (fraction === 0) return `${whole}.0`;
  return `${whole}.${fraction % 10 === 0 ? String(fraction / 10) : String(fraction).padStart(2, "0")}`;
}

/** A Money from whole cents. */
export function moneyFromCents(cents: number, currencyCode: string): Money {
  return { amount: fromCents(cents), currencyCode };
}
