import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../columns";
import { ADDRESS_TYPES, ROLES } from "../constants";
import { oneOf } from "../sql-helpers";

export const profiles = pgTable("profiles", {
  userId: text("user_id").primaryKey(),
  fullName: text("full_name"),
  phone: text("phone"),
  updatedAt: updatedAt(),
});

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    addressType: text("address_type").notNull().default("shipping"),
    fullName: text("full_name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("US"),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("addresses_type_check", oneOf(t.addressType, ADDRESS_TYPES)),
    index("addresses_user_idx").on(t.userId, t.isDefault.desc(), t.createdAt.desc()),
    // At most one default address of each type per customer.
    uniqueIndex("addresses_one_default_idx")
      .on(t.userId, t.addressType)
      .where(sql`${t.isDefault}`),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id").notNull(),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check("user_roles_role_check", oneOf(t.role, ROLES))],
);
