import type { Money } from "~/modules/catalogue/types";

const amountFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** SPEC §9: currency code, a dollar sign, two decimals — "USD $1,249.00". */
export function formatPrice(money: Money): string {
  const amount = Number.parseFloat(money.amount);
  return `${money.currencyCode} $${amountFormat.format(Number.isFinite(amount) ? amount : 0)}`;
}
