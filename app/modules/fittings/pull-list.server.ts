// The pull list: dresses from the shopper's wishlist for staff to pull before
// her fitting.
import { inArray } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { appointmentPullItems } from "~/db/schema/fittings";
import { listWishlist, wishlistItemsAmong } from "~/modules/wishlist/wishlist.server";
import type { PullItem } from "./types";

/** At most this many dresses on one pull list (a rail, not the whole shop). */
const MAX_PULL_ITEMS = 12;

/** The wishlist a signed-in shopper picks her pull list from, newest first. */
export async function pullListChoices(db: Database, userId: string): Promise<PullItem[]> {
  const rows = await listWishlist(db, userId, 48);
  return rows.map((row) => ({
    productId: row.productId,
    handle: row.productHandle,
    title: row.productTitle,
    imageUrl: row.productImageUrl,
  }));
}

/**
 * Keeps the ticked dresses that are on her own wishlist, in the booking's transaction (a guest's are ignored), and
 * answers the list as stored, by title as staff read it (the confirmation panel shows it without reading it back).
 */
export async function storePullList(
  tx: Executor,
  appointmentId: string,
  userId: string | null,
  productIds: readonly string[],
): Promise<PullItem[]> {
  const wanted = [...new Set(productIds.filter((id) => typeof id === "string" && id.length > 0 && id.length <= 200))].slice(
    0,
    MAX_PULL_ITEMS,
  );
  if (!userId || wanted.length === 0) return [];
  // Only dresses on her own wishlist: the ids come from the browser, the rows from the database.
  const own = await wishlistItemsAmong(tx, userId, wanted);
  if (own.length === 0) return [];
  await tx
    .insert(appointmentPullItems)
    .values(
      own.map((item) => ({
        appointmentId,
        productId: item.productId,
        productHandle: item.productHandle,
        productTitle: item.productTitle,
        productImageUrl: item.productImageUrl,
      })),
    )
    .onConflictDoNothing();
  return own
    .map((item) => ({ productId: item.productId, handle: item.productHandle, title: item.productTitle, imageUrl: item.productImageUrl }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * The pull lists of some appointments, keyed by appointment id (appointments
 * without one are absent): for the admin dashboard, so staff can pull the
 * dresses before each fitting.
 */
export async function pullListsFor(db: Database, appointmentIds: readonly string[]): Promise<Map<string, PullItem[]>> {
  const out = new Map<string, PullItem[]>();
  if (appointmentIds.length === 0) return out;
  const rows = await db
    .select()
    .from(appointmentPullItems)
    .where(inArray(appointmentPullItems.appointmentId, [...appointmentIds]))
    .orderBy(appointmentPullItems.appointmentId, appointmentPullItems.productTitle);
  for (const [appointmentId, items] of Map.groupBy(rows, (row) => row.appointmentId)) {
    out.set(
      appointmentId,
      items.map((row) => ({ productId: row.productId, handle: row.productHandle, title: row.productTitle, imageUrl: row.productImageUrl })),
    );
  }
  return out;
}
