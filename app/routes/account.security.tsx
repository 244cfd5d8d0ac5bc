import { Form } from "react-router";
import type { Route } from "./+types/account.security";
import { Button } from "~/components/ui/button";
import { readFormData } from "~/lib/forms";
import { loadSecurity, requireUser, securityAction } from "~/modules/accounts/accounts.server";
import { formatDate } from "~/lib/format";
import { PasskeysSection, TwoFactorSection, type SecurityResult } from "~/modules/accounts/components/security-panel";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return loadSecurity(request, context, user);
}

/** An action's Retry-After (a 429) reaches the document response too (a form posted without JavaScript). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return securityAction(request, context, user, (await readFormData(request)) ?? new FormData());
}

export default function SecurityTab({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SecurityResult | undefined;
  return (
    <div className="grid max-w-2xl gap-12">
      <TwoFactorSection state={loaderData.twoFactor} result={result} />
      <PasskeysSection passkeys={loaderData.passkeys} result={result} timeZone={loaderData.timeZone} />
      <div className="grid gap-6">
        <h2 className="text-2xl">Where you are signed in</h2>
        <ul className="grid gap-3">
          {loaderData.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words">{s.device}</p>
                <p className="text-sm text-muted-foreground">
                  Since {formatDate(s.createdAt, loaderData.timeZone, "short")}
                  {s.current ? " · this device" : ""}
                </p>
              </div>
              {s.current ? null : (
                <Form method="post" action="/account/security">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="id" value={s.id} />
                  <button type="submit" className="text-sm underline underline-offset-4">
                    Sign out this device
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" action="/account/security">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="outline">
            Sign out everywhere
          </Button>
        </Form>
      </div>
    </div>
  );
}
