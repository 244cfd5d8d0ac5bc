// A signed-in customer's own design requests, for her account page, and what
// "Delete my account" does to them. The user id comes from the guard
// (requireUser), never from a form.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { customDesignSubmissions } from "~/db/schema/design-requests";

/** Her requests, newest first. */
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

/** "Delete my account": her requests stay for the studio but lose the link to her (in the deletion's transaction). */
export async function unlinkDesignRequestsOf(tx: Executor, userId: string): Promise<void> {
  await tx.update(customDesignSubmissions).set({ userId: null }).where(eq(customDesignSubmissions.userId, userId));
}

/**
 * A guest's requests sent with her address join her account once she has
 * verified that address (the caller checks it): rows with no owner whose
 * email matches, case-insensitively. Answers how many joined.
 */
export async function claimGuestDesignRequests(db: Executor, userId: string, email: string): Promise<number> {
  const claimed = await db
    .update(customDesignSubmissions)
    .set({ userId })
    .where(and(isNull(customDesignSubmissions.userId), sql`lower(${customDesignSubmissions.email}) = lower(${email.trim()})`))
    .returning({ id: customDesignSubmissions.id });
  return claimed.length;
}
