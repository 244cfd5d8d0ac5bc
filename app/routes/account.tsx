import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import { wishlist } from "~/modules/wishlist/wishlist";
import type { Route } from "./+types/account";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formatPrice } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { listOrdersForCustomer } from "~/modules/orders/orders.server";
import { authHeaders, requireUser } from "~/modules/accounts/accounts.server";
import { InspirationThumbnails } from "~/modules/design-requests/components/inspiration-thumbnails";
import { imagesOfDesignRequests } from "~/modules/design-requests/design-requests.server";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Thumbnail } from "~/components/ui/thumbnail";
import { Field, FormMessage, FormNotice } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { LinkTabs } from "~/components/ui/tabs";
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
  passkeyIdSchema,
  profileSchema,
  totpEnrolSchema,
  type AddressInput,
} from "~/modules/accounts/schema";
import { mergeSetCookies } from "~/modules/accounts/accounts.server";
import { countAttempt, listPasskeys, totpEnrolment, twoFactorState } from "~/modules/accounts/accounts.server";
import { tooManyMessage } from "~/lib/too-many-requests.server";
import { PasskeysSection, SECURITY_MESSAGES, TwoFactorSection, type SecurityResult } from "~/modules/accounts/components/security-panel";
import {
  firstMessage,
  formFailure,
  getFormErrors,
  inputAttributes,
  parseForm,
  readFormData,
  type FormErrors,
  type FormFailure,
} from "~/lib/forms";

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
    case "design-requests": {
      const requests = await listDesignRequests(db, user.id);
      const images = await imagesOfDesignRequests(
        db,
        requests.map((r) => r.id),
      );
      return {
        ...base,
        designRequests: requests.map((r) => ({
          ...r,
          images: (images.get(r.id) ?? []).map(({ id, url, thumbUrl }) => ({ id, url, thumbUrl })),
        })),
      };
    }
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
          current: s.id === user.sessionId,
          userAgent: s.userAgent ?? null,
          createdAt: s.createdAt,
        })),
      };
    }
  }
}

/** An action's answer: a success with its toast, or a failure in the form helper's shape (its formError is toasted). */
type Result = { intent: string; message?: string } & ({ ok: true } | FormFailure);

const ok = (intent: string, message: string) => data<Result>({ intent, ok: true, message });
const failed = (intent: string, failure: FormFailure, status: number) => data<Result>({ intent, ...failure }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { database, auth } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const db = database.db;
  const formData = (await readFormData(request)) ?? new FormData();
  const intent = String(formData.get("intent") ?? "");
  const headers = authHeaders(request, context);
  const tab = tabFrom(new URL(request.url));
  const back = `/account?tab=${tab}`;

  switch (intent) {
    case "update-profile": {
      const parsed = parseForm(profileSchema, formData);
      if (!parsed.ok) return failed(intent, { ...parsed, formError: ACCOUNT_MESSAGES.profileFailed }, 400);
      await saveProfile(db, user.id, parsed.data);
      return ok(intent, ACCOUNT_MESSAGES.profileUpdated);
    }
    case "save-address": {
      const parsed = parseForm(addressSchema, formData);
      if (!parsed.ok) return failed(intent, { ...parsed, formError: ACCOUNT_MESSAGES.addressFailed }, 400);
      const id = String(formData.get("id") ?? "") || null;
      const notFound = formFailure(ACCOUNT_MESSAGES.addressFailed);
      if (id && !/^[0-9a-f-]{36}$/i.test(id)) return failed(intent, notFound, 404);
      const outcome = await saveAddress(db, user.id, parsed.data, id);
      if (!outcome) return failed(intent, notFound, 404);
      throw flashRedirect("/account?tab=addresses", {
        kind: "success",
        message: outcome === "added" ? ACCOUNT_MESSAGES.addressAdded : ACCOUNT_MESSAGES.addressUpdated,
      });
    }
    case "delete-address": {
      const id = String(formData.get("id") ?? "");
      const gone = /^[0-9a-f-]{36}$/i.test(id) && (await deleteAddress(db, user.id, id));
      if (!gone) return failed(intent, formFailure(ACCOUNT_MESSAGES.addressDeleteFailed), 404);
      return ok(intent, ACCOUNT_MESSAGES.addressDeleted);
    }
    case "remove-wishlist": {
      const id = String(formData.get("productId") ?? "");
      if (!id || !(await removeWishlistItem(db, user.id, id))) return failed(intent, formFailure(ACCOUNT_MESSAGES.removeFailed), 404);
      return ok(intent, ACCOUNT_MESSAGES.removedFromWishlist);
    }
    case "enable-two-factor":
    case "disable-two-factor":
    case "new-backup-codes": {
      const parsed = parseForm(confirmPasswordSchema, formData);
      if (!parsed.ok) return securityFailure(intent, parsed.fieldErrors);
      // The password is checked here: counted, so a borrowed session cannot guess it.
      const verdict = await countAttempt(request, context, "password", user.id);
      if (verdict.refusal) return securityFailure(intent, {}, tooManyMessage(verdict.refusal), 429);
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
      const verdict = await countAttempt(request, context, "code", user.id);
      if (verdict.refusal) return securityFailure(intent, {}, tooManyMessage(verdict.refusal), 429);
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
      // The page names a session by its id: session tokens are bearer secrets and never reach the HTML.
      const id = String(formData.get("id") ?? "");
      const session = (await auth.api.listSessions({ headers })).find((s) => s.id === id);
      if (session) await auth.api.revokeSession({ body: { token: session.token }, headers });
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
      // A borrowed, unlocked browser must not be enough: the password first, counted like a sign-in's.
      const parsed = parseForm(confirmPasswordSchema, formData);
      if (!parsed.ok) return failed(intent, { ...parsed, formError: firstMessage(parsed) }, 400);
      const verdict = await countAttempt(request, context, "password", user.id);
      if (verdict.refusal) return failed(intent, formFailure(tooManyMessage(verdict.refusal)), 429);
      const checked = await auth.api.verifyPassword({ body: { password: parsed.data.password }, headers, asResponse: true });
      if (!checked.ok) return failed(intent, formFailure(undefined, { password: [SECURITY_MESSAGES.wrongPassword] }), 400);
      const signedOut = await auth.api.signOut({ headers, asResponse: true });
      await deleteAccount(db, user.id);
      logger.info({ userId: user.id }, "account deleted by its owner");
      throw flashRedirect("/", { kind: "success", message: "Your account has been deleted" }, mergeSetCookies(signedOut));
    }
  }
  return failed(intent, formFailure("Unknown action"), 400);
}

/** A Security form's failure: shown beside the form, and toasted. */
function securityFailure(intent: string, fieldErrors: Record<string, string[]>, formError?: string, status = 400) {
  const failure = formFailure(formError, fieldErrors);
  return data<SecurityResult>({ intent, ...failure, formError: firstMessage(failure) }, { status });
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
    if (result?.ok && result.message) toast.success(result.message);
    if (result?.ok === false && result.formError) toast.error(result.formError);
  }, [result]);
  const form = (intent: string) => getFormErrors(result?.intent === intent ? result : undefined);
  const profileForm = form("update-profile");

  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">My Account</p>
          <h1 className="mt-2 text-4xl">{user.name}</h1>
        </div>
        <Form method="post" action={`/account?tab=${tab}`}>
          <input type="hidden" name="intent" value="logout" />
          <Button type="submit" variant="outline">
            Logout
          </Button>
        </Form>
      </div>

      <div className="mt-8">
        <LinkTabs
          label="Account sections"
          panelClassName="pt-8"
          tabs={TABS.map((t) => ({ to: `/account?tab=${t.id}`, label: t.label, selected: t.id === tab }))}
        >
          {"profile" in loaderData && loaderData.profile ? (
            <div className="grid gap-10">
              <Form method="post" action="/account?tab=profile" className="grid max-w-lg gap-5">
                <input type="hidden" name="intent" value="update-profile" />
                <h2 className="text-2xl">Profile</h2>
                <FormMessage>{profileForm.formError}</FormMessage>
                {result?.ok && result.intent === "update-profile" ? <FormNotice className="text-sm">{result.message}</FormNotice> : null}
                <Field label="Email" description={ACCOUNT_MESSAGES.emailReadOnly}>
                  <Input name="email" type="email" value={user.email} readOnly className="bg-muted text-muted-foreground" />
                </Field>
                <p className="-mt-2 text-sm text-muted-foreground">
                  {user.emailVerified
                    ? "Your email address is confirmed."
                    : "Your email address is not confirmed yet: follow the link in the mail we sent you."}
                </p>
                <Field label="Full name" errors={profileForm.errorsOf("fullName")}>
                  <Input
                    {...inputAttributes(profileSchema, "fullName")}
                    autoComplete="name"
                    defaultValue={profileForm.valueOf("fullName") ?? loaderData.profile.fullName ?? user.name}
                  />
                </Field>
                <Field label="Phone" errors={profileForm.errorsOf("phone")}>
                  <Input
                    {...inputAttributes(profileSchema, "phone")}
                    type="tel"
                    autoComplete="tel"
                    defaultValue={profileForm.valueOf("phone") ?? loaderData.profile.phone ?? ""}
                  />
                </Field>
                <Button type="submit" className="justify-self-start" disabled={busy}>
                  Save profile
                </Button>
              </Form>
              <DeleteAccount errors={form("delete-account")} busy={busy} />
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
                      <td className="text-right">{formatPrice({ amount: o.totalAmount, currencyCode: o.currencyCode })}</td>
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
                    {item.productImageUrl ? (
                      <Thumbnail image={{ url: item.productImageUrl }} width={72} height={96} className="h-24 w-18 rounded object-cover" />
                    ) : null}
                    <div className="flex flex-1 flex-col">
                      <Link to={`/product/${item.productHandle}`} className="font-medium underline-offset-4 hover:underline">
                        {item.productTitle}
                      </Link>
                      <span className="text-sm text-muted-foreground">
                        {formatPrice({ amount: item.priceAmount, currencyCode: item.priceCurrency })}
                      </span>
                      <Form
                        method="post"
                        action="/account?tab=wishlist"
                        className="mt-auto"
                        onSubmit={() => wishlist.forget(item.productId)}
                      >
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
            <Addresses addresses={loaderData.addresses} editing={loaderData.editing ?? null} result={form("save-address")} busy={busy} />
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
                    {r.images.length > 0 ? (
                      <InspirationThumbnails
                        images={r.images}
                        label={`Inspiration images for your ${r.eventType} gown`}
                        className="grid w-full grid-cols-[repeat(auto-fill,4rem)] gap-2"
                      />
                    ) : null}
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
                          <input type="hidden" name="id" value={s.id} />
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
                  <Button type="submit" variant="outline">
                    Sign out everywhere
                  </Button>
                </Form>
              </div>
            </div>
          ) : null}
        </LinkTabs>
      </div>
    </section>
  );
}

type AddressRow = Extract<Route.ComponentProps["loaderData"], { addresses: unknown }>["addresses"][number];

function Addresses({
  addresses,
  editing,
  result: form,
  busy,
}: {
  addresses: AddressRow[];
  editing: string | null;
  result: FormErrors;
  busy: boolean;
}) {
  const current = addresses.find((a) => a.id === editing);
  // What the shopper typed after a failed save, else the address being edited.
  const v = (key: keyof AddressRow & string) => form.valueOf(key) ?? (current ? String(current[key] ?? "") : undefined);
  const text = (key: keyof AddressInput & string) => inputAttributes(addressSchema, key);
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
        <FormMessage>{form.formError}</FormMessage>
        <Field label="Type" errors={form.errorsOf("addressType")}>
          <Select
            name="addressType"
            defaultValue={v("addressType") ?? "shipping"}
            options={[
              { value: "shipping", label: "Shipping" },
              { value: "billing", label: "Billing" },
            ]}
          />
        </Field>
        <Field label="Full name" errors={form.errorsOf("fullName")}>
          <Input {...text("fullName")} autoComplete="name" defaultValue={v("fullName")} />
        </Field>
        <Field label="Address line 1" errors={form.errorsOf("addressLine1")}>
          <Input {...text("addressLine1")} autoComplete="address-line1" defaultValue={v("addressLine1")} />
        </Field>
        <Field label="Address line 2" optional errors={form.errorsOf("addressLine2")}>
          <Input {...text("addressLine2")} autoComplete="address-line2" defaultValue={v("addressLine2")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="City" className="content-start" errors={form.errorsOf("city")}>
            <Input {...text("city")} autoComplete="address-level2" defaultValue={v("city")} />
          </Field>
          <Field label="State" className="content-start" errors={form.errorsOf("state")}>
            <Input {...text("state")} autoComplete="address-level1" defaultValue={v("state")} />
          </Field>
          <Field label="Postal code" className="content-start" errors={form.errorsOf("postalCode")}>
            <Input {...text("postalCode")} autoComplete="postal-code" defaultValue={v("postalCode")} />
          </Field>
          <Field label="Country" className="content-start" description="Two letters, such as US" errors={form.errorsOf("country")}>
            <Input {...text("country")} required maxLength={2} autoComplete="country" defaultValue={v("country") ?? "US"} />
          </Field>
        </div>
        <Field label="Phone" optional errors={form.errorsOf("phone")}>
          <Input {...text("phone")} type="tel" autoComplete="tel" defaultValue={v("phone")} />
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="isDefault" defaultChecked={current?.isDefault ?? false} className="size-5" />
          Use as my default address of this type
        </label>
        <div className="flex gap-4">
          <Button type="submit" disabled={busy}>
            {current ? "Save address" : "Add address"}
          </Button>
          {current ? (
            <Button asChild variant="ghost">
              <Link to="/account?tab=addresses">Cancel</Link>
            </Button>
          ) : null}
        </div>
      </Form>
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
      <AlertDialog defaultOpen={refused}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="mt-4">
            Delete my account
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              This cannot be undone. You will be signed out everywhere. Enter your password to confirm.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {/* A plain submit inside the form: an AlertDialogAction would close (unmount) the form before the browser sends it. */}
          <Form method="post" action="/account?tab=profile" className="grid gap-4">
            <input type="hidden" name="intent" value="delete-account" />
            <FormMessage>{errors.formError}</FormMessage>
            <Field label="Password" errors={errors.errorsOf("password")}>
              <Input {...inputAttributes(confirmPasswordSchema, "password")} type="password" autoComplete="current-password" />
            </Field>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <Button type="submit" variant="destructive" size="sm" disabled={busy}>
                Delete my account
              </Button>
            </AlertDialogFooter>
          </Form>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
