import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, FormNotice } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { inputAttributes, type FormErrors } from "~/lib/forms";
import { forgotPasswordSchema, twoFactorCodeSchema } from "../schema";

/** The forgotten-password step of /auth: an address, and a link on its way to it. */
export function ForgotPasswordForm({
  errors: forgot,
  notice,
  busy,
  backHref,
}: {
  errors: FormErrors;
  notice: string | undefined;
  busy: boolean;
  backHref: string;
}) {
  return (
    <Form method="post" className="mt-8 grid gap-5">
      <input type="hidden" name="intent" value="forgot" />
      <p className="text-muted-foreground">Enter the address of your account and we will send a link to choose a new password.</p>
      {notice ? <FormNotice className="rounded-md border border-border px-3 py-2 text-sm">{notice}</FormNotice> : null}
      <FormMessage>{forgot.formError}</FormMessage>
      <Field label="Email" errors={forgot.errorsOf("email")}>
        <Input {...inputAttributes(forgotPasswordSchema, "email")} autoComplete="email" defaultValue={forgot.valueOf("email")} />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        Send reset link
      </Button>
      <Link to={backHref} className="justify-self-start text-sm underline underline-offset-4">
        Back to sign in
      </Link>
    </Form>
  );
}

/** The second step of a sign-in with two-factor on: a code from the app, or a backup code. */
export function TwoFactorForm({ errors: twoFactor, redirectTo, busy }: { errors: FormErrors; redirectTo: string; busy: boolean }) {
  return (
    <Form method="post" className="mt-8 grid gap-5">
      <input type="hidden" name="intent" value="two-factor" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-muted-foreground">Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
      <FormMessage>{twoFactor.formError}</FormMessage>
      <Field label="Code" errors={twoFactor.errorsOf("code")}>
        <Input {...inputAttributes(twoFactorCodeSchema, "code")} required autoComplete="one-time-code" />
      </Field>
      <fieldset className="flex flex-wrap gap-6 text-sm">
        <legend className="sr-only">Kind of code</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="method" value="totp" defaultChecked className="size-4" /> Authenticator code
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="method" value="backup" className="size-4" /> Backup code
        </label>
      </fieldset>
      <Button type="submit" className="w-full" disabled={busy}>
        Verify
      </Button>
    </Form>
  );
}
