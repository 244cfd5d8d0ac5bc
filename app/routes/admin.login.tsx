import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/admin.login";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formFailure, getFormErrors, inputAttributes, readFormData, type FormFailure } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { ADMIN_MESSAGES } from "~/modules/accounts/accounts";
import {
  authHeaders,
  cookieHeaderFrom,
  flashRedirect,
  getViewer,
  hasAdminRole,
  mergeSetCookies,
  refusedSignIn,
  signInWithPassword,
  signUpWithPassword,
  twoFactorStep,
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
  const { auth, database } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const formData = await readFormData(request);
  const intent = String(formData?.get("intent") ?? "");
  if (intent !== "login" && intent !== "sign-up") return fail(400, intent, formFailure("Unknown action"));

  // Never grants the role: that takes ADMIN_EMAILS and a verified address, or npm run admin:grant.
  const signIn =
    intent === "login"
      ? await signInWithPassword(request, context, formData)
      : await signUpWithPassword(request, context, formData, "/auth?verified=1");
  const refused = refusedSignIn(signIn, intent, intent === "login" ? ADMIN_MESSAGES.loginFailed : ADMIN_MESSAGES.signUpFailed, formData);
  if (refused) return refused;
  // The code is asked on the shoppers' page; the dashboard's guard checks the role after it.
  if (signIn.outcome === "two-factor") throw twoFactorStep("/admin/dashboard", signIn.headers);
  if (signIn.outcome !== "signed-in") return fail(400, intent, formFailure(ADMIN_MESSAGES.loginFailed));
  if (intent === "sign-up")
    throw flashRedirect("/admin/login", { kind: "success", message: ADMIN_MESSAGES.accountCreated }, signIn.headers);
  if (!(await hasAdminRole(database.db, signIn.userId))) {
    // SPEC §4: anyone else is signed out at once, their new session ended on the server.
    const signOutHeaders = authHeaders(request, context);
    signOutHeaders.set("cookie", cookieHeaderFrom(signIn.headers));
    const signedOut = await auth.api.signOut({ headers: signOutHeaders, asResponse: true });
    logger.warn({ userId: signIn.userId }, "admin login refused: no admin role");
    throw flashRedirect("/admin/login", { kind: "error", message: ADMIN_MESSAGES.accessDenied }, mergeSetCookies(signedOut));
  }
  throw flashRedirect("/admin/dashboard", { kind: "success", message: ADMIN_MESSAGES.loginSuccessful }, signIn.headers);
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
