import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { buildSchema, execute, GraphQLError, parse, validate, type DocumentNode, type ExecutionResult } from "graphql";
import type { Database } from "~/db/client.server";
import {
  catalogueCollections,
  catalogueInventory,
  catalogueProductCollections,
  catalogueProductImages,
  catalogueProductOptions,
  catalogueProducts,
  catalogueProductVariants,
} from "~/db/schema/catalogue";
import type { Logger } from "~/lib/logger.server";
import { fromCents, toCents } from "~/lib/money";
import type { StorefrontTransport } from "~/modules/catalogue/types";
import { createBuiltInCart, variantStock, variantWithStock, type CartCreateInput } from "./cart.server";
import { gid } from "./gid";
import { versionedImageUrl } from "./gown-image-url";
import { STOREFRONT_SUBSET_SDL } from "./storefront-subset-schema.generated";

// The built-in store's server front door: the storefront itself (below), and
// what the catalogue, the orders module and the image route use of the rest.
export { checkoutUrlFor } from "./cart.server";
export { cartExists, cartLinesWithStock, productImagesOf, returnStock, stockOf, takeStock } from "./stock.server";
export { seedDemoCatalogue } from "./demo-seed.server";
export { configureGownImages, ImageRendererBusy, renderGownImage, type ImageFormat } from "./gown-images.server";
export { ART_VERSION, versionedImageUrl } from "./gown-image-url";

/**
 * The built-in storefront: Shopify's Storefront API, the part of it our
 * documents use, answered from our own database. It executes the very
 * documents sent to Shopify against the generated schema slice, so a
 * document that works here is one Shopify's schema accepts too.
 */
const schema = buildSchema(STOREFRONT_SUBSET_SDL);

/** Shopify's message for a failure on its side; details go to our log, not to the caller. */
const INTERNAL_ERROR = "Internal error. Looks like something went wrong on our end.";
/** Connections take at most 250 items, as on Shopify. */
const MAX_PAGE = 250;

/** A problem with the request itself: its message is safe to show the caller. */
class RequestError extends GraphQLError {}

export interface BuiltInStorefrontOptions {
  db: Database;
  /** Where checkout URLs point: this site's public address (APP_URL). */
  siteUrl: string;
  logger?: Logger;
}

interface Context {
  db: Database;
  siteUrl: string;
}

function pageSize(first: unknown): number {
  if (first === null || first === undefined) throw new RequestError("you must provide one of first or last");
  if (typeof first !== "number" || first < 0) throw new RequestError("first must be a non-negative number");
  if (first > MAX_PAGE) throw new RequestError(`first must be at most ${MAX_PAGE}`);
  return first;
}

interface LoadedProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  images: { id: string; url: string; altText: string | null; width: number | null; height: number | null }[];
  variants: {
    id: string;
    title: string;
    price: string;
    currencyCode: string;
    selectedOptions: { name: string; value: string }[];
    available: number;
    imageId: string | null;
  }[];
  options: { name: string; values: string[] }[];
  collections: string[];
}

/**
 * Loads whole products for a page of product rows: one query per related
 * table for the page, never one per product.
 */
async function loadRelated(
  db: Database,
  rows: { id: string; handle: string; title: string; description: string }[],
): Promise<LoadedProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, variants, options, collections] = await Promise.all([
    db
      .select()
      .from(catalogueProductImages)
      .where(inArray(catalogueProductImages.productId, ids))
      .orderBy(asc(catalogueProductImages.productId), asc(catalogueProductImages.position)),
    db
      .select({ ...variantWithStock, selectedOptions: catalogueProductVariants.selectedOptions })
      .from(catalogueProductVariants)
      .leftJoin(catalogueInventory, variantStock)
      .where(inArray(catalogueProductVariants.productId, ids))
      .orderBy(asc(catalogueProductVariants.productId), asc(catalogueProductVariants.position)),
    db
      .select()
      .from(catalogueProductOptions)
      .where(inArray(catalogueProductOptions.productId, ids))
      .orderBy(asc(catalogueProductOptions.productId), asc(catalogueProductOptions.position)),
    db
      .select({ productId: catalogueProductCollections.productId, handle: catalogueProductCollections.collectionHandle })
      .from(catalogueProductCollections)
      .where(inArray(catalogueProductCollections.productId, ids))
      .orderBy(asc(catalogueProductCollections.collectionHandle)),
  ]);
  const byProduct = new Map<string, LoadedProduct>(
    rows.map((r) => [
      r.id,
      { id: r.id, handle: r.handle, title: r.title, description: r.description, images: [], variants: [], options: [], collections: [] },
    ]),
  );
  for (const i of images)
    byProduct
      .get(i.productId)
      ?.images.push({ id: i.id, url: versionedImageUrl(i.url), altText: i.altText, width: i.width, height: i.height });
  for (const v of variants) byProduct.get(v.productId)?.variants.push(v);
  for (const o of options) byProduct.get(o.productId)?.options.push({ name: o.name, values: o.values });
  for (const c of collections) byProduct.get(c.productId)?.collections.push(c.handle);
  return rows.map((r) => byProduct.get(r.id)!);
}

const productColumns = {
  id: catalogueProducts.id,
  handle: catalogueProducts.handle,
  title: catalogueProducts.title,
  description: catalogueProducts.description,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The part of Shopify's search syntax the built-in store understands: plain
 * words and quoted phrases, all of which must appear in the title or the
 * description (any case). A trailing * (prefix search) is accepted; since
 * every term already matches anywhere in the text, it changes nothing.
 */
export function parseSearchQuery(query: string): string[] {
  const terms: string[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i]!;
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    let term = "";
    if (char === '"' || char === "'") {
      i += 1;
      while (i < query.length && query[i] !== char) {
        if (query[i] === "\\" && i + 1 < query.length) i += 1;
        term += query[i];
        i += 1;
      }
      if (i >= query.length) throw new RequestError("The search query has a quote that is never closed.");
      i += 1;
    } else {
      while (i < query.length && !/\s/.test(query[i]!)) {
        if (query[i] === "\\" && i + 1 < query.length) {
          i += 1;
          term += query[i];
        } else if (query[i] === ":" || query[i] === "(" || query[i] === ")") {
          throw new RequestError(
            "The built-in storefront searches plain words and quoted phrases; field filters and groups are not supported.",
          );
        } else {
          term += query[i];
        }
        i += 1;
      }
      if (term === "AND") continue;
      if (term === "OR" || term === "NOT" || term.startsWith("-")) {
        throw new RequestError("The built-in storefront searches plain words and quoted phrases; OR, NOT and - are not supported.");
      }
      term = term.replace(/\*$/, "");
    }
    if (term.trim()) terms.push(term);
  }
  return terms;
}

async function findProducts(db: Database, first: number, query: string | null | undefined): Promise<LoadedProduct[]> {
  if (first === 0) return [];
  const terms = query ? parseSearchQuery(query) : [];
  // Each term is one LIKE on the stored, trigram-indexed search text.
  const where: SQL | undefined = terms.length
    ? sql.join(
        terms.map((t) => sql`${catalogueProducts.searchText} like lower(${`%${escapeLike(t)}%`})`),
        sql` and `,
      )
    : undefined;
  const rows = await db
    .select(productColumns)
    .from(catalogueProducts)
    .where(where)
    .orderBy(asc(catalogueProducts.position), asc(catalogueProducts.id))
    .limit(first);
  return loadRelated(db, rows);
}

async function findCollectionProducts(db: Database, handle: string, first: number): Promise<LoadedProduct[]> {
  if (first === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(catalogueProductCollections)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueProductCollections.productId))
    .where(eq(catalogueProductCollections.collectionHandle, handle))
    .orderBy(asc(catalogueProductCollections.position), asc(catalogueProducts.position), asc(catalogueProducts.id))
    .limit(first);
  return loadRelated(db, rows);
}

function money(amount: string, currencyCode: string) {
  return { amount: fromCents(toCents(amount)), currencyCode };
}

const connection = <T, N>(items: T[], toNode: (item: T) => N) => ({
  edges: items.map((item) => ({ node: toNode(item) })),
  nodes: items.map(toNode),
});

/** A product as the GraphQL executor reads it: plain fields, and functions for fields that take arguments. */
function productNode(p: LoadedProduct) {
  const imageById = new Map(p.images.map(({ id, ...image }) => [id, image]));
  const cheapest = p.variants.reduce<(typeof p.variants)[number] | null>(
    (min, v) => (min === null || toCents(v.price) < toCents(min.price) ? v : min),
    null,
  );
  return {
    id: gid("Product", p.id),
    handle: p.handle,
    title: p.title,
    description: p.description,
    priceRange: { minVariantPrice: cheapest ? money(cheapest.price, cheapest.currencyCode) : { amount: "0.0", currencyCode: "USD" } },
    options: p.options.map((o) => ({ name: o.name, optionValues: o.values.map((name) => ({ name })) })),
    collections: ({ first }: { first?: number | null }) => connection(p.collections.slice(0, pageSize(first)), (handle) => ({ handle })),
    images: ({ first }: { first?: number | null }) => connection(p.images.slice(0, pageSize(first)), ({ id: _id, ...image }) => image),
    variants: ({ first }: { first?: number | null }) =>
      connection(p.variants.slice(0, pageSize(first)), (v) => ({
        __typename: "ProductVariant",
        id: gid("ProductVariant", v.id),
        title: v.title,
        availableForSale: v.available > 0,
        quantityAvailable: Math.max(0, v.available),
        image: (v.imageId && imageById.get(v.imageId)) ?? null,
        price: money(v.price, v.currencyCode),
        selectedOptions: v.selectedOptions,
      })),
  };
}

const rootValue = {
  async products({ first, query }: { first?: number | null; query?: string | null }, context: Context) {
    const products = await findProducts(context.db, pageSize(first), query);
    return connection(products, productNode);
  },
  async product({ handle }: { handle?: string | null }, context: Context) {
    if (!handle) return null;
    const [row] = await context.db.select(productColumns).from(catalogueProducts).where(eq(catalogueProducts.handle, handle)).limit(1);
    if (!row) return null;
    const [loaded] = await loadRelated(context.db, [row]);
    return productNode(loaded!);
  },
  async collection({ handle }: { handle?: string | null }, context: Context) {
    if (!handle) return null;
    const [row] = await context.db
      .select({ handle: catalogueCollections.handle })
      .from(catalogueCollections)
      .where(eq(catalogueCollections.handle, handle))
      .limit(1);
    if (!row) return null;
    return {
      handle: row.handle,
      products: async ({ first }: { first?: number | null }) =>
        connection(await findCollectionProducts(context.db, row.handle, pageSize(first)), productNode),
    };
  },
  cartCreate({ input }: { input?: CartCreateInput | null }, context: Context) {
    return createBuiltInCart(context.db, input ?? {}, context.siteUrl);
  },
};

export interface BuiltInStorefront {
  execute(request: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }): Promise<ExecutionResult>;
  transport: StorefrontTransport;
}

export function createBuiltInStorefront({ db, siteUrl, logger }: BuiltInStorefrontOptions): BuiltInStorefront {
  // Parsing and validating a document costs more than running it; our few documents are checked once.
  const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
  const prepare = (query: string) => {
    let prepared = documents.get(query);
    if (!prepared) {
      try {
        const document = parse(query);
        const errors = validate(schema, document);
        prepared = errors.length ? errors : document;
      } catch (error) {
        prepared = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
      }
      if (documents.size >= 50) documents.delete(documents.keys().next().value!);
      documents.set(query, prepared);
    }
    return prepared;
  };

  const run: BuiltInStorefront["execute"] = async ({ query, variables, operationName }) => {
    const prepared = prepare(query);
    if (!("kind" in prepared)) return { errors: prepared };
    const result = await execute({
      schema,
      document: prepared,
      rootValue,
      contextValue: { db, siteUrl } satisfies Context,
      variableValues: variables ?? {},
      operationName,
    });
    if (!result.errors) return result;
    return {
      ...result,
      errors: result.errors.map((error) => {
        const original = error.originalError;
        if (!original || original instanceof GraphQLError) return error;
        logger?.error({ err: original, path: error.path }, "built-in storefront failed");
        return new GraphQLError(INTERNAL_ERROR, { path: error.path, nodes: error.nodes });
      }),
    };
  };

  return {
    execute: run,
    transport: {
      name: "built-in",
      async send(body) {
        let request: { query?: unknown; variables?: unknown; operationName?: unknown };
        try {
          request = JSON.parse(body) as typeof request;
        } catch {
          return Response.json({ errors: [{ message: "The request body is not JSON." }] }, { status: 400 });
        }
        if (typeof request.query !== "string")
          return Response.json({ errors: [{ message: "The request has no query." }] }, { status: 400 });
        const result = await run({
          query: request.query,
          variables: request.variables && typeof request.variables === "object" ? (request.variables as Record<string, unknown>) : null,
          operationName: typeof request.operationName === "string" ? request.operationName : null,
        });
        return Response.json(result);
      },
    },
  };
}
