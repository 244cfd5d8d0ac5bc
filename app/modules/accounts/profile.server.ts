// A signed-in customer's own rows. Every function takes the user id from
// the guard (requireUser), never from the form, and filters by it: a
// customer can read and change only their own profile, addresses,
// wishlist, requests, appointments and orders.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { addresses, profiles, userRoles } from "~/db/schema/accounts";
import { users } from "~/db/schema/auth";
import { catalogueOrders } from "~/db/schema/catalogue";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { wishlistItems } from "~/db/schema/wishlist";
import type { AddressInput } from "./schema";
import { revokeAccountLinks } from "./account-links.server";

export async function getProfile(db: Executor, userId: string) {
  const [row] = await db.select({ fullName: profiles.fullName, phone: profiles.phone }).from(profiles).where(eq(profiles.userId, userId));
  return row ?? { fullName: null, phone: null };
}

export async function saveProfile(db: Executor, userId: string, input: { fullName: string; phone: string | null }) {
  await db
    .insert(profiles)
    .values({ userId, fullName: input.fullName, phone: input.phone })
    .onConflictDoUpdate({ target: profiles.userId, set: { fullName: input.fullName, phone: input.phone, updatedAt: sql`now()` } });
}

/** SPEC §7: default first, then newest. */
export function listAddresses(db: Executor, userId: string) {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.createdAt));
}

/** Adds or (with an id the customer owns) changes an address; a new default of a type clears the old one. Null: no such address of theirs. */
export async function saveAddress(
  db: Database,
  userId: string,
  input: AddressInput,
  id: string | null,
): Promise<"added" | "updated" | null> {
  return db.transaction(async (tx) => {
    if (input.isDefault) {
      const others = and(eq(addresses.userId, userId), eq(addresses.addressType, input.addressType), eq(addresses.isDefault, true));
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(id ? and(others, sql`${addresses.id} <> ${id}`) : others);
    }
    if (id) {
      const changed = await tx
        .update(addresses)
        .set(input)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return changed.length ? "updated" : null;
    }
    await tx.insert(addresses).values({ ...input, userId });
    return "added";
  });
}

export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return gone.length > 0;
}

export function listWishlist(db: Executor, userId: string) {
  return db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(desc(wishlistItems.createdAt));
}

export interface WishlistRow {
  productId: string;
  productHandle: string;
  productTitle: string;
  productImageUrl: string | null;
  priceAmount: string;
  priceCurrency: string;
}

/** SPEC §7 "upsert per item": adding one already there changes nothing. */
export async function upsertWishlistItems(db: Executor, userId: string, items: readonly WishlistRow[]) {
  if (items.length === 0) return;
  await db
    .insert(wishlistItems)
    .values(items.map((item) => ({ ...item, userId })))
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] });
}

export async function removeWishlistItem(db: Executor, userId: string, productId: string): Promise<boolean> {
  const gone = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  return gone.length > 0;
}

export function listDesignRequests(db: Executor, userId: string) {
  return db
    .select({
      id: customDesignSubmissions.id,
      eventType: customDesignSubmissions.eventType,
      eventDate: customDesignSubmissions.eventDate,
      status: customDesignSubmissions.status,
      createdAt: customDesignSubmissions.createdAt,
    })
    .from(customDesignSubmissions)
    .where(eq(customDesignSubmissions.userId, userId))
    .orderBy(desc(customDesignSubmissions.createdAt));
}

export function listAppointments(db: Executor, userId: string) {
  return db
    .select({
      id: appointments.id,
      appointmentType: appointments.appointmentType,
      preferredDate: appointments.preferredDate,
      preferredTime: appointments.preferredTime,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.preferredDate));
}

/**
 * "Delete my account": the person's rows go (profile, addresses, wishlist,
 * roles; sessions, passkeys and factors with the user), their requests and
 * appointments lose the link to them, and their orders stay for the books
 * with the name and address replaced.
 */
export async function deleteAccount(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await tx.delete(profiles).where(eq(profiles.userId, userId));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.update(customDesignSubmissions).set({ userId: null }).where(eq(customDesignSubmissions.userId, userId));
    await tx.update(appointments).set({ userId: null }).where(eq(appointments.userId, userId));
    const anonymised = { userId: null, customerName: "Deleted customer", customerEmail: "deleted@invalid" };
    await tx.update(catalogueOrders).set(anonymised).where(eq(catalogueOrders.userId, userId));
    if (user)
      await tx
        .update(catalogueOrders)
        .set(anonymised)
        .where(sql`lower(${catalogueOrders.customerEmail}) = ${user.email.toLowerCase()}`);
    // Reset and verification links and pending sign-ins name the user only by id: end them with it.
    await revokeAccountLinks(tx, userId);
    // Sessions, credentials, factors and passkeys cascade from the user row.
    await tx.delete(users).where(eq(users.id, userId));
  });
}
