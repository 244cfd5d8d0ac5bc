import type { ORDER_STATUSES } from "~/db/constants";
import type { Money } from "~/lib/money";
import type { ProductImage } from "~/modules/catalogue/types";

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Reserved: pay in the boutique",
  paid: "Paid",
  fulfilled: "Collected",
  cancelled: "Cancelled",
};

export interface OrderLine {
  productHandle: string;
  productTitle: string;
  variantTitle: string;
  quantity: number;
  unitPrice: Money;
}

/** An order placed on the built-in store's checkout (SPEC §3 order history entry, plus its lines). */
export interface Order {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  /** ISO 8601. */
  date: string;
  total: Money;
  customerName: string;
  customerEmail: string;
  userId: string | null;
  lines: OrderLine[];
}

export interface CheckoutLine {
  productHandle: string;
  productTitle: string;
  variantTitle: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
  image: ProductImage | null;
  /** Why this line cannot be bought as it stands (sold out since it was added, or less left), else null. */
  problem: string | null;
}

export interface CheckoutView {
  cartId: string;
  lines: CheckoutLine[];
  totalQuantity: number;
  total: Money;
  /** Set once the order is placed: the page then shows the confirmation. */
  order: Order | null;
}

export interface PlaceOrderInput {
  cartId: string;
  customerName: string;
  customerEmail: string;
  userId: string | null;
  /** This site's public address (APP_URL): the confirmation mail links to the order's page on it. */
  siteUrl: string;
  /** How long the reservation holds (ORDER_HOLD_HOURS); the mail says so. */
  holdHours?: number;
}

export type PlaceOrderResult =
  | { status: "placed"; order: Order }
  /** The cart's order already exists (a second submit, or two tabs): nothing new is stored. */
  | { status: "already-placed"; order: Order }
  | { status: "not-found" }
  | { status: "unavailable"; problems: string[] };
