// The secrets Better Auth keeps for an account between two requests: reset
// links, verification links, a sign-in waiting for its second factor. They
// all live in Better Auth's `verifications` table with the user's id as
// their value, so one statement ends every one of them (decision 0020).
import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { verifications } from "~/db/schema/auth";

/** How long a verification link works: Better Auth's own default lifetime of its token. */
export const VERIFICATION_LINK_SECONDS = 3600;

const VERIFICATION_PREFIX = "email-verification:";

function verificationIdentifier(token: string) {
  return `${VERIFICATION_PREFIX}${createHash("sha256").update(token, "utf8").digest("base64url")}`;
}

/**
 * Better Auth's verification tokens are signed and stateless; we also keep
 * a hash of each one mailed, so that a link can be used once and ended
 * early (a new password, a deleted account).
 */
export async function recordVerificationLink(db: Database, userId: string, token: string): Promise<void> {
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: verificationIdentifier(token),
    value: userId,
    expiresAt: new Date(Date.now() + VERIFICATION_LINK_SECONDS * 1000),
  });
}

/** Whether a mailed verification link is still one to honour: recorded, unused, not ended, not expired. */
export async function isLiveVerificationLink(db: Database, token: string): Promise<boolean> {
  const rows = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, verificationIdentifier(token)), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** A verification link works once. */
export async function consumeVerificationLink(db: Database, token: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, verificationIdentifier(token)));
}

/**
 * Ends every reset link, verification link, pending two-factor sign-in and
 * trusted device of an account: after a reset, a new password, or its deletion.
 */
export async function revokeAccountLinks(db: Pick<Database, "delete">, userId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.value, userId));
}

/** The account a pending two-factor sign-in belongs to, from the identifier its cookie carries; null for anything else. */
export async function pendingTwoFactorUser(db: Database, identifier: string): Promise<string | null> {
  if (!/^2fa-[\w-]{1,64}$/.test(identifier)) return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date()), like(verifications.identifier, "2fa-%")))
    .limit(1);
  return row?.userId ?? null;
}

/** How many wrong codes a pending two-factor sign-in has had (Better Auth's own count), or null once it has ended. */
export async function twoFactorCodesTried(db: Database, identifier: string): Promise<number | null> {
  if ((await pendingTwoFactorUser(db, identifier)) === null) return null;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `2fa-attempts-${identifier}`))
    .limit(1);
  const tried = Number(row?.value ?? 0);
  return Number.isInteger(tried) && tried >= 0 ? tried : null;
}
