import { sql } from "drizzle-orm";
import { check, index, type AnyPgColumn, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, currencyCode, updatedAt } from "../columns";

/*
 * The built-in storefront (owned by modules/built-in-store; the orders placed from its carts are in ./orders.ts): the same catalogue a Shopify store would hold,
 * kept in our own database so the boutique runs without a Shopify account.
 * Money is numeric(12,2) with an ISO 4217 code beside it, as the Storefront
 * API's MoneyV2 has it.
 */

export const catalogueProducts = pgTable(
  "catalogue_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /**
     * What shoppers search (SPEC §5: title or description, any case), stored:
     * the planner then has real statistics for it (the trigram index for a
     * rare term, the featured order for a common one), and a scan compares
     * stored text instead of lowering every row again.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(title || ' ' || description)`),
    /** The "featured" order of the whole catalogue. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("catalogue_products_handle_idx").on(t.handle),
    check("catalogue_products_handle_check", sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.handle}) <= 255`),
    check("catalogue_products_title_check", sql`char_length(${t.title}) between 1 and 255`),
    index("catalogue_products_position_idx").on(t.position, t.id),
    index("catalogue_products_search_text_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A row that belongs to one product, and goes when the product goes. */
const productId = () =>
  uuid("product_id")
    .notNull()
    .references(() => catalogueProducts.id, { onDelete: "cascade" });

export const catalogueCollections = pgTable(
  "catalogue_collections",
  {
    handle: text("handle").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [check("catalogue_collections_handle_check", sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const catalogueProductCollections = pgTable(
  "catalogue_product_collections",
  {
    collectionHandle: text("collection_handle")
      .notNull()
      .references(() => catalogueCollections.handle, { onDelete: "cascade", onUpdate: "cascade" }),
    productId: productId(),
    /** The collection's own order (Shopify's COLLECTION_DEFAULT sort). */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionHandle, t.productId] }),
    index("catalogue_product_collections_order_idx").on(t.collectionHandle, t.position),
    index("catalogue_product_collections_product_idx").on(t.productId),
  ],
);

export const catalogueProductOptions = pgTable(
  "catalogue_product_options",
  {
    productId: productId(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** The option's values in display order (Size: XS, S, M...). */
    values: jsonb("values").$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    uniqueIndex("catalogue_product_options_name_idx").on(t.productId, t.name),
    check("catalogue_product_options_values_check", sql`jsonb_typeof(${t.values}) = 'array' and jsonb_array_length(${t.values}) > 0`),
  ],
);

export const catalogueProductVariants = pgTable(
  "catalogue_product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: productId(),
    position: integer("position").notNull(),
    /** Shopify's format: the option values joined by " / " ("M / Ivory"). */
    title: text("title").notNull(),
    sku: text("sku"),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    currencyCode: currencyCode(),
    selectedOptions: jsonb("selected_options").$type<{ name: string; value: string }[]>().notNull(),
    /** The picture of this variant (its colour); one of the product's images. */
    imageId: uuid("image_id").references((): AnyPgColumn => catalogueProductImages.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("catalogue_product_variants_position_idx").on(t.productId, t.position),
    index("catalogue_product_variants_image_idx").on(t.imageId),
    check("catalogue_product_variants_price_check", sql`${t.price} >= 0`),
    check("catalogue_product_variants_currency_check", sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
  ],
);

/** Stock on hand per variant; a variant is for sale while some is left. */
export const catalogueInventory = pgTable(
  "catalogue_inventory",
  {
    variantId: uuid("variant_id")
      .primaryKey()
      .references(() => catalogueProductVariants.id, { onDelete: "cascade" }),
    available: integer("available").notNull().default(0),
    updatedAt: updatedAt(),
  },
  // Orders take stock with a conditional update; the database refuses to go below zero whatever the code does.
  (t) => [check("catalogue_inventory_available_check", sql`${t.available} >= 0`)],
);

export const catalogueProductImages = pgTable(
  "catalogue_product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: productId(),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    altText: text("alt_text"),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [
    uniqueIndex("catalogue_product_images_position_idx").on(t.productId, t.position),
    check("catalogue_product_images_size_check", sql`(${t.width} is null or ${t.width} > 0) and (${t.height} is null or ${t.height} > 0)`),
  ],
);

/** A cart made by cartCreate; its checkout page lives on this site until an order is placed. */
export const catalogueCarts = pgTable("catalogue_carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

export const catalogueCartLines = pgTable(
  "catalogue_cart_lines",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => catalogueCarts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => catalogueProductVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.position] }),
    index("catalogue_cart_lines_variant_idx").on(t.variantId),
    check("catalogue_cart_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);
