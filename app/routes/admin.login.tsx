import { useEffect } from "react";
import { and, eq } from "drizzle-orm";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/admin.login";
import { userRoles } from "~/db/schema/accounts";
import { buttonStyles } from "~/components/ui/button";
import { requestContext, servicesContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { authHeaders, getViewer } from "~/modules/accounts/accounts.server";
import { FormAlert, TextField } from "~/modules/accounts/components/fields";
import { flashRedirect } from "~/modules/accounts/accounts.server";
import { ADMIN_MESSAGES } from "~/modules/accounts/accounts";
import { saveProfile } from "~/modules/accounts/accounts.server";
import { hitAuthLimits, tooManyAttemptsMessage } from "~/modules/accounts/accounts.server";
import { fieldErrors, formValues, PASSWORD_MIN, signInSchema, signUpSchema } from "~/modules/accounts/schema";
import { cookieHeaderFrom, mergeSetCookies } from "~/modules/accounts/accounts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Admin Login | The Hive Bridal & Formal", description: "Staff sign-in.", path: "/admin/login" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  if (viewer?.isAdmin) throw redirect("/admin/dashboard");
  return { mode: new URL(request.url).searchParams.get("mode") === "sign-up" ? ("sign-up" as const) : ("login" as const) };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

interface Result {
  intent: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, database, env } = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const headers = authHeaders(request, context);

  if (intent === "login") {
    const parsed = signInSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<Result>({ intent, error: ADMIN_MESSAGES.loginFailed, fieldErrors: fieldErrors(parsed.error), values }, { status: 400 });
    const verdict = await hitAuthLimits(database.db, env, "sign-in", { clientIp, account: parsed.data.email });
    if (!verdict.allowed) {
      return data<Result>(
        { intent, error: tooManyAttemptsMessage(verdict.retryAfterSeconds), values },
        { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
      );
    }
    const signedIn = await auth.api.signInEmail({ body: parsed.data, headers, asResponse: true });
    if (!signedIn.ok) return data<Result>({ intent, error: ADMIN_MESSAGES.loginFailed, values }, { status: 401 });
    const body = (await signedIn.json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
    if (body.twoFactorRedirect) {
      // The code is asked on the shoppers' page; the dashboard's guard checks the role after it.
      throw redirect(`/auth?tab=two-factor&redirectTo=${encodeURIComponent("/admin/dashboard")}`, { headers: mergeSetCookies(signedIn) });
    }
    const userId = body.user?.id ?? "";
    const admin = await database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
    if (admin.length === 0) {
      // SPEC §4: anyone else is signed out at once, their new session ended on the server.
      const signOutHeaders = new Headers(headers);
      signOutHeaders.set("cookie", cookieHeaderFrom(signedIn));
      const signedOut = await auth.api.signOut({ headers: signOutHeaders, asResponse: true });
      logger.warn({ userId }, "admin login refused: no admin role");
      throw flashRedirect("/admin/login", { kind: "error", message: ADMIN_MESSAGES.accessDenied }, mergeSetCookies(signedOut));
    }
    throw flashRedirect("/admin/dashboard", { kind: "success", message: ADMIN_MESSAGES.loginSuccessful }, signedIn.headers);
  }

  if (intent === "sign-up") {
    const parsed = signUpSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<Result>({ intent, error: ADMIN_MESSAGES.signUpFailed, fieldErrors: fieldErrors(parsed.error), values }, { status: 400 });
    const verdict = await hitAuthLimits(database.db, env, "sign-up", { clientIp, account: parsed.data.email });
    if (!verdict.allowed) {
      return data<Result>(
        { intent, error: tooManyAttemptsMessage(verdict.retryAfterSeconds), values },
        { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
      );
    }
    // Never grants the role: that takes ADMIN_EMAILS and a verified address, or npm run admin:grant.
    const response = await auth.api.signUpEmail({
      body: { name: parsed.data.fullName, email: parsed.data.email, password: parsed.data.password, callbackURL: "/admin/dashboard" },
      headers,
      asResponse: true,
    });
    if (!response.ok) return data<Result>({ intent, error: ADMIN_MESSAGES.signUpFailed, values }, { status: 400 });
    const { user } = (await response.json()) as { user: { id: string } };
    await saveProfile(database.db, user.id, { fullName: parsed.data.fullName, phone: null });
    throw flashRedirect("/admin/login", { kind: "success", message: ADMIN_MESSAGES.accountCreated }, response.headers);
  }
  return data<Result>({ intent, error: "Unknown action" }, { status: 400 });
}

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode } = loaderData;
  const busy = useNavigation().state !== "idle";
  const result = actionData as Result | undefined;
  useEffect(() => {
    if (result?.error) toast.error(result.error);
  }, [result]);
  const own = result?.intent === (mode === "login" ? "login" : "sign-up") ? result : undefined;

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-16">
      <p className="eyebrow">Staff</p>
      <h1 className="mt-3 text-4xl">{mode === "login" ? "Admin Login" : "Admin Sign Up"}</h1>
      <Form method="post" className="mt-8 grid gap-5">
        <input type="hidden" name="intent" value={mode} />
        <FormAlert message={own?.error} />
        {mode === "sign-up" ? (
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            required
            defaultValue={own?.values?.fullName}
            error={own?.fieldErrors?.fullName}
          />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={own?.values?.email}
          error={own?.fieldErrors?.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          required
          minLength={mode === "sign-up" ? PASSWORD_MIN : undefined}
          error={own?.fieldErrors?.password}
        />
        <button type="submit" className={buttonStyles("primary", "w-full")} disabled={busy}>
          {mode === "login" ? "Login" : "Sign Up"}
        </button>
      </Form>
      <p className="mt-6 text-sm text-muted-foreground">
        {mode === "login" ? "No staff account yet? " : "Already have an account? "}
        <Link to={mode === "login" ? "/admin/login?mode=sign-up" : "/admin/login"} className="text-foreground underline underline-offset-4">
          {mode === "login" ? "Sign up" : "Login"}
        </Link>
      </p>
    </section>
  );
}
