import { index, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns";

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    productId: text("product_id").notNull(),
    productHandle: text("product_handle").notNull(),
    productTitle: text("product_title").notNull(),
    productImageUrl: text("product_image_url"),
    priceAmount: numeric("price_amount", { precision: 12, scale: 2 }).notNull(),
    priceCurrency: text("price_currency").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wishlist_items_user_product_idx").on(t.userId, t.productId),
    index("wishlist_items_user_created_at_idx").on(t.userId, t.createdAt.desc()),
  ],
);
