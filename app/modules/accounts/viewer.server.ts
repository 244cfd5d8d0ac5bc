// Who is asking (getViewer), and the guards every protected loader and
// action starts with.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { userRoles } from "~/db/schema/accounts";
import { sessions } from "~/db/schema/auth";
import { requestContext, servicesContext } from "~/lib/context.server";
import { ADMIN_MESSAGES } from "./accounts";
import type { Auth } from "./auth.server";
import { flashRedirect } from "./flash.server";

declare module "~/lib/context.server" {
  interface AppServices {
    /** Better Auth: sessions, passwords, two-factor, passkeys, the JWKS (modules/accounts). */
    auth: Auth;
  }
}

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  sessionId: string;
}

type Context = Readonly<RouterContextProvider>;

/** Headers Better Auth reads: the browser's cookies, and the client address as we determined it (never the client's own claim). */
export function authHeaders(request: Request, context: Context): Headers {
  const headers = new Headers(request.headers);
  headers.set("x-client-ip", context.get(requestContext).clientIp);
  return headers;
}

const viewers = new WeakMap<Request, Promise<SignedInUser | null>>();

/** The signed-in user of this request, or null; asked once per request however many loaders want it. */
export function getViewer(request: Request, context: Context): Promise<SignedInUser | null> {
  let known = viewers.get(request);
  if (!known) {
    known = loadViewer(request, context);
    viewers.set(request, known);
  }
  return known;
}

async function loadViewer(request: Request, context: Context): Promise<SignedInUser | null> {
  // No session cookie, no session: most page views are anonymous, and Better Auth's
  // endpoint machinery would cost each of them a request context to find that out.
  if (!request.headers.get("cookie")?.includes("session_token=")) return null;
  const { auth, database } = context.get(servicesContext);
  const session = await auth.api.getSession({ headers: authHeaders(request, context) }).catch((error: unknown) => {
    context.get(requestContext).logger.error({ err: error }, "session check failed");
    return null;
  });
  if (!session) return null;
  const isAdmin = await hasAdminRole(database.db, session.user.id);
  return {
    id: session.user.id,
    name: session.user.name,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    isAdmin,
    sessionId: session.session.id,
  };
}

/** Whether the user holds SPEC's admin role (a user_roles row). */
export async function hasAdminRole(db: Database, userId: string): Promise<boolean> {
  const roles = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return roles.length > 0;
}

/**
 * Of these sessions, the live ones (unexpired), each with whether its user
 * holds the admin role now; a session missing from the map has ended. In
 * batches, so many open admin streams cost a few queries.
 */
export async function adminStandingOfSessions(db: Database, sessionIds: readonly string[]): Promise<Map<string, boolean>> {
  const standing = new Map<string, boolean>();
  // Far below PostgreSQL's 65,535 parameters: thousands of streams is still a handful of queries.
  const BATCH = 1_000;
  for (let at = 0; at < sessionIds.length; at += BATCH) {
    const rows = await db
      .select({
        id: sessions.id,
        admin: sql<boolean>`exists (select 1 from ${userRoles} where ${and(eq(userRoles.userId, sessions.userId), eq(userRoles.role, "admin"))})`,
      })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds.slice(at, at + BATCH)), gt(sessions.expiresAt, sql`now()`)));
    for (const row of rows) standing.set(row.id, row.admin);
  }
  return standing;
}

/** The signed-in user, or a redirect to /auth (a document) or a 401 (a fetch from a script). */
export async function requireUser(request: Request, context: Context): Promise<SignedInUser> {
  const user = await getViewer(request, context);
  if (user) return user;
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) throw new Response("Sign in first", { status: 401 });
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * A signed-in admin, or: no user → /admin/login; a customer → / with
 * SPEC's access-denied toast (a 403 for a script's fetch).
 */
export async function requireAdmin(request: Request, context: Context): Promise<SignedInUser> {
  const user = await getViewer(request, context);
  const api = new URL(request.url).pathname.startsWith("/api/");
  if (!user) {
    if (api) throw new Response("Sign in first", { status: 401 });
    throw redirect("/admin/login");
  }
  if (!user.isAdmin) {
    if (api) throw new Response(ADMIN_MESSAGES.accessDenied, { status: 403 });
    throw flashRedirect("/", { kind: "error", message: ADMIN_MESSAGES.accessDenied });
  }
  return user;
}

/** Only a path on this site: `redirectTo` comes from the URL, and must never send a shopper elsewhere. */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
