// The catalogue's client-safe front door: the rules the pages apply to a
// product (variant selection, card shape) and the browser's calls to the
// catalogue's resource routes (the header's search and the bag's checkout).
import type { CollectionHandle, Product, ProductVariant, SearchHit, SelectedOption } from "./types";

/** The collection pages (SPEC §2), named as the navigation names them. */
export const COLLECTION_PAGES: Record<CollectionHandle, { name: string; path: string }> = {
  weddings: { name: "Weddings", path: "/weddings" },
  prom: { name: "Prom", path: "/prom" },
  celebrations: { name: "Celebrations", path: "/celebrations" },
};

/** The collection a gown is shown under, for its breadcrumb: the first it belongs to (Weddings for one in none). */
export function collectionPageOf(product: Pick<Product, "collections">): { name: string; path: string } {
  return COLLECTION_PAGES[product.collections[0] ?? "weddings"];
}

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

/** What a card needs, and no more: keeps the page's data (and its HTML) small. */
export function toCardProduct(product: Product): Product {
  return { ...product, description: "", images: product.images.slice(0, 1), variants: product.variants.slice(0, 1), options: [] };
}

export async function fetchSearchHits(query: string, signal: AbortSignal): Promise<SearchHit[]> {
  const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const body = (await response.json()) as { results: SearchHit[] };
  return body.results;
}

export async function requestCheckout(
  lines: { merchandiseId: string; quantity: number }[],
): Promise<{ cartId: string; checkoutUrl: string }> {
  const response = await fetch("/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ lines }),
  });
  const body = (await response.json().catch(() => ({}))) as { cartId?: string; checkoutUrl?: string; error?: string };
  if (!response.ok || !body.checkoutUrl || !body.cartId) throw new Error(body.error ?? `checkout answered ${response.status}`);
  return { cartId: body.cartId, checkoutUrl: body.checkoutUrl };
}
