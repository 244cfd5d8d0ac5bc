// The wishlist module's server front door: the signed-in shopper's saved dresses (the wishlist_items table, which
// only this module reads or writes). Every function takes the user id from the guard (requireUser), never from a
// form, and filters by it.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { wishlistItems } from "~/db/schema/wishlist";

/** Her list, newest first; `limit` caps it (the fitting's pull list offers the newest few). */
export function listWishlist(db: Executor, userId: string, limit?: number) {
  const query = db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(desc(wishlistItems.createdAt));
  return limit === undefined ? query : query.limit(limit);
}

/** The items of her list among some product ids (ids a browser sent are checked against what she saved). */
export function wishlistItemsAmong(db: Executor, userId: string, productIds: readonly string[]) {
  return db
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, [...productIds])));
}

export interface WishlistRow {
  productId: string;
  productHandle: string;
  productTitle: string;
  productImageUrl: string | null;
  priceAmount: string;
  priceCurrency: string;
}

/** SPEC §7 "upsert per item": adding one already there changes nothing. */
export async function upsertWishlistItems(db: Executor, userId: string, items: readonly WishlistRow[]) {
  if (items.length === 0) return;
  await db
    .insert(wishlistItems)
    .values(items.map((item) => ({ ...item, userId })))
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] });
}

export async function removeWishlistItem(db: Executor, userId: string, productId: string): Promise<boolean> {
  const gone = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  return gone.length > 0;
}

/** "Delete my account": her list goes with her (called in the deletion's transaction). */
export async function deleteWishlistOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
