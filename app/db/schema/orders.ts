import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, currencyCode } from "../columns";
import { ORDER_STATUSES } from "../constants";
import { oneOf } from "../sql-helpers";
import { catalogueCarts, catalogueProductVariants } from "./catalogue";

/*
 * Orders placed from the built-in store's carts (owned by modules/orders). The tables keep their catalogue_ names:
 * they were made with the catalogue's, and a name in the database is not worth a migration.
 */

export const catalogueOrders = pgTable(
  "catalogue_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the shopper and the staff quote; starts at 1001 like a new Shopify store. */
    orderNumber: integer("order_number").notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    /** One order per cart: placing the same checkout twice finds the first order. */
    cartId: uuid("cart_id").notNull(),
    status: text("status").notNull().default("pending"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    /** The signed-in customer; null for guests (accounts come later). */
    userId: text("user_id"),
    totalAmount: numeric("total_amount", { precision: 12, scale: 2 }).notNull(),
    currencyCode: currencyCode(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("catalogue_orders_order_number_idx").on(t.orderNumber),
    uniqueIndex("catalogue_orders_cart_idx").on(t.cartId),
    foreignKey({ columns: [t.cartId], foreignColumns: [catalogueCarts.id], name: "catalogue_orders_cart_fk" }),
    index("catalogue_orders_user_idx").on(t.userId, t.createdAt.desc()),
    index("catalogue_orders_created_at_idx").on(t.createdAt.desc()),
    check("catalogue_orders_status_check", oneOf(t.status, ORDER_STATUSES)),
    check(
      "catalogue_orders_customer_check",
      sql`char_length(${t.customerName}) between 1 and 100 and char_length(${t.customerEmail}) between 3 and 255`,
    ),
    check("catalogue_orders_total_check", sql`${t.totalAmount} >= 0`),
  ],
);

/** What was bought, copied at the time of the order so later catalogue edits do not rewrite history. */
export const catalogueOrderLines = pgTable(
  "catalogue_order_lines",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => catalogueOrders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    variantId: uuid("variant_id").references(() => catalogueProductVariants.id, { onDelete: "set null" }),
    productHandle: text("product_handle").notNull(),
    productTitle: text("product_title").notNull(),
    variantTitle: text("variant_title").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: numeric("unit_price", { precision: 12, scale: 2 }).notNull(),
    currencyCode: currencyCode(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index("catalogue_order_lines_variant_idx").on(t.variantId),
    check("catalogue_order_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);
