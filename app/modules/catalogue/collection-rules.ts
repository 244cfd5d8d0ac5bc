import type { Product } from "./types";

/** SPEC §3 sort options, in the selector's order. */
export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "name-az", label: "Name: A-Z" },
  { value: "name-za", label: "Name: Z-A" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];

/** SPEC §2 bridal style filter buttons; "all" is All Styles. */
export const BRIDAL_STYLES = ["Outdoor", "Formal", "Bohemian", "Modern", "Romantic"] as const;
export type BridalStyle = (typeof BRIDAL_STYLES)[number];

export interface CollectionQuery {
  sort: SortOption;
  style: BridalStyle | "all";
}

/**
 * Filter and sort live in the URL (?style=&sort=) so a view can be shared and
 * the back button works. Unknown values fall back to the defaults instead of
 * failing.
 */
export function parseCollectionQuery(searchParams: URLSearchParams): CollectionQuery {
  const sort = searchParams.get("sort");
  const style = searchParams.get("style");
  return {
    sort: SORT_OPTIONS.some((o) => o.value === sort) ? (sort as SortOption) : "featured",
    style: BRIDAL_STYLES.find((s) => s.toLowerCase() === style?.toLowerCase()) ?? "all",
  };
}

export function collectionSearch(query: CollectionQuery): string {
  const params = new URLSearchParams();
  if (query.style !== "all") params.set("style", query.style.toLowerCase());
  if (query.sort !== "featured") params.set("sort", query.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** SPEC §4: keeps products whose title or description contains the style word, any case. */
export function filterByStyle(products: Product[], style: CollectionQuery["style"]): Product[] {
  if (style === "all") return products;
  const word = style.toLowerCase();
  return products.filter((p) => p.title.toLowerCase().includes(word) || p.description.toLowerCase().includes(word));
}

const minPrice = (p: Product) => Number.parseFloat(p.priceRange.minVariantPrice.amount);

/** SPEC §4: featured keeps the store's order; prices by minimum variant price; names A-Z / Z-A. */
export function sortProducts(products: Product[], sort: SortOption): Product[] {
  const sorted = [...products];
  switch (sort) {
    case "featured":
      return sorted;
    case "price-low":
      return sorted.sort((a, b) => minPrice(a) - minPrice(b));
    case "price-high":
      return sorted.sort((a, b) => minPrice(b) - minPrice(a));
    case "name-az":
      return sorted.sort((a, b) => a.title.localeCompare(b.title));
    case "name-za":
      return sorted.sort((a, b) => b.title.localeCompare(a.title));
  }
}
