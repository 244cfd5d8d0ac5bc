// Signing in with an email and password from one of our pages' forms: the
// shoppers' /auth and the staff's /admin/login share it, and each answers in
// its own words (SPEC §8: 'Sign in failed' there, 'Login failed' here).
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/lib/context.server";
import { parseForm, type FormFailure } from "~/lib/forms";
import { authHeaders } from "./accounts.server";
import { hitAuthLimits, tooManyAttemptsMessage } from "./rate-limits.server";
import { signInSchema } from "./schema";
import { mergeSetCookies } from "./session-cookies.server";

export type PasswordSignIn =
  /** The form itself was wrong (no email, no password). */
  | { outcome: "invalid"; failure: FormFailure }
  /** Too many attempts: answer 429 with Retry-After. */
  | { outcome: "limited"; message: string; headers: Headers }
  /** Wrong email or password: the same answer either way. */
  | { outcome: "refused"; email: string }
  /** Right password, and two-factor is on: the pending sign-in's cookie must travel to the code step. */
  | { outcome: "two-factor"; headers: Headers }
  /** Signed in: `response` carries the session cookies. */
  | { outcome: "signed-in"; userId: string; response: Response };

export async function signInWithPassword(
  request: Request,
  context: Readonly<RouterContextProvider>,
  formData: FormData | null,
): Promise<PasswordSignIn> {
  const { auth, database, env } = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const parsed = parseForm(signInSchema, formData);
  if (!parsed.ok) return { outcome: "invalid", failure: parsed };
  const { email, password } = parsed.data;
  const verdict = await hitAuthLimits(database.db, env, "sign-in", { clientIp, account: email });
  if (!verdict.allowed) {
    logger.warn({ attempt: "sign-in", deniedBy: verdict.deniedBy }, "auth rate limit reached");
    return {
      outcome: "limited",
      message: tooManyAttemptsMessage(verdict.retryAfterSeconds),
      headers: new Headers({ "Retry-After": String(verdict.retryAfterSeconds) }),
    };
  }
  const response = await auth.api.signInEmail({ body: { email, password }, headers: authHeaders(request, context), asResponse: true });
  if (!response.ok) return { outcome: "refused", email };
  const body = (await response.json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
  if (body.twoFactorRedirect) return { outcome: "two-factor", headers: mergeSetCookies(response) };
  return { outcome: "signed-in", userId: body.user?.id ?? "", response };
}
