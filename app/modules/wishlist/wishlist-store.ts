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

export const wishlist = {
  add: (item: WishlistItem) => store.set((items) => wishlistRules.add(items, item)),
  remove: (id: string) => store.set((items) => wishlistRules.remove(items, id)),
  toggle: (item: WishlistItem) => store.set((items) => wishlistRules.toggle(items, item)),
};

export function useWishlist(): WishlistItem[] {
  return useSyncExternalStore(store.subscribe, store.get, () => EMPTY);
}
