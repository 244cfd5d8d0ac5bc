import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";

/** The transaction an order is placed in, as db.transaction hands it over. */
export type OrderTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
import {
  catalogueCartLines,
  catalogueCarts,
  catalogueInventory,
  catalogueOrderLines,
  catalogueOrders,
  catalogueProductImages,
  catalogueProducts,
  catalogueProductVariants,
} from "~/db/schema/catalogue";
import { versionedImageUrl } from "./art-version";
import { gid, isUuid, parseGid } from "./gid";
import { fromCents, toCents } from "./money";
import type { Money, Order, OrderStatus, ProductImage } from "./types";

/** SPEC §9: the storefront reads up to 100 cart lines, so a cart holds no more. */
export const MAX_CART_LINES = 100;

export interface CartCreateInput {
  lines?: { merchandiseId: string; quantity?: number | null }[] | null;
}

interface UserError {
  field: string[] | null;
  message: string;
}

export function checkoutUrlFor(siteUrl: string, cartId: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/checkout/${cartId}`;
}

/** The variants a set of ids names, with what a cart or an order needs to know about each. */
async function loadVariants(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, Awaited<ReturnType<typeof queryVariants>>[number]>();
  const rows = await queryVariants(db, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

function queryVariants(db: Executor, ids: string[]) {
  return db
    .select({
      id: catalogueProductVariants.id,
      title: catalogueProductVariants.title,
      price: catalogueProductVariants.price,
      currencyCode: catalogueProductVariants.currencyCode,
      productId: catalogueProducts.id,
      productTitle: catalogueProducts.title,
      productHandle: catalogueProducts.handle,
      available: sql<number>`coalesce(${catalogueInventory.available}, 0)`.mapWith(Number),
    })
    .from(catalogueProductVariants)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueProductVariants.productId))
    .leftJoin(catalogueInventory, eq(catalogueInventory.variantId, catalogueProductVariants.id))
    .where(inArray(catalogueProductVariants.id, ids));
}

/** Errors are reported in the order of the lines they concern, as the shopper sees the bag. */
const lineIndex = (error: UserError) => Number(error.field?.[2] ?? -1);

const itemName = (v: { productTitle: string; title: string }) => `${v.productTitle} (${v.title})`;

/**
 * cartCreate on the built-in store. Like Shopify it answers problems with
 * the request as userErrors (unknown or sold-out merchandise, a quantity
 * below 1 or above the stock), never as a failure, and makes no cart then.
 */
export async function createBuiltInCart(db: Database, input: CartCreateInput, siteUrl: string) {
  const lines = input.lines ?? [];
  const userErrors: UserError[] = [];
  if (lines.length === 0)
    return { cart: null, userErrors: [{ field: ["input", "lines"], message: "Add at least one item to the cart to check out." }] };
  if (lines.length > MAX_CART_LINES)
    return { cart: null, userErrors: [{ field: ["input", "lines"], message: `A cart holds at most ${MAX_CART_LINES} lines.` }] };

  // Shopify merges lines for the same merchandise; so do we, keeping the first line's place.
  const wanted = new Map<string, { quantity: number; index: number; merchandiseId: string }>();
  lines.forEach((line, index) => {
    const quantity = line.quantity ?? 1;
    const variantId = parseGid(line.merchandiseId, "ProductVariant");
    if (!Number.isInteger(quantity) || quantity < 1) {
      userErrors.push({ field: ["input", "lines", String(index), "quantity"], message: "The quantity must be at least 1." });
      return;
    }
    if (!variantId) {
      userErrors.push({
        field: ["input", "lines", String(index), "merchandiseId"],
        message: `The merchandise with id ${line.merchandiseId} does not exist.`,
      });
      return;
    }
    const existing = wanted.get(variantId);
    if (existing) existing.quantity += quantity;
    else wanted.set(variantId, { quantity, index, merchandiseId: line.merchandiseId });
  });

  const variants = await loadVariants(db, [...wanted.keys()]);
  for (const [variantId, line] of wanted) {
    const variant = variants.get(variantId);
    const field = ["input", "lines", String(line.index), variant ? "quantity" : "merchandiseId"];
    if (!variant) userErrors.push({ field, message: `The merchandise with id ${line.merchandiseId} does not exist.` });
    else if (variant.available <= 0) userErrors.push({ field, message: `${itemName(variant)} is sold out.` });
    else if (line.quantity > variant.available)
      userErrors.push({ field, message: `Only ${variant.available} left of ${itemName(variant)}.` });
  }
  const currencies = new Set([...variants.values()].map((v) => v.currencyCode));
  if (currencies.size > 1)
    userErrors.push({ field: ["input", "lines"], message: "Every item in a cart must be priced in the same currency." });
  if (userErrors.length > 0) return { cart: null, userErrors: userErrors.sort((a, b) => lineIndex(a) - lineIndex(b)) };

  const ordered = [...wanted].sort(([, a], [, b]) => a.index - b.index);
  const cartId = await db.transaction(async (tx) => {
    const [cart] = await tx.insert(catalogueCarts).values({}).returning({ id: catalogueCarts.id });
    await tx
      .insert(catalogueCartLines)
      .values(ordered.map(([variantId, line], position) => ({ cartId: cart!.id, position, variantId, quantity: line.quantity })));
    return cart!.id;
  });

  let totalCents = 0;
  let totalQuantity = 0;
  const currencyCode = [...currencies][0] ?? "USD";
  const edges = ordered.map(([variantId, line], position) => {
    const variant = variants.get(variantId)!;
    totalCents += toCents(variant.price) * line.quantity;
    totalQuantity += line.quantity;
    return {
      node: {
        __typename: "CartLine",
        id: gid("CartLine", `${cartId}-${position}`),
        quantity: line.quantity,
        merchandise: { __typename: "ProductVariant", id: gid("ProductVariant", variantId), title: variant.title },
      },
    };
  });
  return {
    cart: {
      id: gid("Cart", cartId),
      checkoutUrl: checkoutUrlFor(siteUrl, cartId),
      totalQuantity,
      cost: { totalAmount: { amount: fromCents(totalCents), currencyCode } },
      lines: ({ first }: { first?: number | null }) => ({ edges: edges.slice(0, first ?? MAX_CART_LINES) }),
    },
    userErrors: [],
  };
}

// ---------------------------------------------------------------------------
// The checkout page

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

const money = (cents: number, currencyCode: string): Money => ({ amount: fromCents(cents), currencyCode });

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

export function getOrder(db: Executor, orderId: string): Promise<Order | null> {
  if (!isUuid(orderId)) return Promise.resolve(null);
  return loadOrder(db, eq(catalogueOrders.id, orderId));
}

async function cartLines(db: Executor, cartId: string) {
  return db
    .select({
      position: catalogueCartLines.position,
      variantId: catalogueCartLines.variantId,
      quantity: catalogueCartLines.quantity,
      variantTitle: catalogueProductVariants.title,
      variantImageId: catalogueProductVariants.imageId,
      price: catalogueProductVariants.price,
      currencyCode: catalogueProductVariants.currencyCode,
      productId: catalogueProducts.id,
      productTitle: catalogueProducts.title,
      productHandle: catalogueProducts.handle,
      available: sql<number>`coalesce(${catalogueInventory.available}, 0)`.mapWith(Number),
    })
    .from(catalogueCartLines)
    .innerJoin(catalogueProductVariants, eq(catalogueProductVariants.id, catalogueCartLines.variantId))
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueProductVariants.productId))
    .leftJoin(catalogueInventory, eq(catalogueInventory.variantId, catalogueCartLines.variantId))
    .where(eq(catalogueCartLines.cartId, cartId))
    .orderBy(asc(catalogueCartLines.position));
}

function lineProblem(line: { available: number; quantity: number; productTitle: string; variantTitle: string }): string | null {
  const name = `${line.productTitle} (${line.variantTitle})`;
  if (line.available <= 0) return `${name} has sold out since it went in your bag.`;
  if (line.quantity > line.available) return `Only ${line.available} left of ${name}.`;
  return null;
}

/** The checkout page of a built-in cart, or null when there is no such cart. */
export async function getCheckout(db: Executor, cartId: string): Promise<CheckoutView | null> {
  if (!isUuid(cartId)) return null;
  const [cart] = await db.select({ id: catalogueCarts.id }).from(catalogueCarts).where(eq(catalogueCarts.id, cartId)).limit(1);
  if (!cart) return null;
  const order = await loadOrder(db, eq(catalogueOrders.cartId, cartId));
  const rows = await cartLines(db, cartId);
  // Each line shows its variant's own picture (the gown in the chosen colour), else the product's first.
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const images = productIds.length
    ? await db
        .select()
        .from(catalogueProductImages)
        .where(inArray(catalogueProductImages.productId, productIds))
        .orderBy(asc(catalogueProductImages.productId), asc(catalogueProductImages.position))
    : [];
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

export interface PlaceOrderInput {
  cartId: string;
  customerName: string;
  customerEmail: string;
  userId: string | null;
}

export interface PlaceOrderOptions {
  /**
   * Runs inside the order's transaction once it is recorded: whatever it
   * writes (the confirmation mail in the outbox) commits with the order or
   * not at all.
   */
  onPlaced?: (tx: OrderTransaction, order: Order) => Promise<unknown>;
}

export type PlaceOrderResult =
  | { status: "placed"; order: Order }
  /** The cart's order already exists (a second submit, or two tabs): nothing new is stored. */
  | { status: "already-placed"; order: Order }
  | { status: "not-found" }
  | { status: "unavailable"; problems: string[] };

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
 * was bought. If any line cannot be had, nothing is taken or stored.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput, options: PlaceOrderOptions = {}): Promise<PlaceOrderResult> {
  if (!isUuid(input.cartId)) return { status: "not-found" };
  try {
    return await db.transaction(async (tx) => {
      // Serialises two submits of the same checkout; the unique cart index backs this up.
      const [cart] = await tx
        .select({ id: catalogueCarts.id })
        .from(catalogueCarts)
        .where(eq(catalogueCarts.id, input.cartId))
        .for("update");
      if (!cart) return { status: "not-found" } as const;
      const existing = await loadOrder(tx, eq(catalogueOrders.cartId, input.cartId));
      if (existing) return { status: "already-placed", order: existing } as const;

      const lines = await cartLines(tx, input.cartId);
      if (lines.length === 0) return { status: "not-found" } as const;
      const problems: string[] = [];
      // Stock rows are taken in one global order so two concurrent orders cannot deadlock.
      for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
        const taken = await tx
          .update(catalogueInventory)
          .set({ available: sql`${catalogueInventory.available} - ${line.quantity}`, updatedAt: new Date() })
          .where(and(eq(catalogueInventory.variantId, line.variantId), gte(catalogueInventory.available, line.quantity)))
          .returning({ available: catalogueInventory.available });
        if (taken.length === 0) {
          const [now] = await tx
            .select({ available: catalogueInventory.available })
            .from(catalogueInventory)
            .where(eq(catalogueInventory.variantId, line.variantId));
          problems.push(
            lineProblem({ ...line, available: now?.available ?? 0 }) ??
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
      await options.onPlaced?.(tx, placed);
      return { status: "placed", order: placed } as const;
    });
  } catch (error) {
    if (error instanceof OrderRefused) return { status: "unavailable", problems: error.problems };
    throw error;
  }
}
