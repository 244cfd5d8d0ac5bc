import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/format";
import {
  atStockLimit,
  cartRules,
  cartTotal,
  totalQuantity,
  withOnlineStoreChannel,
  type CartLine,
  type CartState,
} from "~/modules/cart/cart";
import { wishlistRules, type WishlistItem } from "~/modules/wishlist/wishlist-store";

const line = (variantId: string, amount: string, quantity = 1): CartLine => ({
  variantId,
  variantTitle: "M / Ivory",
  quantity,
  price: { amount, currencyCode: "USD" },
  selectedOptions: [
    { name: "Size", value: "M" },
    { name: "Color", value: "Ivory" },
  ],
  product: { id: `p-${variantId}`, title: `Gown ${variantId}`, handle: `gown-${variantId}`, image: null },
});
const empty: CartState = { lines: [], cartId: null, checkoutUrl: null, isLoading: false };

describe("bag rules (SPEC §4)", () => {
  it("adds a line, and raises the quantity when its variant is already in the bag", () => {
    let state = cartRules.add(empty, line("a", "1249.0"));
    state = cartRules.add(state, line("b", "389.5"));
    state = cartRules.add(state, line("a", "1249.0"));
    expect(state.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
    expect(totalQuantity(state)).toBe(3);
    expect(cartTotal(state)).toEqual({ amount: "2887.50", currencyCode: "USD" });
  });

  it("removes a line whose quantity is set to 0 or less", () => {
    const state = cartRules.add(cartRules.add(empty, line("a", "10")), line("b", "20"));
    expect(cartRules.setQuantity(state, "a", 0).lines.map((l) => l.variantId)).toEqual(["b"]);
    expect(cartRules.setQuantity(state, "b", -3).lines.map((l) => l.variantId)).toEqual(["a"]);
    expect(cartRules.setQuantity(state, "a", 4).lines[0]?.quantity).toBe(4);
  });

  it("remove drops the line; clear empties the bag and forgets the cart and checkout URL", () => {
    const state = { ...cartRules.add(empty, line("a", "10")), cartId: "c1", checkoutUrl: "https://x/checkout" };
    expect(cartRules.remove(state, "a").lines).toEqual([]);
    expect(cartRules.clear(state)).toEqual({ lines: [], cartId: null, checkoutUrl: null, isLoading: false });
  });

  it("adds channel=online_store to the checkout URL, keeping what it had", () => {
    expect(withOnlineStoreChannel("https://shop.example/cart/c/abc?key=1", "http://localhost")).toBe(
      "https://shop.example/cart/c/abc?key=1&channel=online_store",
    );
    expect(withOnlineStoreChannel("/checkout/abc", "http://localhost:3000")).toBe(
      "http://localhost:3000/checkout/abc?channel=online_store",
    );
  });
});

describe("the stock rule: the bag never holds more of a variant than the store has", () => {
  const stocked = (variantId: string, quantityAvailable: number | null, quantity = 1): CartLine => ({
    ...line(variantId, "100.0", quantity),
    quantityAvailable,
  });

  it("adds up to the stock and no further; the line is then at its limit", () => {
    let state = cartRules.add(empty, stocked("a", 2));
    expect(atStockLimit(state.lines[0]!)).toBe(false);
    state = cartRules.add(state, stocked("a", 2));
    expect(state.lines[0]?.quantity).toBe(2);
    expect(atStockLimit(state.lines[0]!)).toBe(true);
    expect(cartRules.add(state, stocked("a", 2))).toEqual(state);
  });

  it("takes the newer word on the stock, and keeps the older one when the store said nothing", () => {
    let state = cartRules.add(empty, stocked("a", 3));
    state = cartRules.add(state, stocked("a", 1));
    expect(state.lines[0]).toMatchObject({ quantity: 1, quantityAvailable: 1 });
    state = cartRules.add(state, stocked("a", null));
    expect(state.lines[0]).toMatchObject({ quantity: 1, quantityAvailable: 1 });
  });

  it("sets a quantity no higher than the stock; a line the store gave no stock for has no limit", () => {
    const state = cartRules.add(cartRules.add(empty, stocked("a", 1)), line("b", "10"));
    expect(cartRules.setQuantity(state, "a", 2).lines[0]?.quantity).toBe(1);
    expect(cartRules.setQuantity(state, "b", 9).lines[1]?.quantity).toBe(9);
    expect(atStockLimit(state.lines[1]!)).toBe(false);
  });

  it("the store's answer cuts each short line to what is left and takes a sold-out one out of the bag", () => {
    const state = [stocked("a", 5, 3), stocked("b", 5, 2), stocked("c", 5, 1)].reduce(cartRules.add, empty);
    const after = cartRules.applyStock(state, [
      { merchandiseId: "a", available: 1 },
      { merchandiseId: "b", available: 0 },
    ]);
    expect(after.lines.map((l) => [l.variantId, l.quantity, l.quantityAvailable])).toEqual([
      ["a", 1, 1],
      ["c", 1, 5],
    ]);
    expect(atStockLimit(after.lines[0]!)).toBe(true);
  });
});

describe("wishlist rules (SPEC §4)", () => {
  const item = (id: string): WishlistItem => ({ id, handle: id, title: id, price: { amount: "100.0", currencyCode: "USD" } });
  it("ignores an item already present, and toggles", () => {
    let items = wishlistRules.add([], item("a"));
    items = wishlistRules.add(items, item("a"));
    expect(items).toHaveLength(1);
    items = wishlistRules.toggle(items, item("b"));
    expect(items.map((i) => i.id)).toEqual(["a", "b"]);
    items = wishlistRules.toggle(items, item("a"));
    expect(items.map((i) => i.id)).toEqual(["b"]);
  });
});

describe("prices (SPEC §9)", () => {
  it("read as currency code, dollar sign and two decimals", () => {
    expect(formatPrice({ amount: "1249.0", currencyCode: "USD" })).toBe("USD $1,249.00");
    expect(formatPrice({ amount: "89.5", currencyCode: "USD" })).toBe("USD $89.50");
  });
});
