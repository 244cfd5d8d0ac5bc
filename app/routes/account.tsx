import { useEffect } from "react";
import { AlertDialog } from "radix-ui";
import { data, Form, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/account";
import { buttonStyles } from "~/components/ui/button";
import { requestContext, servicesContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { listOrdersForCustomer } from "~/modules/orders/orders.server";
import { authHeaders, requireUser } from "~/modules/accounts/accounts.server";
import { FormAlert, LinkTabs, SelectField, TextField } from "~/modules/accounts/components/fields";
import { flashRedirect } from "~/modules/accounts/accounts.server";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "~/modules/accounts/accounts";
import {
  deleteAccount,
  deleteAddress,
  getProfile,
  listAddresses,
  listAppointments,
  listDesignRequests,
  listWishlist,
  removeWishlistItem,
  saveAddress,
  saveProfile,
} from "~/modules/accounts/accounts.server";
import {
  addressSchema,
  confirmPasswordSchema,
  fieldErrors,
  formValues,
  passkeyIdSchema,
  profileSchema,
  totpEnrolSchema,
} from "~/modules/accounts/schema";
import { mergeSetCookies } from "~/modules/accounts/accounts.server";
import { hitAuthLimits, listPasskeys, totpEnrolment, tooManyAttemptsMessage, twoFactorState } from "~/modules/accounts/accounts.server";
import { PasskeysSection, SECURITY_MESSAGES, TwoFactorSection, type SecurityResult } from "~/modules/accounts/components/security-panel";
import { firstMessage, formFailure, parseForm } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "My Account | The Hive Bridal & Formal",
    description: "Your profile, orders, wishlist and addresses.",
    path: "/account",
  });

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "orders", label: "Orders" },
  { id: "wishlist", label: "Wishlist" },
  { id: "addresses", label: "Addresses" },
  { id: "design-requests", label: "Design Requests" },
  { id: "appointments", label: "Appointments" },
  { id: "security", label: "Security" },
] as const;
type Tab = (typeof TABS)[number]["id"];

function tabFrom(url: URL): Tab {
  const asked = url.searchParams.get("tab");
  return TABS.find((t) => t.id === asked)?.id ?? "profile";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { database, auth } = context.get(servicesContext);
  const db = database.db;
  const url = new URL(request.url);
  const tab = tabFrom(url);
  const base = { tab, user: { name: user.name, email: user.email, emailVerified: user.emailVerified } };
  switch (tab) {
    case "profile":
      return { ...base, profile: await getProfile(db, user.id) };
    case "orders":
      return {
        ...base,
        // Guest orders under the address count only once the shopper has shown the address is theirs.
        orders: (await listOrdersForCustomer(db, { userId: user.id, email: user.emailVerified ? user.email : null })).map((o) => ({
          id: o.id,
          orderNumber: o.orderNumber,
          status: o.status,
          createdAt: o.date,
          totalAmount: o.total.amount,
          currencyCode: o.total.currencyCode,
        })),
      };
    case "wishlist":
      return { ...base, wishlist: await listWishlist(db, user.id) };
    case "addresses":
      return { ...base, addresses: await listAddresses(db, user.id), editing: url.searchParams.get("edit") };
    case "design-requests":
      return { ...base, designRequests: await listDesignRequests(db, user.id) };
    case "appointments":
      return { ...base, appointments: await listAppointments(db, user.id) };
    case "security": {
      const sessions = await auth.api.listSessions({ headers: authHeaders(request, context) });
      return {
        ...base,
        twoFactor: await twoFactorState(db, user),
        passkeys: await listPasskeys(db, user.id),
        sessions: sessions.map((s) => ({
          id: s.id,
          token: s.token,
          current: s.id === user.sessionId,
          userAgent: s.userAgent ?? null,
          createdAt: s.createdAt,
        })),
      };
    }
  }
}

interface Result {
  intent: string;
  ok?: boolean;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { database, auth, env } = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const db = database.db;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const headers = authHeaders(request, context);
  const tab = tabFrom(new URL(request.url));
  const back = `/account?tab=${tab}`;

  switch (intent) {
    case "update-profile": {
      const parsed = profileSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success)
        return data<Result>(
          { intent, error: ACCOUNT_MESSAGES.profileFailed, fieldErrors: fieldErrors(parsed.error), values },
          { status: 400 },
        );
      await saveProfile(db, user.id, parsed.data);
      return data<Result>({ intent, ok: true, message: ACCOUNT_MESSAGES.profileUpdated });
    }
    case "save-address": {
      const parsed = addressSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success)
        return data<Result>(
          { intent, error: ACCOUNT_MESSAGES.addressFailed, fieldErrors: fieldErrors(parsed.error), values },
          { status: 400 },
        );
      const id = String(formData.get("id") ?? "") || null;
      if (id && !/^[0-9a-f-]{36}$/i.test(id)) return data<Result>({ intent, error: ACCOUNT_MESSAGES.addressFailed }, { status: 404 });
      const outcome = await saveAddress(db, user.id, parsed.data, id);
      if (!outcome) return data<Result>({ intent, error: ACCOUNT_MESSAGES.addressFailed }, { status: 404 });
      throw flashRedirect("/account?tab=addresses", {
        kind: "success",
        message: outcome === "added" ? ACCOUNT_MESSAGES.addressAdded : ACCOUNT_MESSAGES.addressUpdated,
      });
    }
    case "delete-address": {
      const id = String(formData.get("id") ?? "");
      const gone = /^[0-9a-f-]{36}$/i.test(id) && (await deleteAddress(db, user.id, id));
      if (!gone) return data<Result>({ intent, error: ACCOUNT_MESSAGES.addressDeleteFailed }, { status: 404 });
      return data<Result>({ intent, ok: true, message: ACCOUNT_MESSAGES.addressDeleted });
    }
    case "remove-wishlist": {
      const id = String(formData.get("productId") ?? "");
      if (!id || !(await removeWishlistItem(db, user.id, id)))
        return data<Result>({ intent, error: ACCOUNT_MESSAGES.removeFailed }, { status: 404 });
      return data<Result>({ intent, ok: true, message: ACCOUNT_MESSAGES.removedFromWishlist, values: { productId: id } });
    }
    case "enable-two-factor":
    case "disable-two-factor":
    case "new-backup-codes": {
      const parsed = parseForm(confirmPasswordSchema, formData);
      if (!parsed.ok) return securityFailure(intent, parsed.fieldErrors);
      // The password is checked here: counted, so a borrowed session cannot guess it.
      const verdict = await hitAuthLimits(db, env, "password-check", { clientIp, account: user.id });
      if (!verdict.allowed) return securityFailure(intent, {}, tooManyAttemptsMessage(verdict.retryAfterSeconds), 429);
      const body = { password: parsed.data.password };
      const response =
        intent === "enable-two-factor"
          ? await auth.api.enableTwoFactor({ body, headers, asResponse: true })
          : intent === "disable-two-factor"
            ? await auth.api.disableTwoFactor({ body, headers, asResponse: true })
            : await auth.api.generateBackupCodes({ body, headers, asResponse: true });
      if (!response.ok) return securityFailure(intent, { password: [SECURITY_MESSAGES.wrongPassword] });
      if (intent === "disable-two-factor")
        throw flashRedirect(back, { kind: "success", message: SECURITY_MESSAGES.twoFactorOff }, response.headers);
      const answer = (await response.json()) as { totpURI?: string; backupCodes?: string[] };
      const noStore = mergeSetCookies(response);
      noStore.set("Cache-Control", "no-store");
      if (intent === "new-backup-codes")
        return data<SecurityResult>({ intent, ok: true, backupCodes: answer.backupCodes ?? [] }, { headers: noStore });
      const enrolment = answer.totpURI ? totpEnrolment(answer.totpURI, answer.backupCodes ?? []) : null;
      if (!enrolment) {
        logger.error({ userId: user.id }, "two-factor enrolment answered without a TOTP URI");
        return securityFailure(intent, {}, "Two-factor could not be turned on. Please try again.");
      }
      return data<SecurityResult>({ intent, ok: true, enrolment }, { headers: noStore });
    }
    case "verify-two-factor": {
      const parsed = parseForm(totpEnrolSchema, formData);
      if (!parsed.ok) return securityFailure(intent, parsed.fieldErrors);
      const verdict = await hitAuthLimits(db, env, "two-factor", { clientIp, account: user.id });
      if (!verdict.allowed) return securityFailure(intent, {}, tooManyAttemptsMessage(verdict.retryAfterSeconds), 429);
      const response = await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers, asResponse: true });
      if (!response.ok) return securityFailure(intent, { code: [SECURITY_MESSAGES.wrongCode] });
      // Better Auth starts a new session when two-factor comes on: its cookie travels with the redirect.
      throw flashRedirect(back, { kind: "success", message: SECURITY_MESSAGES.twoFactorOn }, response.headers);
    }
    case "delete-passkey": {
      const parsed = parseForm(passkeyIdSchema, formData);
      // Better Auth deletes only a passkey of the session's own user.
      const response = parsed.ok ? await auth.api.deletePasskey({ body: { id: parsed.data.id }, headers, asResponse: true }) : null;
      if (!response?.ok) return securityFailure(intent, {}, SECURITY_MESSAGES.passkeyRemoveFailed, 404);
      throw flashRedirect(back, { kind: "success", message: SECURITY_MESSAGES.passkeyRemoved });
    }
    case "revoke-session": {
      const token = String(formData.get("token") ?? "");
      await auth.api.revokeSession({ body: { token }, headers });
      throw redirect(back);
    }
    case "revoke-other-sessions": {
      await auth.api.revokeOtherSessions({ headers });
      throw flashRedirect(back, { kind: "success", message: "Signed out of every other device" });
    }
    case "logout":
    case "sign-out-everywhere": {
      if (intent === "sign-out-everywhere") await auth.api.revokeSessions({ headers });
      const signedOut = await auth.api.signOut({ headers, asResponse: true });
      throw flashRedirect("/", { kind: "success", message: AUTH_MESSAGES.loggedOut }, mergeSetCookies(signedOut));
    }
    case "delete-account": {
      const signedOut = await auth.api.signOut({ headers, asResponse: true });
      await deleteAccount(db, user.id);
      logger.info({ userId: user.id }, "account deleted by its owner");
      throw flashRedirect("/", { kind: "success", message: "Your account has been deleted" }, mergeSetCookies(signedOut));
    }
  }
  return data<Result>({ intent, error: "Unknown action" }, { status: 400 });
}

/** A Security form's failure: shown beside the form, and toasted. */
function securityFailure(intent: string, fieldErrors: Record<string, string[]>, formError?: string, status = 400) {
  const failure = formFailure(formError, fieldErrors);
  return data<SecurityResult & { error?: string }>({ intent, ...failure, error: firstMessage(failure) }, { status });
}

function StatusBadge({ status }: { status: string | null }) {
  // SPEC §4: pending secondary; cancelled destructive; the rest default.
  const tone =
    status === "pending" || !status
      ? "bg-secondary text-secondary-foreground"
      : status === "cancelled"
        ? "bg-destructive text-white"
        : "bg-primary text-primary-foreground";
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${tone}`}>{status ?? "pending"}</span>;
}

function Empty({ children }: { children: string }) {
  return <p className="py-10 text-center text-muted-foreground">{children}</p>;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, user } = loaderData;
  const result = actionData as Result | undefined;
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (result?.message) toast.success(result.message);
    if (result?.error) toast.error(result.error);
  }, [result]);
  const own = (intent: string) => (result?.intent === intent ? result : undefined);

  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">My Account</p>
          <h1 className="mt-2 text-4xl">{user.name}</h1>
        </div>
        <Form method="post" action={`/account?tab=${tab}`}>
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className={buttonStyles("outline")}>
            Logout
          </button>
        </Form>
      </div>

      <div className="mt-8">
        <LinkTabs label="Account sections" tabs={TABS} current={tab} hrefFor={(id) => `/account?tab=${id}`} />
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="pt-8">
          {"profile" in loaderData && loaderData.profile ? (
            <div className="grid gap-10">
              <Form method="post" action="/account?tab=profile" className="grid max-w-lg gap-5">
                <input type="hidden" name="intent" value="update-profile" />
                <h2 className="text-2xl">Profile</h2>
                <FormAlert message={own("update-profile")?.error} />
                {own("update-profile")?.message ? (
                  <p role="status" className="text-sm">
                    {own("update-profile")?.message}
                  </p>
                ) : null}
                <TextField label="Email" name="email" type="email" value={user.email} readOnly hint={ACCOUNT_MESSAGES.emailReadOnly} />
                <p className="-mt-2 text-sm text-muted-foreground">
                  {user.emailVerified
                    ? "Your email address is confirmed."
                    : "Your email address is not confirmed yet: follow the link in the mail we sent you."}
                </p>
                <TextField
                  label="Full name"
                  name="fullName"
                  autoComplete="name"
                  maxLength={100}
                  defaultValue={own("update-profile")?.values?.fullName ?? loaderData.profile.fullName ?? user.name}
                  error={own("update-profile")?.fieldErrors?.fullName}
                />
                <TextField
                  label="Phone"
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  maxLength={20}
                  defaultValue={own("update-profile")?.values?.phone ?? loaderData.profile.phone ?? ""}
                  error={own("update-profile")?.fieldErrors?.phone}
                />
                <button type="submit" className={buttonStyles("primary", "justify-self-start")} disabled={busy}>
                  Save profile
                </button>
              </Form>
              <DeleteAccount />
            </div>
          ) : null}

          {"orders" in loaderData && loaderData.orders ? (
            loaderData.orders.length === 0 ? (
              <Empty>{ACCOUNT_MESSAGES.noOrders}</Empty>
            ) : (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Your orders</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-2">
                      Order
                    </th>
                    <th scope="col">Date</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="text-right">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loaderData.orders.map((o) => (
                    <tr key={o.id} className="border-b border-border/60">
                      <td className="py-3">#{o.orderNumber}</td>
                      <td>{dateFormat.format(new Date(o.createdAt))}</td>
                      <td>
                        <StatusBadge status={o.status} />
                      </td>
                      <td className="text-right">
                        {new Intl.NumberFormat("en-US", { style: "currency", currency: o.currencyCode }).format(Number(o.totalAmount))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          ) : null}

          {"wishlist" in loaderData && loaderData.wishlist ? (
            loaderData.wishlist.length === 0 ? (
              <Empty>{ACCOUNT_MESSAGES.wishlistEmpty}</Empty>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {loaderData.wishlist.map((item) => (
                  <li key={item.id} className="flex gap-4 rounded-lg border border-border p-3">
                    {item.productImageUrl ? <img src={item.productImageUrl} alt="" className="h-24 w-18 rounded object-cover" /> : null}
                    <div className="flex flex-1 flex-col">
                      <a href={`/product/${item.productHandle}`} className="font-medium underline-offset-4 hover:underline">
                        {item.productTitle}
                      </a>
                      <span className="text-sm text-muted-foreground">
                        {new Intl.NumberFormat("en-US", { style: "currency", currency: item.priceCurrency }).format(
                          Number(item.priceAmount),
                        )}
                      </span>
                      <Form method="post" action="/account?tab=wishlist" className="mt-auto">
                        <input type="hidden" name="intent" value="remove-wishlist" />
                        <input type="hidden" name="productId" value={item.productId} />
                        <button
                          type="submit"
                          className="text-sm underline underline-offset-4"
                          aria-label={`Remove ${item.productTitle} from wishlist`}
                        >
                          Remove
                        </button>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            )
          ) : null}

          {"addresses" in loaderData && loaderData.addresses ? (
            <Addresses addresses={loaderData.addresses} editing={loaderData.editing ?? null} result={own("save-address")} busy={busy} />
          ) : null}

          {"designRequests" in loaderData && loaderData.designRequests ? (
            loaderData.designRequests.length === 0 ? (
              <Empty>{ACCOUNT_MESSAGES.noDesignRequests}</Empty>
            ) : (
              <ul className="grid gap-3">
                {loaderData.designRequests.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
                    <div>
                      <p className="font-medium capitalize">{r.eventType} gown</p>
                      <p className="text-sm text-muted-foreground">
                        Sent {dateFormat.format(new Date(r.createdAt))}
                        {r.eventDate ? ` · event on ${dateFormat.format(new Date(r.eventDate))}` : ""}
                      </p>
                    </div>
                    <StatusBadge status={r.status} />
                  </li>
                ))}
              </ul>
            )
          ) : null}

          {"appointments" in loaderData && loaderData.appointments ? (
            loaderData.appointments.length === 0 ? (
              <Empty>{ACCOUNT_MESSAGES.noAppointments}</Empty>
            ) : (
              <ul className="grid gap-3">
                {loaderData.appointments.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
                    <div>
                      <p className="font-medium capitalize">{a.appointmentType}</p>
                      <p className="text-sm text-muted-foreground">
                        {dateFormat.format(new Date(a.preferredDate))} at {a.preferredTime}
                      </p>
                    </div>
                    <StatusBadge status={a.status} />
                  </li>
                ))}
              </ul>
            )
          ) : null}

          {"sessions" in loaderData && loaderData.sessions ? (
            <div className="grid max-w-2xl gap-12">
              <TwoFactorSection state={loaderData.twoFactor} result={actionData as SecurityResult | undefined} />
              <PasskeysSection passkeys={loaderData.passkeys} result={actionData as SecurityResult | undefined} />
              <div className="grid gap-6">
                <h2 className="text-2xl">Where you are signed in</h2>
                <ul className="grid gap-3">
                  {loaderData.sessions.map((s) => (
                    <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-medium break-words">{s.userAgent ?? "Unknown device"}</p>
                        <p className="text-sm text-muted-foreground">
                          Since {dateFormat.format(new Date(s.createdAt))}
                          {s.current ? " · this device" : ""}
                        </p>
                      </div>
                      {s.current ? null : (
                        <Form method="post" action="/account?tab=security">
                          <input type="hidden" name="intent" value="revoke-session" />
                          <input type="hidden" name="token" value={s.token} />
                          <button type="submit" className="text-sm underline underline-offset-4">
                            Sign out this device
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
                <Form method="post" action="/account?tab=security">
                  <input type="hidden" name="intent" value="sign-out-everywhere" />
                  <button type="submit" className={buttonStyles("outline")}>
                    Sign out everywhere
                  </button>
                </Form>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

type AddressRow = Extract<Route.ComponentProps["loaderData"], { addresses: unknown }>["addresses"][number];

function Addresses({
  addresses,
  editing,
  result,
  busy,
}: {
  addresses: AddressRow[];
  editing: string | null;
  result: Result | undefined;
  busy: boolean;
}) {
  const current = addresses.find((a) => a.id === editing);
  const v = (key: keyof AddressRow & string) => result?.values?.[key] ?? (current ? String(current[key] ?? "") : undefined);
  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_1fr]">
      <div>
        <h2 className="text-2xl">Saved addresses</h2>
        {addresses.length === 0 ? (
          <Empty>{ACCOUNT_MESSAGES.noAddresses}</Empty>
        ) : (
          <ul className="mt-4 grid gap-3">
            {addresses.map((a) => (
              <li key={a.id} className="rounded-lg border border-border p-4 text-sm">
                <p className="font-medium">
                  {a.fullName} <span className="text-muted-foreground capitalize">· {a.addressType}</span>
                  {a.isDefault ? <span className="ml-2 rounded-full bg-secondary px-2 py-0.5 text-xs">Default</span> : null}
                </p>
                <p className="mt-1 text-muted-foreground">
                  {a.addressLine1}
                  {a.addressLine2 ? `, ${a.addressLine2}` : ""}, {a.city}, {a.state} {a.postalCode}, {a.country}
                </p>
                <div className="mt-3 flex gap-4">
                  <a
                    href={`/account?tab=addresses&edit=${a.id}`}
                    className="underline underline-offset-4"
                    aria-label={`Edit address of ${a.fullName}, ${a.addressLine1}`}
                  >
                    Edit
                  </a>
                  <Form method="post" action="/account?tab=addresses">
                    <input type="hidden" name="intent" value="delete-address" />
                    <input type="hidden" name="id" value={a.id} />
                    <button
                      type="submit"
                      className="underline underline-offset-4"
                      aria-label={`Delete address of ${a.fullName}, ${a.addressLine1}`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Form method="post" action="/account?tab=addresses" className="grid gap-4" key={current?.id ?? "new"}>
        <h2 className="text-2xl">{current ? "Edit address" : "Add an address"}</h2>
        <input type="hidden" name="intent" value="save-address" />
        {current ? <input type="hidden" name="id" value={current.id} /> : null}
        <FormAlert message={result?.error} />
        <SelectField
          label="Type"
          name="addressType"
          defaultValue={v("addressType") ?? "shipping"}
          options={[
            { value: "shipping", label: "Shipping" },
            { value: "billing", label: "Billing" },
          ]}
        />
        <TextField
          label="Full name"
          name="fullName"
          required
          autoComplete="name"
          defaultValue={v("fullName")}
          error={result?.fieldErrors?.fullName}
        />
        <TextField
          label="Address line 1"
          name="addressLine1"
          required
          autoComplete="address-line1"
          defaultValue={v("addressLine1")}
          error={result?.fieldErrors?.addressLine1}
        />
        <TextField
          label="Address line 2 (optional)"
          name="addressLine2"
          autoComplete="address-line2"
          defaultValue={v("addressLine2")}
          error={result?.fieldErrors?.addressLine2}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="City"
            name="city"
            required
            autoComplete="address-level2"
            defaultValue={v("city")}
            error={result?.fieldErrors?.city}
          />
          <TextField
            label="State"
            name="state"
            required
            autoComplete="address-level1"
            defaultValue={v("state")}
            error={result?.fieldErrors?.state}
          />
          <TextField
            label="Postal code"
            name="postalCode"
            required
            autoComplete="postal-code"
            defaultValue={v("postalCode")}
            error={result?.fieldErrors?.postalCode}
          />
          <TextField
            label="Country"
            name="country"
            required
            autoComplete="country"
            maxLength={2}
            defaultValue={v("country") ?? "US"}
            error={result?.fieldErrors?.country}
          />
        </div>
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={v("phone")}
          error={result?.fieldErrors?.phone}
        />
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" name="isDefault" defaultChecked={current?.isDefault ?? false} className="size-5" />
          Use as my default address of this type
        </label>
        <div className="flex gap-4">
          <button type="submit" className={buttonStyles("primary")} disabled={busy}>
            {current ? "Save address" : "Add address"}
          </button>
          {current ? (
            <a href="/account?tab=addresses" className={buttonStyles("ghost")}>
              Cancel
            </a>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

function DeleteAccount() {
  return (
    <div className="max-w-lg rounded-lg border border-destructive/40 p-5">
      <h2 className="text-xl">Delete my account</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Your profile, addresses and wishlist are removed for good. Orders stay on our books without your name or address.
      </p>
      <AlertDialog.Root>
        <AlertDialog.Trigger className={buttonStyles("outline", "mt-4 border-destructive text-destructive")}>
          Delete my account
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-background p-6 shadow-xl">
            <AlertDialog.Title className="text-2xl">Delete your account?</AlertDialog.Title>
            <AlertDialog.Description className="mt-3 text-sm text-muted-foreground">
              This cannot be undone. You will be signed out everywhere.
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className={buttonStyles("outline")}>Cancel</AlertDialog.Cancel>
              <Form method="post" action="/account?tab=profile">
                <input type="hidden" name="intent" value="delete-account" />
                <AlertDialog.Action type="submit" className={buttonStyles("primary", "bg-destructive text-white")}>
                  Delete my account
                </AlertDialog.Action>
              </Form>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
