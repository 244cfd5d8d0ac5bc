// A signed-in customer's own design requests, for her account page, and what
// "Delete my account" does to them. The user id comes from the guard
// (requireUser), never from a form.
import { desc, eq } from "drizzle-orm";
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
