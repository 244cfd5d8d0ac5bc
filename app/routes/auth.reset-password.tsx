import { data, Form, Link } from "react-router";
import type { Route } from "./+types/auth.reset-password";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { servicesContext } from "~/lib/context.server";
import { tooManyRequests } from "~/lib/too-many-requests.server";
import { formFailure, getFormErrors, parseForm, readFormData } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { authHeaders, countAttempt, flashRedirect } from "~/modules/accounts/accounts.server";
import { NewPasswordField } from "~/modules/accounts/components/new-password-field";
import { resetPasswordSchema } from "~/modules/accounts/schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Choose a new password | The Hive Bridal & Formal",
    description: "Choose a new password.",
    path: "/auth/reset-password",
  });

const INVALID_LINK = "This link has expired or was already used. Ask for a new one from the sign-in page.";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.get("error") !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = context.get(servicesContext);
  const parsed = parseForm(resetPasswordSchema, await readFormData(request), { secret: ["token"] });
  if (!parsed.ok) return data(parsed, { status: 400 });
  const verdict = await countAttempt(request, context, "token", null);
  if (verdict.refusal) return tooManyRequests(verdict.refusal);
  const response = await auth.api.resetPassword({
    body: { token: parsed.data.token, newPassword: parsed.data.password },
    headers: authHeaders(request, context),
    asResponse: true,
  });
  if (!response.ok) return data(formFailure(INVALID_LINK), { status: 400 });
  throw flashRedirect("/auth", { kind: "success", message: "Your password has been changed. Please sign in." });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const missing = !loaderData.token || loaderData.invalid;
  const form = getFormErrors(actionData);
  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-16">
      <Link to="/auth" className="text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground">
        ← Back to sign in
      </Link>
      <h1 className="mt-6 text-4xl">Choose a new password</h1>
      {missing ? (
        <p role="alert" className="mt-6 text-muted-foreground">
          {INVALID_LINK}
        </p>
      ) : (
        <Form method="post" className="mt-8 grid gap-5">
          <input type="hidden" name="token" value={loaderData.token} />
          <FormMessage>{form.formError}</FormMessage>
          <NewPasswordField label="New password" schema={resetPasswordSchema} errors={form.errorsOf("password")} />
          <Button type="submit" className="w-full">
            Save new password
          </Button>
        </Form>
      )}
    </section>
  );
}
