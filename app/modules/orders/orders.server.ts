import { startPeriodicJob, type PeriodicJob } from "~/lib/periodic-job.server";
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { catalogueOrderLines, catalogueOrders } from "~/db/schema/orders";
import { moneyFromCents, toCents } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import {
  cartExists,
  cartLinesWithStock,
  checkoutUrlFor,
  productImagesOf,
  returnStock,
  stockOf,
  takeStock,
  versionedImageUrl,
} from "~/modules/built-in-store/built-in-store.server";
import { stockMessage } from "~/modules/catalogue/catalogue";
import type { ProductImage } from "~/modules/catalogue/types";
import { enqueueMail } from "~/modules/mail/mail.server";
import { orderConfirmationMail } from "./order-mail";
import type { CheckoutView, Order, OrderStatus, PlaceOrderInput, PlaceOrderResult } from "./types";

/** The transaction an order is placed in. */
export type OrderTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface PlaceOrderOptions {
  /**
   * Runs inside the order's transaction once the order and its mail are
   * recorded: whatever it writes commits with the order or not at all.
   */
  onPlaced?: (tx: OrderTransaction, order: Order) => Promise<unknown>;
}

/**
 * The orders module: the built-in store's checkout page, placing an order
 * (stock, order rows and confirmation mail in one transaction), reading one,
 * and a customer's order history.
 */

const money = moneyFromCents;

async function loadOrder(db: Executor, where: ReturnType<typeof eq>): Promise<Order | null> {
  const [order] = await db.select().from(catalogueOrders).where(where).limit(1);
  if (!order) return null;
  const lines = await db
    .select()
    .from(catalogueOrderLines)
    .where(eq(catalogueOrderLines.orderId, order.id))
    .orderBy(asc(catalogueOrderLines.position));
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    date: order.createdAt.toISOString(),
    total: money(toCents(order.totalAmount), order.currencyCode),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    userId: order.userId,
    lines: lines.map((l) => ({
      productHandle: l.productHandle,
      productTitle: l.productTitle,
      variantTitle: l.variantTitle,
      quantity: l.quantity,
      unitPrice: money(toCents(l.unitPrice), l.currencyCode),
    })),
  };
}

/** One order by its id, or null. */
export function getOrder(db: Executor, orderId: string): Promise<Order | null> {
  if (!isUuid(orderId)) return Promise.resolve(null);
  return loadOrder(db, eq(catalogueOrders.id, orderId));
}

function lineProblem(line: { available: number; quantity: number; productTitle: string; variantTitle: string }): string | null {
  const name = `${line.productTitle} (${line.variantTitle})`;
  if (line.available <= 0) return `${name} has sold out since it went in your bag.`;
  if (line.quantity > line.available) return stockMessage(name, line.available);
  return null;
}

/** The checkout page of a built-in cart, or null when there is no such cart. */
export async function getCheckout(db: Executor, cartId: string): Promise<CheckoutView | null> {
  if (!isUuid(cartId)) return null;
  if (!(await cartExists(db, cartId))) return null;
  const order = await loadOrder(db, eq(catalogueOrders.cartId, cartId));
  const rows = await cartLinesWithStock(db, cartId);
  // Each line shows its variant's own picture (the gown in the chosen colour), else the product's first.
  const images = await productImagesOf(db, [...new Set(rows.map((r) => r.productId))]);
  const asImage = (i: (typeof images)[number]): ProductImage => ({
    url: versionedImageUrl(i.url),
    altText: i.altText,
    width: i.width,
    height: i.height,
  });
  const imageFor = (row: { productId: string; variantImageId: string | null }) => {
    const own = row.variantImageId ? images.find((i) => i.id === row.variantImageId) : undefined;
    const first = images.find((i) => i.productId === row.productId);
    return own ? asImage(own) : first ? asImage(first) : null;
  };
  if (order) {
    // Once placed, the page shows what was bought at the price paid, whatever the catalogue says now.
    const imageByLine = new Map(rows.map((r) => [`${r.productHandle}/${r.variantTitle}`, imageFor(r)]));
    const lines = order.lines.map((l) => ({
      ...l,
      lineTotal: money(toCents(l.unitPrice.amount) * l.quantity, l.unitPrice.currencyCode),
      image: imageByLine.get(`${l.productHandle}/${l.variantTitle}`) ?? null,
      problem: null,
    }));
    return { cartId, lines, totalQuantity: lines.reduce((n, l) => n + l.quantity, 0), total: order.total, order };
  }
  let totalCents = 0;
  let totalQuantity = 0;
  const currencyCode = rows[0]?.currencyCode ?? "USD";
  const lines = rows.map((r) => {
    const unit = toCents(r.price);
    totalCents += unit * r.quantity;
    totalQuantity += r.quantity;
    return {
      productHandle: r.productHandle,
      productTitle: r.productTitle,
      variantTitle: r.variantTitle,
      quantity: r.quantity,
      unitPrice: money(unit, r.currencyCode),
      lineTotal: money(unit * r.quantity, r.currencyCode),
      image: imageFor(r),
      problem: lineProblem(r),
    };
  });
  return { cartId, lines, totalQuantity, total: money(totalCents, currencyCode), order };
}

class OrderRefused extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super("order refused");
    this.problems = problems;
  }
}

/**
 * Places the order for a built-in cart: in one transaction it checks and
 * takes the stock of every line and records the order with copies of what
 * was bought, and queues the shopper's confirmation mail. If any line
 * cannot be had, nothing is taken, stored or sent.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput, options: PlaceOrderOptions = {}): Promise<PlaceOrderResult> {
  if (!isUuid(input.cartId)) return { status: "not-found" };
  try {
    return await db.transaction(async (tx) => {
      // Serialises two submits of the same checkout; the unique cart index backs this up.
      if (!(await cartExists(tx, input.cartId, { lock: true }))) return { status: "not-found" } as const;
      const existing = await loadOrder(tx, eq(catalogueOrders.cartId, input.cartId));
      if (existing) return { status: "already-placed", order: existing } as const;

      const lines = await cartLinesWithStock(tx, input.cartId);
      if (lines.length === 0) return { status: "not-found" } as const;
      const problems: string[] = [];
      // Stock rows are taken in one global order so two concurrent orders cannot deadlock.
      for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
        if (!(await takeStock(tx, line.variantId, line.quantity))) {
          problems.push(
            lineProblem({ ...line, available: await stockOf(tx, line.variantId) }) ??
              `${line.productTitle} (${line.variantTitle}) is no longer available.`,
          );
        }
      }
      if (problems.length > 0) throw new OrderRefused(problems);

      const currencyCode = lines[0]!.currencyCode;
      const totalCents = lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0);
      const [order] = await tx
        .insert(catalogueOrders)
        .values({
          cartId: input.cartId,
          customerName: input.customerName,
          customerEmail: input.customerEmail,
          userId: input.userId,
          totalAmount: (totalCents / 100).toFixed(2),
          currencyCode,
        })
        .returning({ id: catalogueOrders.id });
      await tx.insert(catalogueOrderLines).values(
        lines.map((l, position) => ({
          orderId: order!.id,
          position,
          variantId: l.variantId,
          productHandle: l.productHandle,
          productTitle: l.productTitle,
          variantTitle: l.variantTitle,
          quantity: l.quantity,
          unitPrice: (toCents(l.price) / 100).toFixed(2),
          currencyCode: l.currencyCode,
        })),
      );
      const placed = (await loadOrder(tx, eq(catalogueOrders.id, order!.id)))!;
      // The confirmation is queued in the order's own transaction: no order without its mail, no mail without an order.
      await enqueueMail(tx, orderConfirmationMail(placed, checkoutUrlFor(input.siteUrl, input.cartId), input.holdHours));
      await options.onPlaced?.(tx, placed);
      return { status: "placed", order: placed } as const;
    });
  } catch (error) {
    if (error instanceof OrderRefused) return { status: "unavailable", problems: error.problems };
    throw error;
  }
}

/** Newest first: what an account page lists. */
const HISTORY_LIMIT = 100;

/**
 * A customer's orders, newest first: those placed while signed in as
 * `userId`, and, when `email` is given, guest orders placed with that
 * address (any case). Pass an email only once the customer has shown it is
 * theirs.
 */
export async function listOrdersForCustomer(db: Executor, customer: { userId?: string | null; email?: string | null }): Promise<Order[]> {
  const conditions = [];
  if (customer.userId) conditions.push(eq(catalogueOrders.userId, customer.userId));
  const email = customer.email?.trim().toLowerCase();
  if (email) conditions.push(sql`lower(${catalogueOrders.customerEmail}) = ${email}`);
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ id: catalogueOrders.id })
    .from(catalogueOrders)
    .where(or(...conditions))
    .orderBy(desc(catalogueOrders.createdAt), desc(catalogueOrders.orderNumber))
    .limit(HISTORY_LIMIT);
  const orders = await Promise.all(rows.map((r) => loadOrder(db, eq(catalogueOrders.id, r.id))));
  return orders.filter((o): o is Order => o !== null);
}

/**
 * "Delete my account": her orders stay for the books, with the name and address replaced and the link to her gone:
 * those placed signed in as `userId` and, given her `email`, the guest orders placed with it (any case). Called in
 * the deletion's transaction.
 */
export async function anonymiseOrdersOf(tx: Executor, customer: { userId: string; email: string | null }): Promise<void> {
  const anonymised = { userId: null, customerName: "Deleted customer", customerEmail: "deleted@invalid" };
  await tx.update(catalogueOrders).set(anonymised).where(eq(catalogueOrders.userId, customer.userId));
  if (customer.email !== null)
    await tx
      .update(catalogueOrders)
      .set(anonymised)
      .where(sql`lower(${catalogueOrders.customerEmail}) = ${customer.email.toLowerCase()}`);
}

/**
 * Gives back the stock of reserved orders nobody came to pay for: every
 * `pending` order placed more than `holdMs` ago becomes `cancelled` and its
 * units return to the shelf, in one transaction per sweep. Returns the
 * order numbers released.
 */
export async function releaseExpiredHolds(db: Database, holdMs: number, now = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - holdMs);
  return db.transaction(async (tx) => {
    // Locked, and skipped when another instance's sweep holds them: each order is released once.
    const expired = await tx
      .select({ id: catalogueOrders.id, orderNumber: catalogueOrders.orderNumber })
      .from(catalogueOrders)
      .where(and(eq(catalogueOrders.status, "pending"), lt(catalogueOrders.createdAt, cutoff)))
      .orderBy(asc(catalogueOrders.createdAt))
      .limit(RELEASE_BATCH)
      .for("update", { skipLocked: true });
    if (expired.length === 0) return [];
    const ids = expired.map((o) => o.id);
    await tx.update(catalogueOrders).set({ status: "cancelled" }).where(inArray(catalogueOrders.id, ids));
    const units = await tx
      .select({ variantId: catalogueOrderLines.variantId, quantity: sql<number>`sum(${catalogueOrderLines.quantity})`.mapWith(Number) })
      .from(catalogueOrderLines)
      .where(inArray(catalogueOrderLines.orderId, ids))
      .groupBy(catalogueOrderLines.variantId)
      .orderBy(asc(catalogueOrderLines.variantId));
    for (const line of units) {
      if (!line.variantId) continue;
      await returnStock(tx, line.variantId, line.quantity);
    }
    return expired.map((o) => o.orderNumber);
  });
}

const RELEASE_BATCH = 500;

/** Releases expired holds every `everyMs` (and once at start), telling `onReleased` what it gave back. */
export function startHoldSweeper(options: {
  db: Database;
  holdMs: number;
  everyMs: number;
  onReleased: (orderNumbers: number[]) => void;
  onError: (error: unknown) => void;
}): PeriodicJob<number[]> {
  return startPeriodicJob({
    everyMs: options.everyMs,
    fallback: [],
    onError: options.onError,
    run: async () => {
      let released: number[] = [];
      // Batches until a sweep finds nothing more to release.
      for (let batch = await releaseExpiredHolds(options.db, options.holdMs); batch.length > 0;) {
        released = released.concat(batch);
        if (batch.length < RELEASE_BATCH) break;
        batch = await releaseExpiredHolds(options.db, options.holdMs);
      }
      if (released.length > 0) options.onReleased(released);
      return released;
    },
  });
}
