import type { StockShortfall, StorefrontNotice } from "./types";

export type StorefrontErrorKind = "http" | "graphql" | "timeout" | "network" | "invalid-response" | "cart" | "stock";

/**
 * Every way a storefront call can fail, with SPEC §8's exact messages:
 * 'HTTP error! status: {code}', 'Error calling Shopify: {messages}',
 * 'Cart creation failed: {messages}', 'No checkout URL returned from Shopify'.
 */
export class StorefrontError extends Error {
  override name = "StorefrontError";
  readonly kind: StorefrontErrorKind;
  readonly status: number | undefined;
  readonly userErrors: { field: string[] | null; message: string }[];
  /** Set when the store answered 402 and so gave no cart. */
  readonly notice: StorefrontNotice | null;
  /** Set (kind "stock") when the store had less of some gowns than the bag asked for. */
  readonly stock: StockShortfall[];
  constructor(
    message: string,
    kind: StorefrontErrorKind,
    details: {
      status?: number;
      userErrors?: { field: string[] | null; message: string }[];
      notice?: StorefrontNotice | null;
      stock?: StockShortfall[];
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.userErrors = details.userErrors ?? [];
    this.notice = details.notice ?? null;
    this.stock = details.stock ?? [];
  }
}
