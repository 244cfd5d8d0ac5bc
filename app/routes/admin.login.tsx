import { useEffect } from "react";
import { and, eq } from "drizzle-orm";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/admin.login";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { userRoles } from "~/db/schema/accounts";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formFailure, getFormErrors, inputAttributes, parseForm, readFormData, type FormFailure } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { ADMIN_MESSAGES } from "~/modules/accounts/accounts";
import {
  authHeaders,
  cookieHeaderFrom,
  flashRedirect,
  getViewer,
  hitAuthLimits,
  mergeSetCookies,
  saveProfile,
  signInWithPassword,
  tooManyAttemptsMessage,
} from "~/modules/accounts/accounts.server";
import { PASSWORD_MIN, signInSchema, signUpSchema } from "~/modules/accounts/schema";

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

type Result = { intent: string } & Partial<FormFailure>;

function fail(status: number, intent: string, failure: FormFailure, headers?: HeadersInit) {
  return data<Result>({ intent, ...failure }, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, database, env } = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const formData = await readFormData(request);
  const intent = String(formData?.get("intent") ?? "");
  const headers = authHeaders(request, context);

  if (intent === "login") {
    const signIn = await signInWithPassword(request, context, formData);
    switch (signIn.outcome) {
      case "invalid":
        return fail(400, intent, { ...signIn.failure, formError: ADMIN_MESSAGES.loginFailed });
      case "limited":
        return fail(429, intent, formFailure(signIn.message), signIn.headers);
      case "refused":
        return fail(401, intent, formFailure(ADMIN_MESSAGES.loginFailed, {}, { email: signIn.email }));
      case "two-factor":
        // The code is asked on the shoppers' page; the dashboard's guard checks the role after it.
        throw redirect(`/auth?tab=two-factor&redirectTo=${encodeURIComponent("/admin/dashboard")}`, { headers: signIn.headers });
      case "signed-in":
        break;
    }
    const admin = await database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, signIn.userId), eq(userRoles.role, "admin")));
    if (admin.length === 0) {
      // SPEC §4: anyone else is signed out at once, their new session ended on the server.
      const signOutHeaders = new Headers(headers);
      signOutHeaders.set("cookie", cookieHeaderFrom(signIn.response));
      const signedOut = await auth.api.signOut({ headers: signOutHeaders, asResponse: true });
      logger.warn({ userId: signIn.userId }, "admin login refused: no admin role");
      throw flashRedirect("/admin/login", { kind: "error", message: ADMIN_MESSAGES.accessDenied }, mergeSetCookies(signedOut));
    }
    throw flashRedirect("/admin/dashboard", { kind: "success", message: ADMIN_MESSAGES.loginSuccessful }, signIn.response.headers);
  }

  if (intent === "sign-up") {
    const parsed = parseForm(signUpSchema, formData);
    if (!parsed.ok) return fail(400, intent, { ...parsed, formError: ADMIN_MESSAGES.signUpFailed });
    const values = { fullName: parsed.data.fullName, email: parsed.data.email };
    const verdict = await hitAuthLimits(database.db, env, "sign-up", { clientIp, account: parsed.data.email });
    if (!verdict.allowed) {
      return fail(429, intent, formFailure(tooManyAttemptsMessage(verdict.retryAfterSeconds), {}, values), {
        "Retry-After": String(verdict.retryAfterSeconds),
      });
    }
    // Never grants the role: that takes ADMIN_EMAILS and a verified address, or npm run admin:grant.
    const response = await auth.api.signUpEmail({
      body: { name: parsed.data.fullName, email: parsed.data.email, password: parsed.data.password, callbackURL: "/admin/dashboard" },
      headers,
      asResponse: true,
    });
    if (!response.ok) return fail(400, intent, formFailure(ADMIN_MESSAGES.signUpFailed, {}, values));
    const { user } = (await response.json()) as { user: { id: string } };
    await saveProfile(database.db, user.id, { fullName: parsed.data.fullName, phone: null });
    throw flashRedirect("/admin/login", { kind: "success", message: ADMIN_MESSAGES.accountCreated }, response.headers);
  }
  return fail(400, intent, formFailure("Unknown action"));
}

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode } = loaderData;
  const busy = useNavigation().state !== "idle";
  const result = actionData as Result | undefined;
  useEffect(() => {
    if (result?.formError) toast.error(result.formError);
  }, [result]);
  const form = getFormErrors(result?.intent === (mode === "login" ? "login" : "sign-up") ? result : undefined);
  const schema = mode === "login" ? signInSchema : signUpSchema;

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-16">
      <p className="eyebrow">Staff</p>
      <h1 className="mt-3 text-4xl">{mode === "login" ? "Admin Login" : "Admin Sign Up"}</h1>
      <Form method="post" className="mt-8 grid gap-5">
        <input type="hidden" name="intent" value={mode} />
        <FormMessage>{form.formError}</FormMessage>
        {mode === "sign-up" ? (
          <Field label="Full name" errors={form.errorsOf("fullName")}>
            <Input {...inputAttributes(signUpSchema, "fullName")} autoComplete="name" defaultValue={form.valueOf("fullName")} />
          </Field>
        ) : null}
        <Field label="Email" errors={form.errorsOf("email")}>
          <Input {...inputAttributes(schema, "email")} autoComplete="username" defaultValue={form.valueOf("email")} />
        </Field>
        <Field label="Password" errors={form.errorsOf("password")}>
          <Input
            {...inputAttributes(schema, "password")}
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            minLength={mode === "sign-up" ? PASSWORD_MIN : undefined}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {mode === "login" ? "Login" : "Sign Up"}
        </Button>
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
