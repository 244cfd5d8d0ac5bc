/**
 * The app's own catalogue types. Routes and components see only these:
 * no GraphQL `edges`/`node` and no Shopify shapes pass the catalogue module.
 * (SPEC §3 "Product (storefront)", "Cart line", "Wishlist item".)
 */
export interface Money {
  /** Decimal string as the Storefront API sends it, e.g. "1249.0". */
  amount: string;
  currencyCode: string;
}

export interface ProductImage {
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
}

export interface SelectedOption {
  name: string;
  value: string;
}

export interface ProductVariant {
  id: string;
  title: string;
  price: Money;
  availableForSale: boolean;
  selectedOptions: SelectedOption[];
}

export interface ProductOption {
  name: string;
  values: string[];
}

export interface Product {
  id: string;
  title: string;
  description: string;
  handle: string;
  /** The boutique collections the dress belongs to (weddings, prom, celebrations). */
  collections: CollectionHandle[];
  priceRange: { minVariantPrice: Money };
  images: ProductImage[];
  variants: ProductVariant[];
  options: ProductOption[];
}

export const COLLECTION_HANDLES = ["weddings", "prom", "celebrations"] as const;
export type CollectionHandle = (typeof COLLECTION_HANDLES)[number];

export interface CartLineInput {
  merchandiseId: string;
  quantity: number;
}

export interface Checkout {
  cartId: string;
  checkoutUrl: string;
  totalQuantity: number;
  total: Money;
}
