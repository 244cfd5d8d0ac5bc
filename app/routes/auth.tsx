import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/auth";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { LinkTabs } from "~/components/ui/tabs";
import { formFailure, getFormErrors, inputAttributes, readFormData, type FormFailure } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { AUTH_MESSAGES } from "~/modules/accounts/accounts";
import {
  flashRedirect,
  getViewer,
  requestPasswordReset,
  safeRedirectPath,
  refusedSignIn,
  signInWithPassword,
  signUpWithPassword,
  twoFactorStep,
  verifySecondFactor,
} from "~/modules/accounts/accounts.server";
import { tooManyRequests } from "~/lib/too-many-requests.server";
import { ForgotPasswordForm, TwoFactorForm } from "~/modules/accounts/components/auth-steps";
import { NewPasswordField } from "~/modules/accounts/components/new-password-field";
import { PasskeySignInButton } from "~/modules/accounts/components/passkey-sign-in";
import { signInSchema, signUpSchema } from "~/modules/accounts/schema";

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
  // Where a verification link lands (it verifies, and never signs in: decision 0020).
  const verification = url.searchParams.has("verified") ? (url.searchParams.has("error") ? "refused" : "confirmed") : null;
  if (tab !== "two-factor" && (await getViewer(request, context))) {
    if (verification) throw flashRedirect(redirectTo, verificationFlash(verification));
    throw redirect(redirectTo);
  }
  return { tab, redirectTo, verification };
}

function verificationFlash(verification: "confirmed" | "refused") {
  return verification === "confirmed"
    ? ({ kind: "success", message: AUTH_MESSAGES.emailConfirmed } as const)
    : ({ kind: "error", message: AUTH_MESSAGES.verificationLinkInvalid } as const);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** An action's answer: a failure in the form helper's shape (its formError is also toasted), or a notice. */
type ActionResult = { intent: string; notice?: string } & Partial<FormFailure>;

function fail(status: number, intent: string, failure: FormFailure, headers?: HeadersInit) {
  return data<ActionResult>({ intent, ...failure }, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const intent = String(formData?.get("intent") ?? "");
  const redirectTo = safeRedirectPath(formData?.get("redirectTo"), "/account");

  if (intent === "sign-in" || intent === "sign-up") {
    const signIn =
      intent === "sign-in"
        ? await signInWithPassword(request, context, formData)
        : await signUpWithPassword(request, context, formData, "/auth?verified=1");
    const refused = refusedSignIn(signIn, intent, intent === "sign-in" ? AUTH_MESSAGES.signInFailed : AUTH_MESSAGES.signUpFailed, formData);
    if (refused) return refused;
    switch (signIn.outcome) {
      case "two-factor":
        throw twoFactorStep(redirectTo, signIn.headers);
      case "signed-in":
        throw flashRedirect(
          intent === "sign-in" ? redirectTo : "/account",
          { kind: "success", message: intent === "sign-in" ? AUTH_MESSAGES.signedIn : AUTH_MESSAGES.signedUp },
          signIn.headers,
        );
    }
  }

  if (intent === "forgot") {
    const reset = await requestPasswordReset(request, context, formData);
    if (reset.outcome === "invalid") return fail(400, intent, reset.failure);
    if (reset.outcome === "limited") return tooManyRequests(reset.refusal, reset.values, { intent });
    return { intent, notice: RESET_NOTICE } satisfies ActionResult;
  }

  if (intent === "two-factor") {
    const check = await verifySecondFactor(request, context, formData);
    switch (check.outcome) {
      case "invalid":
        return fail(400, intent, { ...check.failure, formError: AUTH_MESSAGES.signInFailed });
      case "limited":
        return fail(429, intent, formFailure(check.message), check.headers);
      case "refused":
        // The last wrong code ends the pending sign-in (Better Auth): back to the password.
        if (check.triesLeft === 0)
          throw flashRedirect(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`, {
            kind: "error",
            message: AUTH_MESSAGES.codeNotAccepted(0),
          });
        return fail(401, intent, formFailure(AUTH_MESSAGES.codeNotAccepted(check.triesLeft)));
      case "signed-in":
        throw flashRedirect(redirectTo, { kind: "success", message: AUTH_MESSAGES.signedIn }, check.headers);
    }
  }

  if (intent === "passkey") {
    // The browser has just signed in with a passkey through /api/auth: the session cookie is already set.
    if (!(await getViewer(request, context))) return fail(401, intent, formFailure(AUTH_MESSAGES.signInFailed));
    throw flashRedirect(redirectTo, { kind: "success", message: AUTH_MESSAGES.signedIn });
  }

  return fail(400, intent, formFailure("Unknown action"));
}

/** Each step has a heading of its own. */
const HEADINGS: Record<Tab, string> = {
  "sign-in": "Welcome back",
  "sign-up": "Create your account",
  forgot: "Reset your password",
  "two-factor": "Enter your code",
};

const RESET_NOTICE = "If an account uses that address, a link to choose a new password is on its way.";

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = actionData as ActionResult | undefined;
  const tab: Tab = loaderData.tab;

  useEffect(() => {
    if (result?.formError) toast.error(result.formError);
    if (result?.notice) toast.success(result.notice);
  }, [result]);

  const form = (intent: string) => getFormErrors(result?.intent === intent ? result : undefined);
  const hrefFor = (id: Tab) => `/auth?tab=${id}${redirectTo !== "/account" ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  const signIn = form("sign-in");
  const signUp = form("sign-up");
  const forgot = form("forgot");
  const twoFactor = form("two-factor");

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-16">
      <Link to="/" className="text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground">
        ← Back to home
      </Link>
      <h1 className="mt-6 text-4xl">{HEADINGS[tab]}</h1>
      {loaderData.verification ? (
        <p role="status" className="mt-6 rounded-md border border-border px-3 py-2 text-sm">
          {loaderData.verification === "confirmed"
            ? `${AUTH_MESSAGES.emailConfirmed} Please sign in.`
            : `${AUTH_MESSAGES.verificationLinkInvalid} Please sign in.`}
        </p>
      ) : null}

      {tab === "sign-in" || tab === "sign-up" ? (
        <LinkTabs
          label="Account"
          className="mt-8"
          panelClassName="pt-6"
          tabs={TABS.map((t) => ({ to: hrefFor(t.id), label: t.label, selected: t.id === tab }))}
        >
          {tab === "sign-in" ? (
            <div className="grid gap-5">
              <Form method="post" className="grid gap-5">
                <input type="hidden" name="intent" value="sign-in" />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <FormMessage>{signIn.formError}</FormMessage>
                <Field label="Email" errors={signIn.errorsOf("email")}>
                  <Input
                    {...inputAttributes(signInSchema, "email")}
                    autoComplete="username webauthn"
                    defaultValue={signIn.valueOf("email")}
                  />
                </Field>
                <Field label="Password" errors={signIn.errorsOf("password")}>
                  <Input {...inputAttributes(signInSchema, "password")} type="password" autoComplete="current-password" />
                </Field>
                <Button type="submit" className="w-full" disabled={busy}>
                  Sign In
                </Button>
                <Link to={hrefFor("forgot")} className="justify-self-start text-sm underline underline-offset-4">
                  Forgot password?
                </Link>
              </Form>
              <p className="text-center text-xs tracking-[0.18em] text-muted-foreground uppercase">or</p>
              <PasskeySignInButton redirectTo={redirectTo} />
            </div>
          ) : (
            <Form method="post" className="grid gap-5">
              <input type="hidden" name="intent" value="sign-up" />
              <FormMessage>{signUp.formError}</FormMessage>
              <Field label="Full name" errors={signUp.errorsOf("fullName")}>
                <Input {...inputAttributes(signUpSchema, "fullName")} autoComplete="name" defaultValue={signUp.valueOf("fullName")} />
              </Field>
              <Field label="Email" errors={signUp.errorsOf("email")}>
                <Input {...inputAttributes(signUpSchema, "email")} autoComplete="email" defaultValue={signUp.valueOf("email")} />
              </Field>
              <NewPasswordField label="Password" schema={signUpSchema} errors={signUp.errorsOf("password")} />
              <Button type="submit" className="w-full" disabled={busy}>
                Sign Up
              </Button>
            </Form>
          )}
        </LinkTabs>
      ) : null}

      {tab === "forgot" ? (
        <ForgotPasswordForm
          errors={forgot}
          notice={result?.intent === "forgot" ? result.notice : undefined}
          busy={busy}
          backHref={hrefFor("sign-in")}
        />
      ) : null}
      {tab === "two-factor" ? <TwoFactorForm errors={twoFactor} redirectTo={redirectTo} busy={busy} /> : null}
    </section>
  );
}
