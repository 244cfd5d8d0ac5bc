// Signing in and up from our pages' forms: the shoppers' /auth and the
// staff's /admin/login share these, and each answers in its own words
// (SPEC §8: 'Sign in failed' there, 'Login failed' here). Every attempt is
// counted first (auth-limits.server.ts).
import { data, redirect, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formFailure, parseForm, type FormFailure } from "~/lib/forms";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { retryAfterHeaders, tooManyMessage, type Refusal } from "~/lib/too-many-requests.server";
import { twoFactorCodesTried } from "./account-links.server";
import { countAttempt, pendingTwoFactorAccount, pendingTwoFactorIdentifier, rememberClient } from "./auth-endpoint.server";
import { forgetSignInFailures } from "./auth-limits.server";
import { saveProfile } from "./profile.server";
import { forgotPasswordSchema, signInSchema, signUpSchema, twoFactorCodeSchema } from "./schema";
import { mergeSetCookies } from "./session-cookies.server";
import { authHeaders } from "./viewer.server";

type Context = Readonly<RouterContextProvider>;

/** Too many attempts: answer 429 with Retry-After. */
type Limited = { outcome: "limited"; message: string; headers: Headers };

export type PasswordSignIn =
  /** The form itself was wrong (no email, no password). */
  | { outcome: "invalid"; failure: FormFailure }
  | Limited
  /** Wrong email or password: the same answer either way. */
  | { outcome: "refused"; email: string }
  /** Right password, and two-factor is on: the pending sign-in's cookie must travel to the code step. */
  | { outcome: "two-factor"; headers: Headers }
  /** Signed in: `headers` carry the session cookies. */
  | { outcome: "signed-in"; userId: string; headers: Headers };

function limited(refusal: Refusal): Limited {
  return { outcome: "limited", message: tooManyMessage(refusal), headers: new Headers(retryAfterHeaders(refusal)) };
}

export async function signInWithPassword(request: Request, context: Context, formData: FormData | null): Promise<PasswordSignIn> {
  const parsed = parseForm(signInSchema, formData);
  if (!parsed.ok) return { outcome: "invalid", failure: parsed };
  const { email, password } = parsed.data;
  const verdict = await countAttempt(request, context, "sign-in", email);
  if (verdict.refusal) return limited(verdict.refusal);
  return passwordSignIn(request, context, email, password);
}

/** Better Auth's sign-in, after the limits: a right password forgets the pair's failures and marks the browser. */
async function passwordSignIn(request: Request, context: Context, email: string, password: string): Promise<PasswordSignIn> {
  const { auth, database, env } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const response = await auth.api.signInEmail({ body: { email, password }, headers: authHeaders(request, context), asResponse: true });
  if (!response.ok) return { outcome: "refused", email };
  await forgetSignInFailures(database.db, rateLimitRules(env), { clientIp, account: email });
  const headers = mergeSetCookies(response);
  headers.append("Set-Cookie", rememberClient(request, context, email));
  const body = (await response.json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
  if (body.twoFactorRedirect) return { outcome: "two-factor", headers };
  return { outcome: "signed-in", userId: body.user?.id ?? "", headers };
}

/**
 * A new account from a form. Better Auth answers a new and a taken address
 * alike (and mails the owner of a taken one, auth.server.ts), so the
 * account is signed in here with the password just chosen: that works for
 * the new account, and for a taken one only with its owner's own password.
 */
export async function signUpWithPassword(
  request: Request,
  context: Context,
  formData: FormData | null,
  callbackURL: string,
): Promise<PasswordSignIn> {
  const { auth, database } = context.get(servicesContext);
  const parsed = parseForm(signUpSchema, formData);
  if (!parsed.ok) return { outcome: "invalid", failure: parsed };
  const { fullName, email, password } = parsed.data;
  const verdict = await countAttempt(request, context, "sign-up", email);
  if (verdict.refusal) return limited(verdict.refusal);
  const response = await auth.api.signUpEmail({
    body: { name: fullName, email, password, callbackURL },
    headers: authHeaders(request, context),
    asResponse: true,
  });
  if (!response.ok) return { outcome: "refused", email };
  const created = ((await response.json()) as { user?: { id?: string } }).user?.id;
  const signIn = await passwordSignIn(request, context, email, password);
  // Only the account this sign-up made gets the name typed here; an owner's own sign-in changes nothing.
  if (signIn.outcome === "signed-in" && signIn.userId === created) await saveProfile(database.db, created, { fullName, phone: null });
  return signIn;
}

export type SecondFactorCheck =
  | { outcome: "invalid"; failure: FormFailure }
  | Limited
  /** Wrong code: how many tries are left for this sign-in (0: it has ended, sign in again). */
  | { outcome: "refused"; triesLeft: number }
  | { outcome: "signed-in"; headers: Headers };

/** Better Auth ends a pending sign-in after this many wrong codes (its two-factor plugin). */
const CODES_PER_SIGN_IN = 5;

/** The code step of a sign-in with two-factor on: a TOTP code or a backup code, counted against the account. */
export async function verifySecondFactor(request: Request, context: Context, formData: FormData | null): Promise<SecondFactorCheck> {
  const { auth } = context.get(servicesContext);
  const parsed = parseForm(twoFactorCodeSchema, formData);
  if (!parsed.ok) return { outcome: "invalid", failure: parsed };
  const account = await pendingTwoFactorAccount(request, context);
  const verdict = await countAttempt(request, context, "code", account);
  if (verdict.refusal) return limited(verdict.refusal);
  const body = { code: parsed.data.code };
  const headers = authHeaders(request, context);
  const response =
    parsed.data.method === "backup"
      ? await auth.api.verifyBackupCode({ body, headers, asResponse: true })
      : await auth.api.verifyTOTP({ body, headers, asResponse: true });
  if (response.ok) return { outcome: "signed-in", headers: mergeSetCookies(response) };
  const used = account ? await codesTried(request, context) : CODES_PER_SIGN_IN;
  return { outcome: "refused", triesLeft: Math.max(0, Math.min(verdict.remaining, CODES_PER_SIGN_IN - used)) };
}

/** How many wrong codes this pending sign-in has had, as Better Auth counts them; all of them once it has ended. */
async function codesTried(request: Request, context: Context): Promise<number> {
  const { database } = context.get(servicesContext);
  const identifier = await pendingTwoFactorIdentifier(request, context);
  const tried = identifier ? await twoFactorCodesTried(database.db, identifier) : null;
  return tried ?? CODES_PER_SIGN_IN;
}

export type ResetRequest =
  | { outcome: "invalid"; failure: FormFailure }
  | { outcome: "limited"; refusal: Refusal; values: { email: string } }
  /** Asked: a link is on its way if the address has an account (the answer never says whether it has). */
  | { outcome: "asked" };

/** The forgotten-password form: counted per client and per address, then Better Auth mails a reset link. */
export async function requestPasswordReset(request: Request, context: Context, formData: FormData | null): Promise<ResetRequest> {
  const { auth } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const parsed = parseForm(forgotPasswordSchema, formData);
  if (!parsed.ok) return { outcome: "invalid", failure: parsed };
  const verdict = await countAttempt(request, context, "mail", parsed.data.email);
  if (verdict.refusal) return { outcome: "limited", refusal: verdict.refusal, values: parsed.data };
  await auth.api
    .requestPasswordReset({
      body: { email: parsed.data.email, redirectTo: "/auth/reset-password" },
      headers: authHeaders(request, context),
    })
    .catch((error: unknown) => logger.error({ err: error }, "password reset request failed"));
  return { outcome: "asked" };
}

/**
 * The form's answer when a sign-in or sign-up did not sign anyone in (what was
 * typed kept, the password never): the field errors under `failed`, the one
 * 429, or `failed` alone, the same words whether the address is taken or the
 * password is wrong, so nobody learns who has an account here. Null when it
 * went on (a code to ask for, or signed in).
 */
export function refusedSignIn(signIn: PasswordSignIn, intent: string, failed: string, formData: FormData | null) {
  const values = { email: String(formData?.get("email") ?? ""), fullName: String(formData?.get("fullName") ?? "") };
  switch (signIn.outcome) {
    case "invalid":
      return data({ intent, ...signIn.failure, formError: failed }, { status: 400 });
    case "limited":
      return data({ intent, ...formFailure(signIn.message, {}, values) }, { status: 429, headers: signIn.headers });
    case "refused":
      return data({ intent, ...formFailure(failed, {}, values) }, { status: intent === "sign-up" ? 400 : 401 });
    default:
      return null;
  }
}

/** Where a right password goes when two-factor is on: the code step, carrying the pending sign-in's cookie. */
export function twoFactorStep(redirectTo: string, headers: Headers): Response {
  return redirect(`/auth?tab=two-factor&redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
}
