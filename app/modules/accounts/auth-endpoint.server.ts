// Better Auth's own endpoints at /api/auth/*, behind our limits: every
// request that checks a secret is counted per client and per account in the
// database before Better Auth sees it (decision 0021), and a verification
// link is honoured once, and only while its account has not ended it.
import type { RouterContextProvider } from "react-router";
import { parseCookies } from "better-auth/cookies";
import { requestContext, servicesContext } from "~/lib/context.server";
import { limit, type LimitVerdict } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { tooManyRequestsJson } from "~/lib/too-many-requests.server";
import { authHeaders, getViewer, safeRedirectPath } from "./viewer.server";
import { consumeVerificationLink, isLiveVerificationLink, pendingTwoFactorUser } from "./account-links.server";
import { attemptForAuthRequest, authLimitChecks, forgetSignInFailures, type AuthAttempt } from "./auth-limits.server";
import { isKnownClient, knownClientCookie } from "./known-clients.server";

type Context = Readonly<RouterContextProvider>;

/** Better Auth's verification link: GET /api/auth/verify-email?token=…&callbackURL=… */
const VERIFY_EMAIL_PATH = "/verify-email";

export async function handleAuthRequest(request: Request, context: Context): Promise<Response> {
  const { auth, database } = context.get(servicesContext);
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "") || "/";
  const route = attemptForAuthRequest(auth.api, request.method, path);
  let signInEmail: string | null = null;
  if (route) {
    const email = await emailInBody(request);
    const account = await accountOf(request, context, route.attempt, email);
    if (route.attempt === "sign-in") signInEmail = email;
    const verdict = await countAttempt(request, context, route.attempt, account);
    if (verdict.refusal) return tooManyRequestsJson(verdict.refusal);
  }
  if (request.method === "GET" && path === VERIFY_EMAIL_PATH) {
    const url = new URL(request.url);
    const token = url.searchParams.get("token") ?? "";
    if (!(await isLiveVerificationLink(database.db, token))) return verificationRefused(url);
    const response = await auth.handler(new Request(request, { headers: authHeaders(request, context) }));
    if (response.status < 400 && !(response.headers.get("location") ?? "").includes("error="))
      await consumeVerificationLink(database.db, token);
    return response;
  }
  const response = await auth.handler(new Request(request, { headers: authHeaders(request, context) }));
  if (signInEmail && response.ok) return rememberSignIn(request, context, signInEmail, response);
  return response;
}

/** Counts one attempt against its limits (auth-limits.server.ts, rate-limit-rules.server.ts). */
export function countAttempt(request: Request, context: Context, attempt: AuthAttempt, account: string | null): Promise<LimitVerdict> {
  const { env, tokens } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const knownClient = attempt === "sign-in" && account !== null && isKnownClient(request, tokens, account);
  return limit(context, ...authLimitChecks(rateLimitRules(env), attempt, clientIp, { account, knownClient }));
}

/**
 * After a right password: the pair's failures are forgotten, and the browser
 * is marked as one that knows the account (its Set-Cookie joins the response).
 */
export async function rememberSignIn(request: Request, context: Context, email: string, response: Response): Promise<Response> {
  const { database, env } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  await forgetSignInFailures(database.db, rateLimitRules(env), { clientIp, account: email });
  const remembered = new Response(response.body, response);
  remembered.headers.append("Set-Cookie", rememberClient(request, context, email));
  return remembered;
}

/** The Set-Cookie that marks this browser as one that has given the account's right password. */
export function rememberClient(request: Request, context: Context, email: string): string {
  const { env, tokens } = context.get(servicesContext);
  return knownClientCookie(request, tokens, email, env.APP_URL.startsWith("https:"));
}

/**
 * Whose account an attempt is against: the email it names (sign-in, sign-up,
 * a mailed link), the signed-in shopper (her password or code), or the
 * sign-in waiting for its second factor, found from its cookie as Better
 * Auth reads it (never by matching text in the Cookie header).
 */
export async function accountOf(request: Request, context: Context, attempt: AuthAttempt, email: string | null): Promise<string | null> {
  if (attempt === "sign-in" || attempt === "sign-up" || attempt === "mail") return email;
  if (attempt === "token") return null;
  const viewer = await getViewer(request, context);
  if (viewer) return viewer.id;
  if (attempt === "code") return pendingTwoFactorAccount(request, context);
  return null;
}

/** The user id of the sign-in waiting for its second factor in this browser, or null. */
export async function pendingTwoFactorAccount(request: Request, context: Context): Promise<string | null> {
  const identifier = await pendingTwoFactorIdentifier(request, context);
  return identifier ? pendingTwoFactorUser(context.get(servicesContext).database.db, identifier) : null;
}

/** The identifier of the pending two-factor sign-in that this browser's cookie names, read as Better Auth reads it. */
export async function pendingTwoFactorIdentifier(request: Request, context: Context): Promise<string | null> {
  const { auth } = context.get(servicesContext);
  const name = (await auth.$context).createAuthCookie("two_factor").name;
  const signed = parseCookies(request.headers.get("cookie") ?? "").get(name);
  // Better Auth signs the cookie as `<identifier>.<signature>`; the identifier names a row only Better Auth made.
  return signed?.split(".", 1)[0] || null;
}

async function emailInBody(request: Request): Promise<string | null> {
  if (request.method !== "POST") return null;
  try {
    const body: unknown = await request.clone().json();
    if (body && typeof body === "object" && "email" in body && typeof body.email === "string") return body.email.slice(0, 320);
  } catch {
    // Not JSON: Better Auth answers it.
  }
  return null;
}

/** A used, ended or unknown verification link: back to where it was going, with Better Auth's own error word. */
function verificationRefused(url: URL): Response {
  const target = new URL(safeRedirectPath(url.searchParams.get("callbackURL"), "/auth?verified=1"), url.origin);
  target.searchParams.set("error", "INVALID_TOKEN");
  return new Response(null, { status: 302, headers: { Location: target.pathname + target.search } });
}
