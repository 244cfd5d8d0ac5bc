import type { Money } from "~/lib/money";

/**
 * The app's own catalogue types. Routes and components see only these:
 * no GraphQL `edges`/`node` and no Shopify shapes pass the catalogue module.
 * (SPEC §3 "Product (storefront)", "Cart line", "Wishlist item".)
 * Amounts are `Money` from `~/lib/money`.
 */
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
  /** How many the store can sell now (never below 0); null when the store does not say. The bag holds no more. */
  quantityAvailable: number | null;
  selectedOptions: SelectedOption[];
  /** The picture of this variant (the gown in its colour), when the store has one. */
  image: ProductImage | null;
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

/**
 * A message for the shopper that comes with an otherwise empty result
 * (SPEC §8: a store without an active billing plan answers 402). Routes
 * pass it to the page, which shows it as a toast.
 */
export interface StorefrontNotice {
  kind: "payment-required";
  title: string;
  description: string;
}

export const PAYMENT_REQUIRED_NOTICE: StorefrontNotice = {
  kind: "payment-required",
  title: "Shopify: Payment required",
  description:
    "Shopify API access requires an active Shopify billing plan. Your store needs to be upgraded to a paid plan. Visit https://admin.shopify.com to upgrade.",
};

/** What every catalogue read returns: the data, and a notice when the store could not give any. */
export interface ProductList {
  products: Product[];
  notice: StorefrontNotice | null;
}

export interface ProductLookup {
  product: Product | null;
  notice: StorefrontNotice | null;
}

/** One match in the header's search popover (SPEC §2: image, title, minimum price, link). */
export interface SearchHit {
  id: string;
  handle: string;
  title: string;
  image: ProductImage | null;
  price: Money;
}

/** SPEC §9: search needs 2 characters after trimming and shows at most 5 matches. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_RESULTS = 5;
export const SEARCH_MAX_LENGTH = 100;

/** The JSON `GET /api/search?q=` answers with. */
export interface SearchResponse {
  query: string;
  results: SearchHit[];
  notice: StorefrontNotice | null;
}

/**
 * A bag line the store cannot fill: how many of the variant it has left (0 when sold out), and the gown's name
 * ("Ivory Tulle Ballgown (8 / Ivory)") when the store's answer gave it.
 */
export interface StockShortfall {
  merchandiseId: string;
  available: number;
  name: string | null;
}

/** The JSON `POST /api/checkout` answers with: a checkout to open, or SPEC §8's message, or what is left (409). */
export type CheckoutResponse =
  | ({ ok: true } & Checkout)
  | {
      ok: false;
      error: string;
      userErrors?: { field: string[] | null; message: string }[];
      notice?: StorefrontNotice | null;
      stock?: StockShortfall[];
    };

/**
 * Where a storefront request goes: Shopify over HTTPS, or the built-in
 * storefront in process. Both answer with a fetch Response in the Storefront
 * API's format, so the catalogue treats them alike and SPEC §8's errors come
 * from one place whichever store is connected.
 */
export interface StorefrontTransport {
  readonly name: "shopify" | "built-in";
  send(body: string, signal: AbortSignal): Promise<Response>;
}

/** The four things the app asks of a store; nothing else passes the boundary. */
export interface Catalogue {
  /** A collection's dresses (or the whole catalogue), in the store's order. */
  listProducts(options?: { collection?: CollectionHandle; first?: number }): Promise<ProductList>;
  getProduct(handle: string): Promise<ProductLookup>;
  /** SPEC §5: at least 2 characters after trimming; title or description, any case; at most 5. */
  searchProducts(term: string): Promise<ProductList>;
  /**
   * cartCreate: resolves to the checkout to open, or throws a StorefrontError
   * with SPEC §8's message ('Cart creation failed: ...', 'No checkout URL
   * returned from Shopify', or the HTTP/GraphQL errors).
   */
  createCheckout(lines: CartLineInput[]): Promise<Checkout>;
}
