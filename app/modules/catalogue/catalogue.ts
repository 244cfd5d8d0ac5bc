// The catalogue's client-safe front door: the rules the pages apply to a
// product (variant selection, card shape) and the browser's calls to the
// catalogue's resource routes (the header's search and the bag's checkout).
import type { MetaDescriptor } from "react-router";
import { breadcrumbs, pageMeta, type Matches } from "~/lib/seo";
import {
  COLLECTION_HANDLES,
  type CheckoutResponse,
  type CollectionHandle,
  type Product,
  type ProductVariant,
  type SearchHit,
  type SelectedOption,
  type StockShortfall,
} from "./types";

/**
 * The collection pages (SPEC §2): named as the navigation names them, with the words of their opening (eyebrow,
 * title, intro), their search-result title and description, and whether they offer the bridal style filter.
 */
export interface CollectionPageText {
  name: string;
  path: string;
  eyebrow: string;
  title: string;
  intro: string;
  metaTitle: string;
  description: string;
  showStyles: boolean;
}

export const COLLECTION_PAGES: Record<CollectionHandle, CollectionPageText> = {
  weddings: {
    name: "Weddings",
    path: "/weddings",
    eyebrow: "Bridal collection",
    title: "The Bridal Suite",
    intro:
      "Lace that whispers, satin that glows, silhouettes cut for the way you move. Find the gown you will remember — outdoors under the oaks or beneath a cathedral's vaults.",
    metaTitle: "Wedding Dresses — The Bridal Suite",
    description:
      "Wedding gowns for every kind of celebration: outdoor, formal, bohemian, modern and romantic bridal styles, fitted in our Savannah studio.",
    showStyles: true,
  },
  prom: {
    name: "Prom",
    path: "/prom",
    eyebrow: "Prom collection",
    title: "The Prom Edit",
    intro: "Your night, your entrance. Gowns with drama, colour and ease, chosen for the moment the music starts.",
    metaTitle: "Prom Dresses — The Prom Edit",
    description:
      "Prom dresses with sparkle, colour and movement: sequins, satin and tulle gowns chosen and fitted in our Savannah boutique.",
    showStyles: false,
  },
  celebrations: {
    name: "Celebrations",
    path: "/celebrations",
    eyebrow: "Evening & occasion",
    title: "Celebrations",
    intro: "Galas, anniversaries, milestone birthdays and the mother of the bride: gowns for the evenings you will talk about for years.",
    metaTitle: "Celebration Dresses — Galas, Anniversaries & More",
    description: "Evening and celebration gowns for galas, anniversaries, birthdays and every milestone worth dressing for.",
    showStyles: false,
  },
};

/** The collection whose page a route serves, from its path pattern ("/prom" or "prom"); null for any other. */
export function collectionAt(pattern: string): CollectionHandle | null {
  const path = `/${pattern.replace(/^\/+|\/+$/g, "")}`;
  return COLLECTION_HANDLES.find((handle) => COLLECTION_PAGES[handle].path === path) ?? null;
}

/** A collection page's meta: its title, description and social picture, and its breadcrumb from Home. */
export function collectionPageMeta(collection: CollectionHandle, matches: Matches, image?: string | null): MetaDescriptor[] {
  const page = COLLECTION_PAGES[collection];
  return [
    ...pageMeta({ matches, title: page.metaTitle, description: page.description, path: page.path, image }),
    breadcrumbs(matches, [{ name: "Home", path: "/" }, page]),
  ];
}

/** The collection a gown is shown under, for its breadcrumb: the first it belongs to (Weddings for one in none). */
export function collectionPageOf(product: Pick<Product, "collections">): { name: string; path: string } {
  const { name, path } = COLLECTION_PAGES[product.collections[0] ?? "weddings"];
  return { name, path };
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

/** The one wording of a gown short of stock, wherever it is said (bag, checkout page, the store's answer). */
export function stockMessage(name: string, available: number): string {
  return available <= 0 ? `${name} has sold out.` : `${name}: only ${available} left.`;
}

/** Shortfalls in a sentence each; a gown the store did not name is "A gown in your bag". */
export function stockSummary(stock: StockShortfall[]): string {
  return stock.map((s) => stockMessage(s.name ?? "A gown in your bag", s.available)).join(" ");
}

/**
 * A checkout the store refused for a reason trying again cannot mend: what
 * is left of some gowns (`stock`), or the store's own messages (`problems`).
 */
export class CheckoutRefused extends Error {
  override name = "CheckoutRefused";
  readonly stock: StockShortfall[];
  readonly problems: string[];
  constructor(message: string, details: { stock?: StockShortfall[]; problems?: string[] }) {
    super(message);
    this.stock = details.stock ?? [];
    this.problems = details.problems ?? [];
  }
}

export async function requestCheckout(
  lines: { merchandiseId: string; quantity: number }[],
): Promise<{ cartId: string; checkoutUrl: string }> {
  const response = await fetch("/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ lines }),
  });
  const body = (await response.json().catch(() => ({}))) as Partial<CheckoutResponse> & { cartId?: string; checkoutUrl?: string };
  if (response.ok && body.checkoutUrl && body.cartId) return { cartId: body.cartId, checkoutUrl: body.checkoutUrl };
  const error = "error" in body && typeof body.error === "string" ? body.error : `checkout answered ${response.status}`;
  if ("stock" in body && Array.isArray(body.stock) && body.stock.length > 0) throw new CheckoutRefused(error, { stock: body.stock });
  // The store's own objections (a cart too large, an unknown gown): the same bag would be refused again.
  if (response.status === 422 && "userErrors" in body && Array.isArray(body.userErrors) && body.userErrors.length > 0)
    throw new CheckoutRefused(error, { problems: body.userErrors.map((e) => e.message) });
  throw new Error(error);
}

/**
 * The sizes of a dress that can be sold now, in the store's order of its Size option (the agenda's pull list: which
 * sizes staff can pull). None when the dress has no Size option.
 */
export function sizesInStock(product: Pick<Product, "options" | "variants">): string[] {
  const option = product.options.find((o) => o.name.toLowerCase() === "size");
  if (!option) return [];
  const sold = new Set(
    product.variants
      .filter((v) => v.availableForSale)
      .flatMap((v) => v.selectedOptions.filter((o) => o.name === option.name).map((o) => o.value)),
  );
  return option.values.filter((value) => sold.has(value));
}
