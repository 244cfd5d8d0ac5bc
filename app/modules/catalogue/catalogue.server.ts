import type { Database, DatabaseHandle } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { createBuiltInStorefront, seedDemoCatalogue } from "~/modules/built-in-store/built-in-store.server";
import { ReadCache, type ReadCacheOptions } from "./read-cache.server";
import {
  createShopifyTransport,
  createStorefrontClient,
  DEFAULT_STOREFRONT_TIMEOUT_MS,
  shopifyEndpoint,
  STOREFRONT_API_VERSION,
} from "./storefront-client.server";
import { stockShortfalls } from "./cart-stock";
import { stockSummary } from "./catalogue";
import { StorefrontError } from "./storefront-error";
import {
  CatalogueCartCreateDocument,
  CatalogueCollectionProductsDocument,
  CatalogueProductDocument,
  CatalogueProductsDocument,
  CatalogueSearchDocument,
  type CatalogueImageFragment,
  type CatalogueProductCoreFragment,
  type CatalogueVariantFragment,
} from "./storefront-operations.generated";
import {
  COLLECTION_HANDLES,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_RESULTS,
  SEARCH_MIN_LENGTH,
  type Catalogue,
  type CollectionHandle,
  type Product,
  type StorefrontTransport,
} from "./types";

/**
 * The catalogue's boundary: what routes and other modules may ask of the
 * store, whichever store it is (Shopify, or the built-in store). Failures
 * are StorefrontErrors, exported here so no caller imports the transport.
 */
export { StorefrontError, type StorefrontErrorKind } from "./storefront-error";
export { readCollectionPage } from "./collection-page-data.server";

declare module "~/lib/context.server" {
  interface AppServices {
    /** The storefront catalogue: Shopify when configured, else the built-in store. */
    catalogue: Catalogue;
    /** Drop cached catalogue reads at once (an order took stock); other instances hear of it through pg_notify. */
    catalogueChanged(): void;
  }
}

/** Channel the catalogue tables' triggers announce changes on (drizzle/0004). */
export const CATALOGUE_CHANGES_CHANNEL = "catalogue_changes";
/** SPEC §9: lists default to 100; Shopify serves at most 250 per page. */
export const DEFAULT_LIST_SIZE = 100;
export const MAX_LIST_SIZE = 250;
/**
 * Candidates asked of the store per search, before SPEC's title/description
 * rule picks at most 5. Shopify's search also matches tags, vendors and
 * stems, so it gets room to spare; the built-in store already applies the rule.
 */
const SEARCH_CANDIDATES = { shopify: 10, "built-in": SEARCH_MAX_RESULTS } as const;

export type CatalogueStoreConfig =
  { kind: "built-in"; siteUrl: string } | { kind: "shopify"; endpoint: string; token: string; domain: string | null };

export interface CatalogueConfig {
  store: CatalogueStoreConfig;
  timeoutMs: number;
}

/** Which store the environment asks for (env.server.ts has already checked the variables fit together). */
export function catalogueConfigFromEnv(env: Env): CatalogueConfig {
  const timeoutMs = env.SHOPIFY_STOREFRONT_TIMEOUT_MS;
  if (env.SHOPIFY_STOREFRONT_ACCESS_TOKEN && (env.SHOPIFY_STOREFRONT_API_URL || env.SHOPIFY_STORE_DOMAIN)) {
    return {
      timeoutMs,
      store: {
        kind: "shopify",
        endpoint: env.SHOPIFY_STOREFRONT_API_URL ?? shopifyEndpoint(env.SHOPIFY_STORE_DOMAIN!),
        token: env.SHOPIFY_STOREFRONT_ACCESS_TOKEN,
        domain: env.SHOPIFY_STORE_DOMAIN ?? null,
      },
    };
  }
  return { timeoutMs, store: { kind: "built-in", siteUrl: env.APP_URL } };
}

/** Said once in the start-up log, and by the health of every page that reads the catalogue. */
export function describeStore(store: CatalogueStoreConfig): string {
  if (store.kind === "built-in") return "built-in storefront (demo collection, no Shopify account)";
  return `Shopify store ${store.domain ?? new URL(store.endpoint).host} (Storefront API ${STOREFRONT_API_VERSION})`;
}

/** A Catalogue with what only the composition root (server/app.ts), tests and benches need: its lifecycle. */
export interface CatalogueService extends Catalogue {
  readonly store: CatalogueStoreConfig["kind"];
  readonly description: string;
  /** Drops every cached read (the built-in catalogue changed). */
  invalidate(): void;
  /** Seeds an empty built-in catalogue and starts listening for changes to it. */
  start(options?: { seed?: boolean }): Promise<{ seeded: boolean; products: number } | null>;
  close(): Promise<void>;
}

export interface CreateCatalogueOptions {
  config: CatalogueConfig;
  /** Needed by the built-in store; a Shopify store keeps its catalogue itself. */
  database?: DatabaseHandle;
  logger?: Logger;
  cache?: ReadCacheOptions;
  /** For tests: what reaches Shopify. */
  fetch?: typeof fetch;
  /** For benches and tests: called for every request that reaches the store (cache hits do not). */
  onStorefrontRequest?: (operationName: string) => void;
}

// ---------------------------------------------------------------------------
// From Storefront API shapes to the app's own types: nothing past this file
// sees edges or nodes.

type ProductNode = CatalogueProductCoreFragment & {
  images: { edges: { node: CatalogueImageFragment }[] };
  variants: { edges: { node: CatalogueVariantFragment }[] };
};

const isCollectionHandle = (handle: string): handle is CollectionHandle => (COLLECTION_HANDLES as readonly string[]).includes(handle);

export function toProduct(node: ProductNode): Product {
  return {
    id: node.id,
    title: node.title,
    description: node.description,
    handle: node.handle,
    collections: node.collections.nodes.map((c) => c.handle).filter(isCollectionHandle),
    priceRange: { minVariantPrice: { ...node.priceRange.minVariantPrice } },
    images: node.images.edges.map(({ node: image }) => ({
      url: image.url,
      altText: image.altText,
      width: image.width,
      height: image.height,
    })),
    variants: node.variants.edges.map(({ node: v }) => ({
      id: v.id,
      title: v.title,
      price: { ...v.price },
      availableForSale: v.availableForSale,
      // Shopify answers null when the token may not read inventory; a store that oversold says less than 0.
      quantityAvailable: v.quantityAvailable == null ? null : Math.max(0, v.quantityAvailable),
      selectedOptions: v.selectedOptions.map((o) => ({ name: o.name, value: o.value })),
      image: v.image ? { url: v.image.url, altText: v.image.altText, width: v.image.width, height: v.image.height } : null,
    })),
    options: node.options.map((o) => ({ name: o.name, values: o.optionValues.map((v) => v.name) })),
  };
}

/** The shopper's words as one Shopify search phrase, quotes and backslashes escaped. */
export function searchPhrase(term: string): string {
  return `"${term.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** SPEC §5's rule, applied whichever store answered: the phrase appears in the title or the description. */
export function matchesSearch(product: Pick<Product, "title" | "description">, term: string): boolean {
  const needle = term.toLocaleLowerCase("en-US");
  return product.title.toLocaleLowerCase("en-US").includes(needle) || product.description.toLocaleLowerCase("en-US").includes(needle);
}

export function normaliseSearchTerm(term: string): string | null {
  const trimmed = term.trim().replace(/\s+/g, " ");
  if (trimmed.length < SEARCH_MIN_LENGTH) return null;
  return trimmed.slice(0, SEARCH_MAX_LENGTH);
}

function checkListSize(first: number): void {
  if (!Number.isInteger(first) || first < 1 || first > MAX_LIST_SIZE) {
    throw new RangeError(`listProducts: first must be a whole number from 1 to ${MAX_LIST_SIZE} (got ${String(first)})`);
  }
}

// ---------------------------------------------------------------------------

export function createCatalogue({
  config,
  database,
  logger,
  cache: cacheOptions,
  fetch: fetchImpl,
  onStorefrontRequest,
}: CreateCatalogueOptions): CatalogueService {
  const store = config.store;
  if (store.kind === "built-in" && !database) throw new Error("createCatalogue: the built-in store needs a database");
  const db = database?.db as Database;
  let transport: StorefrontTransport;
  if (store.kind === "shopify") transport = createShopifyTransport({ endpoint: store.endpoint, token: store.token, fetch: fetchImpl });
  else transport = createBuiltInStorefront({ db, siteUrl: store.siteUrl, logger }).transport;

  const client = createStorefrontClient({
    transport,
    timeoutMs: config.timeoutMs ?? DEFAULT_STOREFRONT_TIMEOUT_MS,
    logger,
    onRequest: onStorefrontRequest,
  });
  const cache = new ReadCache({
    ...cacheOptions,
    onBackgroundError: (key, error) =>
      logger?.warn({ key, err: error }, "refreshing a cached catalogue read failed; serving the stale copy"),
  });
  // An answer that carries a notice (402) is not kept: the store may be paid for a moment later.
  const keep = (value: { notice: unknown }) => value.notice === null;
  let stopListening: (() => Promise<void>) | null = null;

  const catalogue: CatalogueService = {
    store: store.kind,
    description: describeStore(store),

    listProducts({ collection, first = DEFAULT_LIST_SIZE } = {}) {
      checkListSize(first);
      if (collection !== undefined && !isCollectionHandle(collection))
        throw new RangeError(`listProducts: unknown collection ${JSON.stringify(collection)}`);
      return cache.get(
        `products:${collection ?? "*"}:${first}`,
        async () => {
          if (collection) {
            const result = await client.request(CatalogueCollectionProductsDocument, { handle: collection, first });
            if (result.notice) return { products: [], notice: result.notice };
            return { products: (result.data.collection?.products.edges ?? []).map((e) => toProduct(e.node)), notice: null };
          }
          const result = await client.request(CatalogueProductsDocument, { first });
          if (result.notice) return { products: [], notice: result.notice };
          return { products: result.data.products.edges.map((e) => toProduct(e.node)), notice: null };
        },
        keep,
      );
    },

    getProduct(handle) {
      const clean = handle.trim();
      if (!clean || clean.length > 255 || /[\s/?#]/.test(clean)) return Promise.resolve({ product: null, notice: null });
      return cache.get(
        `product:${clean}`,
        async () => {
          const result = await client.request(CatalogueProductDocument, { handle: clean });
          if (result.notice) return { product: null, notice: result.notice };
          return { product: result.data.product ? toProduct(result.data.product) : null, notice: null };
        },
        keep,
      );
    },

    searchProducts(term) {
      const phrase = normaliseSearchTerm(term);
      if (!phrase) return Promise.resolve({ products: [], notice: null });
      return cache.get(
        `search:${phrase.toLocaleLowerCase("en-US")}`,
        async () => {
          const result = await client.request(CatalogueSearchDocument, {
            query: searchPhrase(phrase),
            first: SEARCH_CANDIDATES[store.kind],
          });
          if (result.notice) return { products: [], notice: result.notice };
          const products = result.data.products.edges.map((e) => toProduct(e.node)).filter((p) => matchesSearch(p, phrase));
          return { products: products.slice(0, SEARCH_MAX_RESULTS), notice: null };
        },
        keep,
      );
    },

    async createCheckout(lines) {
      const result = await client.request(CatalogueCartCreateDocument, {
        input: { lines: lines.map((l) => ({ merchandiseId: l.merchandiseId, quantity: l.quantity })) },
      });
      // A store that answered 402 returned nothing, so there is no checkout to open.
      if (result.notice) throw new StorefrontError("No checkout URL returned from Shopify", "cart", { notice: result.notice });
      const payload = result.data.cartCreate;
      const userErrors = payload?.userErrors ?? [];
      if (userErrors.length > 0) {
        throw new StorefrontError(`Cart creation failed: ${userErrors.map((e) => e.message).join(", ")}`, "cart", { userErrors });
      }
      const cart = payload?.cart;
      if (!cart?.checkoutUrl) throw new StorefrontError("No checkout URL returned from Shopify", "cart");
      // A cart cut short for stock is not the bag the shopper chose: she is told what is left instead of sent to pay for less.
      const stock = stockShortfalls(lines, cart);
      if (stock.length > 0) throw new StorefrontError(stockSummary(stock), "stock", { stock });
      return { cartId: cart.id, checkoutUrl: cart.checkoutUrl, totalQuantity: cart.totalQuantity, total: { ...cart.cost.totalAmount } };
    },

    invalidate() {
      cache.invalidate();
    },

    async start({ seed = true } = {}) {
      if (store.kind !== "built-in" || !database) return null;
      // Seed before listening: our own seed's notifications would only empty a cache that is empty anyway.
      const outcome = seed ? await seedDemoCatalogue(db) : null;
      // From here on, changes made by other instances, by orders, or by hand in psql all arrive here.
      stopListening = await database.listen(
        CATALOGUE_CHANGES_CHANNEL,
        () => cache.invalidate(),
        () => cache.invalidate(),
      );
      cache.invalidate();
      return outcome;
    },

    async close() {
      await stopListening?.().catch(() => {});
      stopListening = null;
      cache.invalidate();
    },
  };
  return catalogue;
}
