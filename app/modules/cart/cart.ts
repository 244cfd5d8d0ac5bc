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
  /** How many the store had when last asked (null or absent: it did not say). The bag holds no more than this. */
  quantityAvailable?: number | null;
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
  const stock = value.quantityAvailable;
  if (stock !== undefined && stock !== null && (typeof stock !== "number" || !Number.isInteger(stock) || stock < 0)) return null;
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

/** The most of a line's variant the bag may hold: its stock when the store said, else no limit. */
export function lineLimit(line: Pick<CartLine, "quantityAvailable">): number {
  return line.quantityAvailable ?? Number.POSITIVE_INFINITY;
}

/** The bag holds all the store has of this line's variant: the plus button says "Only {n} left". */
export function atStockLimit(line: Pick<CartLine, "quantity" | "quantityAvailable">): boolean {
  return line.quantity >= lineLimit(line);
}

/**
 * SPEC §4 Cart rules, as pure functions of the state, and the stock rule:
 * the bag never holds more of a variant than the store has.
 */
export const cartRules = {
  add(state: CartState, line: CartLine): CartState {
    const existing = state.lines.find((l) => l.variantId === line.variantId);
    if (!existing) return { ...state, lines: [...state.lines, { ...line, quantity: Math.min(line.quantity, lineLimit(line)) }] };
    // The newer word on the stock wins; without one, the line keeps what it knew.
    const quantityAvailable = line.quantityAvailable ?? existing.quantityAvailable ?? null;
    const quantity = Math.min(existing.quantity + line.quantity, Math.max(existing.quantity, lineLimit({ quantityAvailable })));
    return { ...state, lines: state.lines.map((l) => (l.variantId === line.variantId ? { ...l, quantity, quantityAvailable } : l)) };
  },
  setQuantity(state: CartState, variantId: string, quantity: number): CartState {
    if (quantity <= 0) return cartRules.remove(state, variantId);
    return {
      ...state,
      lines: state.lines.map((l) => (l.variantId === variantId ? { ...l, quantity: Math.max(1, Math.min(quantity, lineLimit(l))) } : l)),
    };
  },
  remove(state: CartState, variantId: string): CartState {
    return { ...state, lines: state.lines.filter((l) => l.variantId !== variantId) };
  },
  clear(state: CartState): CartState {
    return { ...state, lines: [], cartId: null, checkoutUrl: null };
  },
  /** The store's word on what is left: each named line holds at most that many, and a sold-out one leaves the bag. */
  applyStock(state: CartState, stock: { merchandiseId: string; available: number }[]): CartState {
    const left = new Map(stock.map((s) => [s.merchandiseId, Math.max(0, s.available)]));
    const lines = state.lines.flatMap((l) => {
      const available = left.get(l.variantId);
      if (available === undefined) return [l];
      return available === 0 ? [] : [{ ...l, quantity: Math.min(l.quantity, available), quantityAvailable: available }];
    });
    return { ...state, lines };
  },
};

/** A change to the bag, made to what storage holds now; whether this page is creating a checkout is the page's own. */
const change = (rule: (s: CartState) => CartState) => {
  const { isLoading } = store.get();
  store.set((s) => rule({ ...s, isLoading }));
};

export const cart = {
  /** Adds the line as far as the stock allows; returns how many pieces went in (0: the bag already holds all there is). */
  add: (line: CartLine): number => {
    const held = (s: CartState) => s.lines.find((l) => l.variantId === line.variantId)?.quantity ?? 0;
    let added = 0;
    change((s) => {
      const next = cartRules.add(s, line);
      added = held(next) - held(s);
      return next;
    });
    return added;
  },
  setQuantity: (variantId: string, quantity: number) => change((s) => cartRules.setQuantity(s, variantId, quantity)),
  remove: (variantId: string) => change((s) => cartRules.remove(s, variantId)),
  clear: () => change((s) => cartRules.clear(s)),
  setLoading: (isLoading: boolean) => store.set((s) => ({ ...s, isLoading })),
  setCheckout: (cartId: string, checkoutUrl: string) => change((s) => ({ ...s, cartId, checkoutUrl })),
  applyStock: (stock: { merchandiseId: string; available: number }[]) => change((s) => cartRules.applyStock(s, stock)),
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
