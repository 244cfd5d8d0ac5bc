import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { userRoles } from "~/db/schema/accounts";
import { users } from "~/db/schema/auth";

export type GrantOutcome = "granted" | "already-admin" | "no-such-user";

/** The operator's way to make someone an admin (npm run admin:grant): the account must already exist. */
export async function grantAdminByEmail(db: Database, email: string): Promise<GrantOutcome> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  if (!user) return "no-such-user";
  const inserted = await db
    .insert(userRoles)
    .values({ userId: user.id, role: "admin" })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return inserted.length ? "granted" : "already-admin";
}
