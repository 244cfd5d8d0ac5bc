// A signed-in customer's own rows. Every function takes the user id from
// the guard (requireUser), never from the form, and filters by it: a
// customer can read and change only their own profile and addresses. Her
// wishlist, requests, appointments and orders belong to their own modules
// (docs/architecture.md, "One owner per table"); deleting the account asks
// each of them to forget her.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { addresses, profiles, userRoles } from "~/db/schema/accounts";
import { users } from "~/db/schema/auth";
import { claimGuestDesignRequests, unlinkDesignRequestsOf } from "~/modules/design-requests/design-requests.server";
import { claimGuestFittings, unlinkAppointmentsOf } from "~/modules/fittings/fittings.server";
import { anonymiseOrdersOf } from "~/modules/orders/orders.server";
import { deleteWishlistOf } from "~/modules/wishlist/wishlist.server";
import type { AddressInput } from "./schema";
import { revokeAccountLinks } from "./account-links.server";

export async function getProfile(db: Executor, userId: string) {
  const [row] = await db.select({ fullName: profiles.fullName, phone: profiles.phone }).from(profiles).where(eq(profiles.userId, userId));
  return row ?? { fullName: null, phone: null };
}

/**
 * What the fitting and design forms start with for a signed-in shopper: her
 * profile's name (else her account's), her address and her phone. She may
 * change them for one request; her profile stays as it is.
 */
export async function contactDetails(db: Executor, user: { id: string; name: string; email: string }) {
  const profile = await getProfile(db, user.id);
  return { name: profile.fullName || user.name, email: user.email, phone: profile.phone ?? "" };
}

/**
 * Her verified address claims what she sent as a guest with it: fittings and
 * design requests with no owner and that email (any case) join her account,
 * each through its owner. Nothing for an address not yet verified.
 */
export async function claimGuestRecords(
  db: Executor,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<{ fittings: number; designRequests: number }> {
  if (!user.emailVerified) return { fittings: 0, designRequests: 0 };
  return {
    fittings: await claimGuestFittings(db, user.id, user.email),
    designRequests: await claimGuestDesignRequests(db, user.id, user.email),
  };
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
    await deleteWishlistOf(tx, userId);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await unlinkDesignRequestsOf(tx, userId);
    await unlinkAppointmentsOf(tx, userId);
    await anonymiseOrdersOf(tx, { userId, email: user?.email ?? null });
    // Reset and verification links and pending sign-ins name the user only by id: end them with it.
    await revokeAccountLinks(tx, userId);
    // Sessions, credentials, factors and passkeys cascade from the user row.
    await tx.delete(users).where(eq(users.id, userId));
  });
}
