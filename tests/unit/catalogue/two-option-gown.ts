import type { Product, ProductVariant } from "~/modules/catalogue/types";

/** The catalogue's option tests share one gown: two sizes by two colours, one of them sold out, one combination missing. */
export function variant(size: string, color: string, availableForSale = true): ProductVariant {
  return {
    id: `v-${size}-${color}`,
    title: `${size} / ${color}`,
    price: { amount: "100.0", currencyCode: "USD" },
    availableForSale,
    quantityAvailable: availableForSale ? 2 : 0,
    selectedOptions: [
      { name: "Size", value: size },
      { name: "Color", value: color },
    ],
    image: null,
  };
}

// Ivory in S and M, Blush only in M (a combination no variant has: S / Blush).
export const gown: Product = {
  id: "p",
  title: "Gown",
  description: "",
  handle: "gown",
  collections: [],
  priceRange: { minVariantPrice: { amount: "100.0", currencyCode: "USD" } },
  images: [],
  variants: [variant("S", "Ivory"), variant("M", "Ivory", false), variant("M", "Blush")],
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Color", values: ["Ivory", "Blush"] },
  ],
};
