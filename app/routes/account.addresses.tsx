import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/account.addresses";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { servicesContext } from "~/lib/context.server";
import { formFailure, getFormErrors, inputAttributes, parseForm, readFormData, type FormErrors } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts";
import { deleteAddress, flashRedirect, listAddresses, requireUser, saveAddress } from "~/modules/accounts/accounts.server";
import { EmptyTab, useAnswerToast, type AccountAnswer } from "~/modules/accounts/components/account-answer";
import { addressSchema, type AddressInput } from "~/modules/accounts/schema";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const editing = new URL(request.url).searchParams.get("edit");
  return { addresses: await listAddresses(context.get(servicesContext).database.db, user.id), editing };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const db = context.get(servicesContext).database.db;
  const formData = (await readFormData(request)) ?? new FormData();
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "") || null;
  if (intent === "delete-address") {
    const gone = id !== null && isUuid(id) && (await deleteAddress(db, user.id, id));
    if (!gone) return data<AccountAnswer>({ intent, ...formFailure(ACCOUNT_MESSAGES.addressDeleteFailed) }, { status: 404 });
    return data<AccountAnswer>({ intent, ok: true, message: ACCOUNT_MESSAGES.addressDeleted });
  }
  const parsed = parseForm(addressSchema, formData);
  if (!parsed.ok) return data<AccountAnswer>({ intent, ...parsed, formError: ACCOUNT_MESSAGES.addressFailed }, { status: 400 });
  const outcome = id === null || isUuid(id) ? await saveAddress(db, user.id, parsed.data, id) : null;
  if (!outcome) return data<AccountAnswer>({ intent, ...formFailure(ACCOUNT_MESSAGES.addressFailed) }, { status: 404 });
  throw flashRedirect("/account/addresses", {
    kind: "success",
    message: outcome === "added" ? ACCOUNT_MESSAGES.addressAdded : ACCOUNT_MESSAGES.addressUpdated,
  });
}

export default function AddressesTab({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as AccountAnswer | undefined;
  const busy = useNavigation().state !== "idle";
  useAnswerToast(answer);
  return (
    <Addresses
      addresses={loaderData.addresses}
      editing={loaderData.editing}
      result={getFormErrors(answer?.intent === "save-address" ? answer : undefined)}
      busy={busy}
    />
  );
}

type AddressRow = Route.ComponentProps["loaderData"]["addresses"][number];

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
          <EmptyTab>{ACCOUNT_MESSAGES.noAddresses}</EmptyTab>
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
                    href={`/account/addresses?edit=${a.id}`}
                    className="underline underline-offset-4"
                    aria-label={`Edit address of ${a.fullName}, ${a.addressLine1}`}
                  >
                    Edit
                  </a>
                  <Form method="post" action="/account/addresses">
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
      <Form method="post" action="/account/addresses" className="grid gap-4" key={current?.id ?? "new"}>
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
              <Link to="/account/addresses">Cancel</Link>
            </Button>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
