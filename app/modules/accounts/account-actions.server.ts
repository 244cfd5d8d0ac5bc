// What the account page's forms do on the server: the Security tab's
// intents, deleting the account, and signing out. Every password and code
// is counted first (auth-limits.server.ts); Better Auth is called only here.
import { data, redirect, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/lib/context.server";
import { firstMessage, formFailure, parseForm } from "~/lib/forms";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { tooManyRequests } from "~/lib/too-many-requests.server";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "./accounts";
import type { AccountAnswer } from "./components/account-answer";
import { countAttempt } from "./auth-endpoint.server";
import { SECURITY_MESSAGES, type SecurityResult } from "./components/security-panel";
import { flashRedirect } from "./flash.server";
import { deleteAccount } from "./profile.server";
import { confirmPasswordSchema, passkeyIdSchema, totpEnrolSchema } from "./schema";
import { listPasskeys, totpEnrolment, twoFactorState } from "./security.server";
import { mergeSetCookies } from "./session-cookies.server";
import { describeUserAgent } from "./user-agent.server";
import { authHeaders, type SignedInUser } from "./viewer.server";

type Context = Readonly<RouterContextProvider>;

const SECURITY_PAGE = "/account/security";

/** A Security form's failure: shown beside the form, and toasted. */
function securityFailure(intent: string, fieldErrors: Record<string, string[]>, formError?: string, status = 400) {
  const failure = formFailure(formError, fieldErrors);
  return data<SecurityResult>({ intent, ...failure, formError: firstMessage(failure) }, { status });
}

/**
 * The Security tab: two-factor, passkeys, and where the shopper is signed in
 * (sessions named by id, never by token, and by their browser and system in
 * words, never the raw User-Agent).
 */
export async function loadSecurity(request: Request, context: Context, user: SignedInUser) {
  const { auth, database, env } = context.get(servicesContext);
  const sessions = await auth.api.listSessions({ headers: authHeaders(request, context) });
  return {
    timeZone: env.BOUTIQUE_TIME_ZONE,
    twoFactor: await twoFactorState(database.db, user),
    passkeys: await listPasskeys(database.db, user.id),
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === user.sessionId,
      device: describeUserAgent(s.userAgent),
      createdAt: s.createdAt,
    })),
  };
}

/** One Security form's intent: two-factor on, off or new codes (the password first), its first code, a passkey, a session. */
export async function securityAction(request: Request, context: Context, user: SignedInUser, formData: FormData) {
  const { auth } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const intent = String(formData.get("intent") ?? "");
  const headers = authHeaders(request, context);
  switch (intent) {
    case "enable-two-factor":
    case "disable-two-factor":
    case "new-backup-codes": {
      const parsed = parseForm(confirmPasswordSchema, formData);
      if (!parsed.ok) return securityFailure(intent, parsed.fieldErrors);
      // The password is checked here: counted, so a borrowed session cannot guess it.
      const verdict = await countAttempt(request, context, "password", user.id);
      if (verdict.refusal) return tooManyRequests(verdict.refusal, {}, { intent });
      const body = { password: parsed.data.password };
      const response =
        intent === "enable-two-factor"
          ? await auth.api.enableTwoFactor({ body, headers, asResponse: true })
          : intent === "disable-two-factor"
            ? await auth.api.disableTwoFactor({ body, headers, asResponse: true })
            : await auth.api.generateBackupCodes({ body, headers, asResponse: true });
      if (!response.ok) return securityFailure(intent, { password: [SECURITY_MESSAGES.wrongPassword] });
      if (intent === "disable-two-factor")
        throw flashRedirect(SECURITY_PAGE, { kind: "success", message: SECURITY_MESSAGES.twoFactorOff }, response.headers);
      const answer = (await response.json()) as { totpURI?: string; backupCodes?: string[] };
      const noStore = mergeSetCookies(response);
      noStore.set("Cache-Control", "no-store");
      if (intent === "new-backup-codes")
        return data<SecurityResult>({ intent, ok: true, backupCodes: answer.backupCodes ?? [] }, { headers: noStore });
      const enrolment = answer.totpURI ? totpEnrolment(answer.totpURI, answer.backupCodes ?? []) : null;
      if (!enrolment) {
        logger.error({ userId: user.id }, "two-factor enrolment answered without a TOTP URI");
        return securityFailure(intent, {}, "Two-factor could not be turned on. Please try again.");
      }
      return data<SecurityResult>({ intent, ok: true, enrolment }, { headers: noStore });
    }
    case "verify-two-factor": {
      const parsed = parseForm(totpEnrolSchema, formData);
      if (!parsed.ok) return securityFailure(intent, parsed.fieldErrors);
      const verdict = await countAttempt(request, context, "code", user.id);
      if (verdict.refusal) return tooManyRequests(verdict.refusal, {}, { intent });
      const response = await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers, asResponse: true });
      if (!response.ok) return securityFailure(intent, { code: [SECURITY_MESSAGES.wrongCode] });
      // Better Auth starts a new session when two-factor comes on: its cookie travels with the redirect.
      throw flashRedirect(SECURITY_PAGE, { kind: "success", message: SECURITY_MESSAGES.twoFactorOn }, response.headers);
    }
    case "delete-passkey": {
      const parsed = parseForm(passkeyIdSchema, formData);
      // Better Auth deletes only a passkey of the session's own user.
      const response = parsed.ok ? await auth.api.deletePasskey({ body: { id: parsed.data.id }, headers, asResponse: true }) : null;
      if (!response?.ok) return securityFailure(intent, {}, SECURITY_MESSAGES.passkeyRemoveFailed, 404);
      throw flashRedirect(SECURITY_PAGE, { kind: "success", message: SECURITY_MESSAGES.passkeyRemoved });
    }
    case "revoke-session": {
      // The page names a session by its id: session tokens are bearer secrets and never reach the HTML.
      const id = String(formData.get("id") ?? "");
      const session = (await auth.api.listSessions({ headers })).find((s) => s.id === id);
      if (session) await auth.api.revokeSession({ body: { token: session.token }, headers });
      throw redirect(SECURITY_PAGE);
    }
    case "revoke-other-sessions": {
      await auth.api.revokeOtherSessions({ headers });
      throw flashRedirect(SECURITY_PAGE, { kind: "success", message: "Signed out of every other device" });
    }
    case "sign-out-everywhere":
      return signOut(request, context, { everywhere: true });
  }
  return securityFailure(intent, {}, "Unknown action");
}

/**
 * "Resend verification mail" for an unconfirmed address: counted per
 * account (rate-limit-rules' verificationMail), then Better Auth's
 * sendVerificationEmail for the session's own address, whose mail
 * (auth.server.ts) carries a new link. The link lands where sign-up's does.
 */
export async function resendVerificationMail(request: Request, context: Context, user: SignedInUser) {
  const intent = "resend-verification";
  if (user.emailVerified) return data<AccountAnswer>({ intent, ok: true, message: ACCOUNT_MESSAGES.alreadyVerified });
  const { auth, env } = context.get(servicesContext);
  const verdict = await limit(context, { rule: rateLimitRules(env).verificationMail, key: user.id });
  if (verdict.refusal) return tooManyRequests(verdict.refusal, {}, { intent });
  const response = await auth.api.sendVerificationEmail({
    body: { email: user.email, callbackURL: "/auth?verified=1" },
    headers: authHeaders(request, context),
    asResponse: true,
  });
  if (!response.ok) {
    context.get(requestContext).logger.error({ userId: user.id, status: response.status }, "verification mail could not be sent");
    return data<AccountAnswer>({ intent, ...formFailure(ACCOUNT_MESSAGES.verificationFailed) }, { status: 503 });
  }
  return data<AccountAnswer>({ intent, ok: true, message: ACCOUNT_MESSAGES.verificationSent });
}

/** Signs this browser out (and, asked, every other), back to the home page with SPEC's toast. */
export async function signOut(request: Request, context: Context, { everywhere }: { everywhere: boolean }): Promise<never> {
  const { auth } = context.get(servicesContext);
  const headers = authHeaders(request, context);
  if (everywhere) await auth.api.revokeSessions({ headers });
  const signedOut = await auth.api.signOut({ headers, asResponse: true });
  throw flashRedirect("/", { kind: "success", message: AUTH_MESSAGES.loggedOut }, mergeSetCookies(signedOut));
}

/**
 * Deletes the shopper's account, after her password: a borrowed, unlocked
 * browser must not be enough. Counted like a sign-in's password.
 */
export async function deleteOwnAccount(request: Request, context: Context, user: SignedInUser, formData: FormData) {
  const { auth, database } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const intent = "delete-account";
  const parsed = parseForm(confirmPasswordSchema, formData);
  if (!parsed.ok) return data({ intent, ...parsed, formError: firstMessage(parsed) }, { status: 400 });
  const verdict = await countAttempt(request, context, "password", user.id);
  if (verdict.refusal) return tooManyRequests(verdict.refusal, {}, { intent });
  const headers = authHeaders(request, context);
  const checked = await auth.api.verifyPassword({ body: { password: parsed.data.password }, headers, asResponse: true });
  if (!checked.ok) return data({ intent, ...formFailure(undefined, { password: [SECURITY_MESSAGES.wrongPassword] }) }, { status: 400 });
  const signedOut = await auth.api.signOut({ headers, asResponse: true });
  await deleteAccount(database.db, user.id);
  logger.info({ userId: user.id }, "account deleted by its owner");
  throw flashRedirect("/", { kind: "success", message: "Your account has been deleted" }, mergeSetCookies(signedOut));
}
