import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account.profile";
import { Button } from "~/components/ui/button";
import { ConfirmButton, ConfirmDialog, ConfirmDialogFooter } from "~/components/ui/confirm-dialog";
import { Field, FormMessage, FormNotice } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { servicesContext } from "~/lib/context.server";
import { getFormErrors, inputAttributes, parseForm, readFormData, type FormErrors } from "~/lib/forms";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts";
import { deleteOwnAccount, getProfile, requireUser, resendVerificationMail, saveProfile } from "~/modules/accounts/accounts.server";
import { useAnswerToast, type AccountAnswer } from "~/modules/accounts/components/account-answer";
import { confirmPasswordSchema, profileSchema } from "~/modules/accounts/schema";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const profile = await getProfile(context.get(servicesContext).database.db, user.id);
  return { user: { name: user.name, email: user.email, emailVerified: user.emailVerified }, profile };
}

/** An action's Retry-After (a 429) reaches the document response too (a form posted without JavaScript). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const formData = (await readFormData(request)) ?? new FormData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "delete-account") return deleteOwnAccount(request, context, user, formData);
  if (intent === "resend-verification") return resendVerificationMail(request, context, user);
  const parsed = parseForm(profileSchema, formData);
  if (!parsed.ok) return data<AccountAnswer>({ intent, ...parsed, formError: ACCOUNT_MESSAGES.profileFailed }, { status: 400 });
  await saveProfile(context.get(servicesContext).database.db, user.id, parsed.data);
  return data<AccountAnswer>({ intent, ok: true, message: ACCOUNT_MESSAGES.profileUpdated });
}

const RESEND_FORM = "resend-verification-form";

export default function ProfileTab({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile } = loaderData;
  const answer = actionData as AccountAnswer | undefined;
  const busy = useNavigation().state !== "idle";
  useAnswerToast(answer);
  const form = (intent: string) => getFormErrors(answer?.intent === intent ? answer : undefined);
  const profileForm = form("update-profile");
  const resend = form("resend-verification");
  const resent = answer?.ok && answer.intent === "resend-verification" ? answer.message : undefined;
  return (
    <div className="grid gap-10">
      <Form method="post" action="/account/profile" className="grid max-w-lg gap-5">
        <input type="hidden" name="intent" value="update-profile" />
        <h2 className="text-2xl">Profile</h2>
        <FormMessage>{profileForm.formError}</FormMessage>
        {answer?.ok && answer.intent === "update-profile" ? <FormNotice className="text-sm">{answer.message}</FormNotice> : null}
        <Field label="Email" description={ACCOUNT_MESSAGES.emailReadOnly}>
          <Input name="email" type="email" value={user.email} readOnly className="bg-muted text-muted-foreground" />
        </Field>
        {user.emailVerified ? (
          <p className="-mt-2 text-sm text-muted-foreground">Your email address is confirmed.</p>
        ) : (
          <div className="-mt-2 grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">
              Your email address is not confirmed yet: follow the link in the mail we sent you.
            </p>
            {/* The resend form sits after this one (forms do not nest): the button names it. */}
            <Button type="submit" form={RESEND_FORM} variant="outline" size="sm" disabled={busy}>
              Resend verification mail
            </Button>
            <FormMessage className="justify-self-stretch">{resend.formError}</FormMessage>
            {resent ? <FormNotice className="text-sm">{resent}</FormNotice> : null}
          </div>
        )}
        <Field label="Full name" errors={profileForm.errorsOf("fullName")}>
          <Input
            {...inputAttributes(profileSchema, "fullName")}
            autoComplete="name"
            defaultValue={profileForm.valueOf("fullName") ?? profile?.fullName ?? user.name}
          />
        </Field>
        <Field label="Phone" errors={profileForm.errorsOf("phone")}>
          <Input
            {...inputAttributes(profileSchema, "phone")}
            type="tel"
            autoComplete="tel"
            defaultValue={profileForm.valueOf("phone") ?? profile?.phone ?? ""}
          />
        </Field>
        <Button type="submit" className="justify-self-start" disabled={busy}>
          Save profile
        </Button>
      </Form>
      <Form id={RESEND_FORM} method="post" action="/account/profile" hidden>
        <input type="hidden" name="intent" value="resend-verification" />
      </Form>
      <DeleteAccount errors={form("delete-account")} busy={busy} />
    </div>
  );
}

function DeleteAccount({ errors, busy }: { errors: FormErrors; busy: boolean }) {
  const refused = Boolean(errors.errorsOf("password") ?? errors.formError);
  return (
    <div className="max-w-lg rounded-lg border border-destructive/40 p-5">
      <h2 className="text-xl">Delete my account</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Your profile, addresses and wishlist are removed for good. Orders stay on our books without your name or address.
      </p>
      <ConfirmDialog
        defaultOpen={refused}
        trigger={
          <Button variant="destructive" className="mt-4">
            Delete my account
          </Button>
        }
        title="Delete your account?"
        description="This cannot be undone. You will be signed out everywhere. Enter your password to confirm."
      >
        <Form method="post" action="/account/profile" className="grid gap-4">
          <input type="hidden" name="intent" value="delete-account" />
          <FormMessage>{errors.formError}</FormMessage>
          <Field label="Password" errors={errors.errorsOf("password")}>
            <Input {...inputAttributes(confirmPasswordSchema, "password")} type="password" autoComplete="current-password" />
          </Field>
          <ConfirmDialogFooter cancel="Cancel">
            <ConfirmButton busy={busy} busyLabel="Deleting...">
              Delete my account
            </ConfirmButton>
          </ConfirmDialogFooter>
        </Form>
      </ConfirmDialog>
    </div>
  );
}
