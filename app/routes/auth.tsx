import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/auth";
import { buttonStyles } from "~/components/ui/button";
import { requestContext, servicesContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { authHeaders, getViewer, safeRedirectPath } from "~/modules/accounts/accounts.server";
import { FormAlert, LinkTabs, TextField } from "~/modules/accounts/components/fields";
import { PasskeySignInButton } from "~/modules/accounts/components/passkey-sign-in";
import { flashRedirect } from "~/modules/accounts/accounts.server";
import { AUTH_MESSAGES } from "~/modules/accounts/accounts";
import { saveProfile } from "~/modules/accounts/accounts.server";
import { hitAuthLimits, tooManyAttemptsMessage, type AuthAttempt } from "~/modules/accounts/accounts.server";
import {
  fieldErrors,
  forgotPasswordSchema,
  formValues,
  PASSWORD_MIN,
  signInSchema,
  signUpSchema,
  twoFactorCodeSchema,
} from "~/modules/accounts/schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Sign In | The Hive Bridal & Formal", description: "Sign in or create your account.", path: "/auth" });

type Tab = "sign-in" | "sign-up" | "forgot" | "two-factor";
const TABS = [
  { id: "sign-in", label: "Sign In" },
  { id: "sign-up", label: "Sign Up" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/account");
  const step = url.searchParams.get("tab");
  const tab: Tab = step === "sign-up" || step === "forgot" || step === "two-factor" ? step : "sign-in";
  if (tab !== "two-factor" && (await getViewer(request, context))) throw redirect(redirectTo);
  return { tab, redirectTo };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

interface ActionResult {
  intent: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  notice?: string;
}

function fail(status: number, result: ActionResult, headers?: HeadersInit) {
  return data<ActionResult>(result, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, database, env } = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const redirectTo = safeRedirectPath(formData.get("redirectTo"), "/account");
  const headers = authHeaders(request, context);

  const limited = async (attempt: AuthAttempt, account: string | null) => {
    const verdict = await hitAuthLimits(database.db, env, attempt, { clientIp, account });
    if (verdict.allowed) return null;
    logger.warn({ attempt, deniedBy: verdict.deniedBy }, "auth rate limit reached");
    return fail(
      429,
      { intent, error: tooManyAttemptsMessage(verdict.retryAfterSeconds), values },
      { "Retry-After": String(verdict.retryAfterSeconds) },
    );
  };

  if (intent === "sign-in") {
    const parsed = signInSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return fail(400, { intent, error: AUTH_MESSAGES.signInFailed, fieldErrors: fieldErrors(parsed.error), values });
    const refused = await limited("sign-in", parsed.data.email);
    if (refused) return refused;
    const response = await auth.api.signInEmail({ body: parsed.data, headers, asResponse: true });
    if (!response.ok) return fail(401, { intent, error: AUTH_MESSAGES.signInFailed, values });
    const body = (await response.json()) as { twoFactorRedirect?: boolean };
    if (body.twoFactorRedirect) {
      const next = new Headers();
      for (const cookie of response.headers.getSetCookie()) next.append("Set-Cookie", cookie);
      throw redirect(`/auth?tab=two-factor&redirectTo=${encodeURIComponent(redirectTo)}`, { headers: next });
    }
    throw flashRedirect(redirectTo, { kind: "success", message: AUTH_MESSAGES.signedIn }, response.headers);
  }

  if (intent === "sign-up") {
    const parsed = signUpSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return fail(400, { intent, error: AUTH_MESSAGES.signUpFailed, fieldErrors: fieldErrors(parsed.error), values });
    const refused = await limited("sign-up", parsed.data.email);
    if (refused) return refused;
    const response = await auth.api.signUpEmail({
      body: { name: parsed.data.fullName, email: parsed.data.email, password: parsed.data.password, callbackURL: "/account" },
      headers,
      asResponse: true,
    });
    // The same words whether the address is taken or anything else went wrong: nobody learns who has an account here.
    if (!response.ok) return fail(400, { intent, error: AUTH_MESSAGES.signUpFailed, values });
    const { user } = (await response.json()) as { user: { id: string } };
    await saveProfile(database.db, user.id, { fullName: parsed.data.fullName, phone: null });
    throw flashRedirect("/account", { kind: "success", message: AUTH_MESSAGES.signedUp }, response.headers);
  }

  if (intent === "forgot") {
    const parsed = forgotPasswordSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return fail(400, { intent, fieldErrors: fieldErrors(parsed.error), values });
    const refused = await limited("password-reset", parsed.data.email);
    if (refused) return refused;
    await auth.api
      .requestPasswordReset({ body: { email: parsed.data.email, redirectTo: "/auth/reset-password" }, headers })
      .catch((error: unknown) => logger.error({ err: error }, "password reset request failed"));
    return { intent, notice: RESET_NOTICE, values } satisfies ActionResult;
  }

  if (intent === "two-factor") {
    const parsed = twoFactorCodeSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return fail(400, { intent, error: AUTH_MESSAGES.signInFailed, fieldErrors: fieldErrors(parsed.error) });
    const pending = request.headers.get("cookie")?.match(/two_factor=([^;]+)/)?.[1] ?? null;
    const refused = await limited("two-factor", pending);
    if (refused) return refused;
    const response =
      parsed.data.method === "backup"
        ? await auth.api.verifyBackupCode({ body: { code: parsed.data.code }, headers, asResponse: true })
        : await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers, asResponse: true });
    if (!response.ok) return fail(401, { intent, error: AUTH_MESSAGES.signInFailed });
    throw flashRedirect(redirectTo, { kind: "success", message: AUTH_MESSAGES.signedIn }, response.headers);
  }

  if (intent === "passkey") {
    // The browser has just signed in with a passkey through /api/auth: the session cookie is already set.
    if (!(await getViewer(request, context))) return fail(401, { intent, error: AUTH_MESSAGES.signInFailed });
    throw flashRedirect(redirectTo, { kind: "success", message: AUTH_MESSAGES.signedIn });
  }

  return fail(400, { intent, error: "Unknown action" });
}

const RESET_NOTICE = "If an account uses that address, a link to choose a new password is on its way.";

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = actionData as ActionResult | undefined;
  const tab: Tab = loaderData.tab;

  useEffect(() => {
    if (result?.error) toast.error(result.error);
    if (result?.notice) toast.success(result.notice);
  }, [result]);

  const own = (intent: string) => (result?.intent === intent ? result : undefined);
  const hrefFor = (id: Tab) => `/auth?tab=${id}${redirectTo !== "/account" ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-16">
      <Link to="/" className="text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground">
        ← Back to home
      </Link>
      <h1 className="mt-6 text-4xl">{tab === "sign-up" ? "Create your account" : "Welcome back"}</h1>

      {tab === "sign-in" || tab === "sign-up" ? (
        <div className="mt-8">
          <LinkTabs label="Account" tabs={TABS} current={tab} hrefFor={hrefFor} />
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="pt-6">
            {tab === "sign-in" ? (
              <Form method="post" className="grid gap-5" noValidate={false}>
                <input type="hidden" name="intent" value="sign-in" />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <FormAlert message={own("sign-in")?.error} />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="username webauthn"
                  required
                  defaultValue={own("sign-in")?.values?.email}
                />
                <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
                <button type="submit" className={buttonStyles("primary", "w-full")} disabled={busy}>
                  Sign In
                </button>
                <Link to={hrefFor("forgot")} className="justify-self-start text-sm underline underline-offset-4">
                  Forgot password?
                </Link>
                <p className="text-center text-xs tracking-[0.18em] text-muted-foreground uppercase">or</p>
                <PasskeySignInButton redirectTo={redirectTo} />
              </Form>
            ) : (
              <Form method="post" className="grid gap-5">
                <input type="hidden" name="intent" value="sign-up" />
                <FormAlert message={own("sign-up")?.error} />
                <TextField
                  label="Full name"
                  name="fullName"
                  autoComplete="name"
                  required
                  maxLength={100}
                  defaultValue={own("sign-up")?.values?.fullName}
                  error={own("sign-up")?.fieldErrors?.fullName}
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={own("sign-up")?.values?.email}
                  error={own("sign-up")?.fieldErrors?.email}
                />
                <TextField
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={PASSWORD_MIN}
                  hint={`At least ${PASSWORD_MIN} characters`}
                  error={own("sign-up")?.fieldErrors?.password}
                />
                <button type="submit" className={buttonStyles("primary", "w-full")} disabled={busy}>
                  Sign Up
                </button>
              </Form>
            )}
          </div>
        </div>
      ) : null}

      {tab === "forgot" ? (
        <Form method="post" className="mt-8 grid gap-5">
          <input type="hidden" name="intent" value="forgot" />
          <p className="text-muted-foreground">Enter the address of your account and we will send a link to choose a new password.</p>
          {own("forgot")?.notice ? (
            <p role="status" className="rounded-md border border-border px-3 py-2 text-sm">
              {own("forgot")?.notice}
            </p>
          ) : null}
          <FormAlert message={own("forgot")?.error} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required error={own("forgot")?.fieldErrors?.email} />
          <button type="submit" className={buttonStyles("primary", "w-full")} disabled={busy}>
            Send reset link
          </button>
          <Link to={hrefFor("sign-in")} className="justify-self-start text-sm underline underline-offset-4">
            Back to sign in
          </Link>
        </Form>
      ) : null}

      {tab === "two-factor" ? (
        <Form method="post" className="mt-8 grid gap-5">
          <input type="hidden" name="intent" value="two-factor" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <p className="text-muted-foreground">Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
          <FormAlert message={own("two-factor")?.error} />
          <TextField
            label="Code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            required
            error={own("two-factor")?.fieldErrors?.code}
          />
          <fieldset className="flex gap-6 text-sm">
            <legend className="sr-only">Kind of code</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="method" value="totp" defaultChecked /> Authenticator code
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="method" value="backup" /> Backup code
            </label>
          </fieldset>
          <button type="submit" className={buttonStyles("primary", "w-full")} disabled={busy}>
            Verify
          </button>
        </Form>
      ) : null}
    </section>
  );
}
