import { useSyncExternalStore } from "react";
import { isImageRef, isMoney, isRecord, isString } from "~/lib/stored-value-shapes";
import { createLocalStore } from "~/lib/local-store";
import type { Money } from "~/lib/money";
import type { Product } from "~/modules/catalogue/types";

/** SPEC §3 "Wishlist item (local)". */
export interface WishlistItem {
  id: string;
  handle: string;
  title: string;
  price: Money;
  image?: { url: string; altText: string | null };
}

function readWishlist(value: unknown): WishlistItem[] | null {
  if (!Array.isArray(value)) return null;
  const valid = value.every(
    (item) =>
      isRecord(item) &&
      isString(item.id) &&
      isString(item.handle) &&
      isString(item.title) &&
      isMoney(item.price) &&
      (item.image === undefined || isImageRef(item.image)),
  );
  return valid ? (value as WishlistItem[]) : null;
}

const EMPTY: WishlistItem[] = [];
export const WISHLIST_STORAGE_KEY = "hive-wishlist";
const store = createLocalStore<WishlistItem[]>(WISHLIST_STORAGE_KEY, readWishlist, EMPTY);

export function wishlistItemFrom(product: Pick<Product, "id" | "handle" | "title" | "priceRange" | "images">): WishlistItem {
  const image = product.images[0];
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    price: product.priceRange.minVariantPrice,
    ...(image ? { image: { url: image.url, altText: image.altText } } : {}),
  };
}

/** SPEC §4 Wishlist rules. */
export const wishlistRules = {
  add: (items: WishlistItem[], item: WishlistItem) => (items.some((i) => i.id === item.id) ? items : [...items, item]),
  remove: (items: WishlistItem[], id: string) => items.filter((i) => i.id !== id),
  toggle: (items: WishlistItem[], item: WishlistItem) =>
    items.some((i) => i.id === item.id) ? wishlistRules.remove(items, item.id) : wishlistRules.add(items, item),
};

/** Where a signed-in shopper's changes also go (the database); null when nobody is signed in. */
export interface WishlistRemote {
  upsert(items: WishlistItem[]): Promise<void>;
  remove(id: string): Promise<void>;
  load(): Promise<WishlistItem[]>;
}

let remote: WishlistRemote | null = null;

/** SPEC §8 "logged only": a failed sync is logged and the local list stands. */
function mirror(task: ((r: WishlistRemote) => Promise<void>) | null) {
  if (!remote || !task) return;
  task(remote).catch((error: unknown) => console.error("wishlist sync failed", error));
}

export const wishlist = {
  add: (item: WishlistItem) => {
    store.set((items) => wishlistRules.add(items, item));
    mirror((r) => r.upsert([item]));
  },
  remove: (id: string) => {
    store.set((items) => wishlistRules.remove(items, id));
    mirror((r) => r.remove(id));
  },
  /**
   * Drops an item from this browser's list only, for a removal the server makes itself (the account page's
   * Remove): left in the local list, the next page load's sign-in sync would write it back.
   */
  forget: (id: string) => {
    store.set((items) => wishlistRules.remove(items, id));
  },
  toggle: (item: WishlistItem) => {
    const had = store.get().some((i) => i.id === item.id);
    store.set((items) => wishlistRules.toggle(items, item));
    mirror(had ? (r) => r.remove(item.id) : (r) => r.upsert([item]));
  },
};

/**
 * SPEC §4: on sign-in the local items are upserted to the database and the
 * list reloaded from it; on sign-out the remote is dropped and the local
 * list is read again. Failures are logged; the local list is kept.
 */
export async function connectWishlist(next: WishlistRemote | null): Promise<void> {
  remote = next;
  if (!next) return;
  try {
    await next.upsert(store.get());
    const items = await next.load();
    if (remote === next) store.set(() => items);
  } catch (error) {
    console.error("wishlist sync failed", error);
  }
}

/** The remote for a signed-in shopper: the /api/wishlist resource route. */
export function httpWishlistRemote(endpoint = "/api/wishlist"): WishlistRemote {
  const post = async (body: unknown) => {
    const response = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`wishlist ${response.status}`);
  };
  return {
    upsert: (items) => (items.length ? post({ op: "upsert", items }) : Promise.resolve()),
    remove: (id) => post({ op: "remove", id }),
    async load() {
      const response = await fetch(endpoint, { headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`wishlist ${response.status}`);
      const body = (await response.json()) as { items: unknown };
      return readWishlist(body.items) ?? [];
    },
  };
}

export function useWishlist(): WishlistItem[] {
  return useSyncExternalStore(store.subscribe, store.get, () => EMPTY);
}
