// What the orders module reads and changes of the built-in store at checkout: a cart, its lines with their stock,
// the products' pictures, and the stock an order takes and a lapsed hold gives back. The store's tables are read and
// written here only; the orders module calls these through the front door, inside its own transaction.
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import {
  catalogueCartLines,
  catalogueCarts,
  catalogueInventory,
  catalogueProductImages,
  catalogueProducts,
  catalogueProductVariants,
} from "~/db/schema/catalogue";
import { variantStock, variantWithStock } from "./cart.server";

/** Whether a cart exists; `lock` holds its row for the rest of the transaction (two submits of one checkout queue up). */
export async function cartExists(db: Executor, cartId: string, { lock = false } = {}): Promise<boolean> {
  const query = db.select({ id: catalogueCarts.id }).from(catalogueCarts).where(eq(catalogueCarts.id, cartId));
  const [cart] = await (lock ? query.for("update") : query.limit(1));
  return cart !== undefined;
}

/**
 * A cart's lines in the shopper's order, each with its variant, product and the units in stock now, in one query (a
 * line whose variant is gone is left out).
 */
export function cartLinesWithStock(db: Executor, cartId: string) {
  return db
    .select({
      position: catalogueCartLines.position,
      variantId: catalogueCartLines.variantId,
      quantity: catalogueCartLines.quantity,
      variantTitle: variantWithStock.title,
      variantImageId: variantWithStock.imageId,
      price: variantWithStock.price,
      currencyCode: variantWithStock.currencyCode,
      productId: variantWithStock.productId,
      productTitle: catalogueProducts.title,
      productHandle: catalogueProducts.handle,
      available: variantWithStock.available,
    })
    .from(catalogueCartLines)
    .innerJoin(catalogueProductVariants, eq(catalogueProductVariants.id, catalogueCartLines.variantId))
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueProductVariants.productId))
    .leftJoin(catalogueInventory, variantStock)
    .where(eq(catalogueCartLines.cartId, cartId))
    .orderBy(asc(catalogueCartLines.position));
}

/** The pictures of some products, each product's in its own order. */
export function productImagesOf(db: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(catalogueProductImages)
    .where(inArray(catalogueProductImages.productId, [...productIds]))
    .orderBy(asc(catalogueProductImages.productId), asc(catalogueProductImages.position));
}

/** Takes `quantity` units of a variant if that many are on the shelf; false (and nothing taken) if not. */
export async function takeStock(tx: Executor, variantId: string, quantity: number): Promise<boolean> {
  const taken = await tx
    .update(catalogueInventory)
    .set({ available: sql`${catalogueInventory.available} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(catalogueInventory.variantId, variantId), gte(catalogueInventory.available, quantity)))
    .returning({ available: catalogueInventory.available });
  return taken.length > 0;
}

/** The units of a variant on the shelf now (0 without a stock row). */
export async function stockOf(db: Executor, variantId: string): Promise<number> {
  const [row] = await db
    .select({ available: catalogueInventory.available })
    .from(catalogueInventory)
    .where(eq(catalogueInventory.variantId, variantId));
  return row?.available ?? 0;
}

/** Puts `quantity` units of a variant back on the shelf (a hold nobody paid for). */
export async function returnStock(tx: Executor, variantId: string, quantity: number): Promise<void> {
  await tx
    .update(catalogueInventory)
    .set({ available: sql`${catalogueInventory.available} + ${quantity}`, updatedAt: new Date() })
    .where(eq(catalogueInventory.variantId, variantId));
}
