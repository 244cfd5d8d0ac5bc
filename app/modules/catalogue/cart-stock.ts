import type { CatalogueCartCreateMutation } from "./storefront-operations.generated";
import type { CartLineInput, StockShortfall } from "./types";

type AnsweredCart = NonNullable<NonNullable<CatalogueCartCreateMutation["cartCreate"]>["cart"]>;

/**
 * The bag lines a cartCreate answer could not fill, read from the answer
 * alone: since Storefront API 2024-10 a store short of stock makes the cart
 * with what it has and says so in `warnings` (MERCHANDISE_NOT_ENOUGH_STOCK,
 * MERCHANDISE_OUT_OF_STOCK). The warnings' targets are cart lines, which a
 * line left out no longer has, so each asked-for variant is compared instead
 * with what the cart's lines hold of it (nothing, for a line left out) and
 * with the `quantityAvailable` the store reports. In the bag's order.
 */
export function stockShortfalls(asked: CartLineInput[], cart: AnsweredCart): StockShortfall[] {
  const held = new Map<string, { quantity: number; quantityAvailable: number | null; name: string }>();
  for (const { node } of cart.lines.edges) {
    const { merchandise } = node;
    const entry = held.get(merchandise.id);
    if (entry) entry.quantity += node.quantity;
    else
      held.set(merchandise.id, {
        quantity: node.quantity,
        quantityAvailable: merchandise.quantityAvailable,
        name: `${merchandise.product.title} (${merchandise.title})`,
      });
  }
  const wanted = new Map<string, number>();
  for (const line of asked) wanted.set(line.merchandiseId, (wanted.get(line.merchandiseId) ?? 0) + line.quantity);
  const shortfalls: StockShortfall[] = [];
  for (const [merchandiseId, quantity] of wanted) {
    const line = held.get(merchandiseId);
    const got = line?.quantity ?? 0;
    const available = Math.max(0, Math.min(got, line?.quantityAvailable ?? got));
    if (available < quantity) shortfalls.push({ merchandiseId, available, name: line?.name ?? null });
  }
  return shortfalls;
}
