import { eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { catalogueCartLines, catalogueCarts, catalogueInventory, catalogueProducts, catalogueProductVariants } from "~/db/schema/catalogue";
import { fromCents, toCents } from "~/lib/money";
import { gid, parseGid } from "./gid";

/** SPEC §9: the storefront reads up to 100 cart lines, so a cart holds no more. */
export const MAX_CART_LINES = 100;
/**
 * Pieces one cart (and so one order) may hold: enough for a bridal party,
 * too few for a script to empty the shelves in one order.
 */
export const MAX_CART_UNITS = 12;

export interface CartCreateInput {
  lines?: { merchandiseId: string; quantity?: number | null }[] | null;
}

interface UserError {
  field: string[] | null;
  message: string;
}

export function checkoutUrlFor(siteUrl: string, cartId: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/checkout/${cartId}`;
}

/** The variants a set of ids names, with what a cart or an order needs to know about each (stock counts as 0 without a row). */
async function loadVariants(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, Awaited<ReturnType<typeof queryVariants>>[number]>();
  const rows = await queryVariants(db, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A variant's own columns and its stock: the inventory's count, 0 for a variant without an inventory row. For a
 * select from catalogueProductVariants that joins its stock with `.leftJoin(catalogueInventory, variantStock)`.
 */
export const variantWithStock = {
  id: catalogueProductVariants.id,
  productId: catalogueProductVariants.productId,
  title: catalogueProductVariants.title,
  imageId: catalogueProductVariants.imageId,
  price: catalogueProductVariants.price,
  currencyCode: catalogueProductVariants.currencyCode,
  available: sql<number>`coalesce(${catalogueInventory.available}, 0)`.mapWith(Number),
};
export const variantStock = eq(catalogueInventory.variantId, catalogueProductVariants.id);

function queryVariants(db: Executor, ids: string[]) {
  return db
    .select({ ...variantWithStock, productTitle: catalogueProducts.title, productHandle: catalogueProducts.handle })
    .from(catalogueProductVariants)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueProductVariants.productId))
    .leftJoin(catalogueInventory, variantStock)
    .where(inArray(catalogueProductVariants.id, ids));
}

/** Errors are reported in the order of the lines they concern, as the shopper sees the bag. */
const lineIndex = (error: UserError) => Number(error.field?.[2] ?? -1);

const itemName = (v: { productTitle: string; title: string }) => `${v.productTitle} (${v.title})`;

/** Shopify's CartWarning: an automatic change the mutation made to the cart (here, a line cut to the stock). */
export interface CartWarning {
  code: "MERCHANDISE_NOT_ENOUGH_STOCK" | "MERCHANDISE_OUT_OF_STOCK";
  message: string;
  target: string;
}

/**
 * cartCreate on the built-in store, answering as Shopify's Storefront API
 * does since 2024-10. Problems with the request (unknown merchandise, a
 * quantity below 1, too many lines or pieces, mixed currencies) are
 * userErrors and make no cart. Stock is not an error: the cart is made with
 * what is on the shelf, and a warning names each line cut short
 * (MERCHANDISE_NOT_ENOUGH_STOCK, target the cart line) or left out
 * (MERCHANDISE_OUT_OF_STOCK, target the merchandise, as no line holds it).
 * A cart takes no stock: only an order does.
 */
export async function createBuiltInCart(db: Database, input: CartCreateInput, siteUrl: string) {
  const lines = input.lines ?? [];
  const userErrors: UserError[] = [];
  if (lines.length === 0)
    return {
      cart: null,
      userErrors: [{ field: ["input", "lines"], message: "Add at least one item to the cart to check out." }],
      warnings: [],
    };
  if (lines.length > MAX_CART_LINES)
    return {
      cart: null,
      userErrors: [{ field: ["input", "lines"], message: `A cart holds at most ${MAX_CART_LINES} lines.` }],
      warnings: [],
    };

  // Shopify merges lines for the same merchandise; so do we, keeping the first line's place.
  const wanted = new Map<string, { quantity: number; index: number; merchandiseId: string }>();
  lines.forEach((line, index) => {
    const quantity = line.quantity ?? 1;
    const variantId = parseGid(line.merchandiseId, "ProductVariant");
    if (!Number.isInteger(quantity) || quantity < 1) {
      userErrors.push({ field: ["input", "lines", String(index), "quantity"], message: "The quantity must be at least 1." });
      return;
    }
    if (!variantId) {
      userErrors.push({
        field: ["input", "lines", String(index), "merchandiseId"],
        message: `The merchandise with id ${line.merchandiseId} does not exist.`,
      });
      return;
    }
    const existing = wanted.get(variantId);
    if (existing) existing.quantity += quantity;
    else wanted.set(variantId, { quantity, index, merchandiseId: line.merchandiseId });
  });

  const variants = await loadVariants(db, [...wanted.keys()]);
  for (const [variantId, line] of wanted) {
    if (!variants.has(variantId))
      userErrors.push({
        field: ["input", "lines", String(line.index), "merchandiseId"],
        message: `The merchandise with id ${line.merchandiseId} does not exist.`,
      });
  }
  const currencies = new Set([...variants.values()].map((v) => v.currencyCode));
  if (currencies.size > 1)
    userErrors.push({ field: ["input", "lines"], message: "Every item in a cart must be priced in the same currency." });
  if (userErrors.length > 0) return { cart: null, userErrors: userErrors.sort((a, b) => lineIndex(a) - lineIndex(b)), warnings: [] };

  // What the shelf can give each line; a line with nothing left stays out of the cart.
  const granted = [...wanted]
    .sort(([, a], [, b]) => a.index - b.index)
    .map(([variantId, line]) => {
      const variant = variants.get(variantId)!;
      return { variantId, variant, asked: line.quantity, quantity: Math.min(line.quantity, Math.max(0, variant.available)) };
    });
  const units = granted.reduce((sum, line) => sum + line.quantity, 0);
  if (units > MAX_CART_UNITS)
    return {
      cart: null,
      userErrors: [
        {
          field: ["input", "lines"],
          message: `A cart holds at most ${MAX_CART_UNITS} pieces. For a larger party, please call or email the boutique.`,
        },
      ],
      warnings: [],
    };

  const kept = granted.filter((line) => line.quantity > 0);
  const cartId = await db.transaction(async (tx) => {
    const [cart] = await tx.insert(catalogueCarts).values({}).returning({ id: catalogueCarts.id });
    if (kept.length > 0)
      await tx
        .insert(catalogueCartLines)
        .values(kept.map((line, position) => ({ cartId: cart!.id, position, variantId: line.variantId, quantity: line.quantity })));
    return cart!.id;
  });
  const lineId = (position: number) => gid("CartLine", `${cartId}-${position}`);

  const warnings: CartWarning[] = granted
    .filter((line) => line.quantity < line.asked)
    .map((line) =>
      line.quantity === 0
        ? {
            code: "MERCHANDISE_OUT_OF_STOCK",
            message: `${itemName(line.variant)} is sold out.`,
            target: gid("ProductVariant", line.variantId),
          }
        : {
            code: "MERCHANDISE_NOT_ENOUGH_STOCK",
            message: `Only ${line.quantity} left of ${itemName(line.variant)}.`,
            target: lineId(kept.indexOf(line)),
          },
    );

  let totalCents = 0;
  const currencyCode = [...currencies][0] ?? "USD";
  const edges = kept.map((line, position) => {
    totalCents += toCents(line.variant.price) * line.quantity;
    return {
      node: {
        __typename: "CartLine",
        id: lineId(position),
        quantity: line.quantity,
        merchandise: {
          __typename: "ProductVariant",
          id: gid("ProductVariant", line.variantId),
          title: line.variant.title,
          quantityAvailable: Math.max(0, line.variant.available),
          product: { title: line.variant.productTitle },
        },
      },
    };
  });
  return {
    cart: {
      id: gid("Cart", cartId),
      checkoutUrl: checkoutUrlFor(siteUrl, cartId),
      totalQuantity: units,
      cost: { totalAmount: { amount: fromCents(totalCents), currencyCode } },
      lines: ({ first }: { first?: number | null }) => ({ edges: edges.slice(0, first ?? MAX_CART_LINES) }),
    },
    userErrors: [],
    warnings,
  };
}
