import { useSyncExternalStore } from "react";
import { isImageRef, isMoney, isRecord, isString } from "~/lib/stored-value-shapes";
import { createLocalStore } from "~/lib/local-store";
import type { Money } from "~/lib/money";
import type { SelectedOption } from "~/modules/catalogue/types";

/** SPEC §3 "Cart line (stored locally)". */
export interface CartLine {
  variantId: string;
  variantTitle: string;
  quantity: number;
  price: Money;
  selectedOptions: SelectedOption[];
  product: { id: string; title: string; handle: string; image: { url: string; altText: string | null } | null };
}

export interface CartState {
  lines: CartLine[];
  cartId: string | null;
  checkoutUrl: string | null;
  isLoading: boolean;
}

function readLine(value: unknown): CartLine | null {
  if (!isRecord(value) || !isString(value.variantId) || !isString(value.variantTitle) || !isMoney(value.price)) return null;
  if (typeof value.quantity !== "number" || !Number.isInteger(value.quantity) || value.quantity < 1) return null;
  const options = value.selectedOptions;
  if (!Array.isArray(options) || !options.every((o) => isRecord(o) && isString(o.name) && isString(o.value))) return null;
  const product = value.product;
  if (!isRecord(product) || !isString(product.id) || !isString(product.title) || !isString(product.handle)) return null;
  if (product.image !== null && !isImageRef(product.image)) return null;
  return value as unknown as CartLine;
}

/** A stored bag, checked line by line; never restores a half-finished checkout (a reload must not leave the button stuck). */
function readCart(value: unknown): CartState | null {
  if (!isRecord(value) || !Array.isArray(value.lines)) return null;
  const lines = value.lines.map(readLine);
  if (lines.some((line) => line === null)) return null;
  const cartId = isString(value.cartId) ? value.cartId : null;
  const checkoutUrl = isString(value.checkoutUrl) ? value.checkoutUrl : null;
  return { lines: lines as CartLine[], cartId, checkoutUrl, isLoading: false };
}

const EMPTY: CartState = { lines: [], cartId: null, checkoutUrl: null, isLoading: false };
export const CART_STORAGE_KEY = "hive-cart";
const store = createLocalStore<CartState>(CART_STORAGE_KEY, readCart, EMPTY);

/** SPEC §4 Cart rules, as pure functions of the state. */
export const cartRules = {
  add(state: CartState, line: CartLine): CartState {
    const existing = state.lines.find((l) => l.variantId === line.variantId);
    const lines = existing
      ? state.lines.map((l) => (l.variantId === line.variantId ? { ...l, quantity: l.quantity + line.quantity } : l))
      : [...state.lines, line];
    return { ...state, lines };
  },
  setQuantity(state: CartState, variantId: string, quantity: number): CartState {
    if (quantity <= 0) return cartRules.remove(state, variantId);
    return { ...state, lines: state.lines.map((l) => (l.variantId === variantId ? { ...l, quantity } : l)) };
  },
  remove(state: CartState, variantId: string): CartState {
    return { ...state, lines: state.lines.filter((l) => l.variantId !== variantId) };
  },
  clear(state: CartState): CartState {
    return { ...state, lines: [], cartId: null, checkoutUrl: null };
  },
};

export const cart = {
  add: (line: CartLine) => store.set((s) => cartRules.add(s, line)),
  setQuantity: (variantId: string, quantity: number) => store.set((s) => cartRules.setQuantity(s, variantId, quantity)),
  remove: (variantId: string) => store.set((s) => cartRules.remove(s, variantId)),
  clear: () => store.set((s) => cartRules.clear(s)),
  setLoading: (isLoading: boolean) => store.set((s) => ({ ...s, isLoading })),
  setCheckout: (cartId: string, checkoutUrl: string) => store.set((s) => ({ ...s, cartId, checkoutUrl })),
};

export function useCart(): CartState {
  return useSyncExternalStore(store.subscribe, store.get, () => EMPTY);
}

export function totalQuantity(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The bag's total, in the lines' currency (the store sells in one currency). */
export function cartTotal(state: CartState): Money {
  const cents = state.lines.reduce((sum, line) => sum + Math.round(Number.parseFloat(line.price.amount) * 100) * line.quantity, 0);
  return { amount: (cents / 100).toFixed(2), currencyCode: state.lines[0]?.price.currencyCode ?? "USD" };
}

/** SPEC §4: the checkout URL opens with channel=online_store. */
export function withOnlineStoreChannel(checkoutUrl: string, base: string): string {
  const url = new URL(checkoutUrl, base);
  url.searchParams.set("channel", "online_store");
  return url.toString();
}
