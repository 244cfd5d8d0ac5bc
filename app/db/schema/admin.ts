import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "../columns";

/**
 * Row counts of the three admin tables, kept exact by statement-level
 * triggers (migration 0011), so the dashboard's count cards read one row
 * instead of counting a million. A statement adds or subtracts the size of
 * its transition table once, however many rows it touched.
 */
export const adminRowCounts = pgTable("admin_row_counts", {
  tableName: text("table_name").primaryKey(),
  rowCount: bigint("row_count", { mode: "number" }).notNull().default(0),
  updatedAt: updatedAt(),
});
