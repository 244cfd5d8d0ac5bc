import type { Product, ProductVariant, SelectedOption } from "./types";

const matches = (variant: ProductVariant, options: SelectedOption[]) =>
  options.every((o) => variant.selectedOptions.some((s) => s.name === o.name && s.value === o.value));

/**
 * SPEC §4: the first variant is selected on load; the chosen options live in
 * the URL (?Size=M&Color=Ivory). Options the URL does not name keep the
 * first variant's values; a combination no variant has selects nothing new.
 */
export function selectedVariantFrom(product: Product, searchParams: URLSearchParams): ProductVariant | null {
  const first = product.variants[0] ?? null;
  if (!first) return null;
  const wanted = first.selectedOptions.map((o) => ({ name: o.name, value: searchParams.get(o.name) ?? o.value }));
  return product.variants.find((v) => matches(v, wanted)) ?? first;
}

/** The variant that choosing `value` for `name` would select, from the current one; null when none has it. */
export function variantAfterChoosing(product: Product, current: ProductVariant, name: string, value: string): ProductVariant | null {
  const wanted = current.selectedOptions.map((o) => (o.name === name ? { name, value } : o));
  return product.variants.find((v) => matches(v, wanted)) ?? null;
}

export function variantSearch(variant: ProductVariant): string {
  const params = new URLSearchParams();
  for (const option of variant.selectedOptions) params.set(option.name, option.value);
  return `?${params.toString()}`;
}
