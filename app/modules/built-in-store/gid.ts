import { isUuid } from "~/lib/uuid";

/**
 * Global ids in Shopify's form (gid://shopify/Product/123), with our own
 * namespace so an id from the built-in store is never mistaken for one from
 * a Shopify store.
 */
const NAMESPACE = "gid://hive/";

export type GidType = "Product" | "ProductVariant" | "Cart" | "CartLine" | "Order";

export function gid(type: GidType, id: string): string {
  return `${NAMESPACE}${type}/${id}`;
}

/** The row id inside a built-in gid of this type, or null for anything else. */
export function parseGid(value: unknown, type: GidType): string | null {
  if (typeof value !== "string") return null;
  const prefix = `${NAMESPACE}${type}/`;
  if (!value.startsWith(prefix)) return null;
  const id = value.slice(prefix.length).toLowerCase();
  return isUuid(id) ? id : null;
}
