import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Thumbnail } from "~/components/ui/thumbnail";
import { Input } from "~/components/ui/input";
import { BRAND } from "~/lib/brand";
import { formatPrice } from "~/lib/format";
import { getFormErrors, inputAttributes, type FormFailure } from "~/lib/forms";
import type { Money } from "~/lib/money";
import type { ProductImage } from "~/modules/catalogue/types";
import { placeOrderSchema } from "../schema";
import { ORDER_STATUS_LABELS, type CheckoutView } from "../types";

/** What the checkout action answers when no order was placed: parseForm's failure, plus the bag's problems if any. */
export type CheckoutActionData = FormFailure & { problems?: string[] };

const nameAttributes = inputAttributes(placeOrderSchema, "name");
const emailAttributes = inputAttributes(placeOrderSchema, "email");

function LineImage({ image, title }: { image: ProductImage | null; title: string }) {
  if (!image) return <div aria-hidden="true" className="h-30 w-24 shrink-0 rounded-md bg-muted" />;
  return (
    <Thumbnail
      image={image}
      width={96}
      height={120}
      alt={image.altText ?? title}
      eager
      className="h-30 w-24 shrink-0 rounded-md bg-muted object-cover"
    />
  );
}

function Total({ label, money, emphasis = false }: { label: string; money: Money; emphasis?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${emphasis ? "text-lg font-medium" : "text-sm text-muted-foreground"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatPrice(money)}</dd>
    </div>
  );
}

export function CheckoutNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p className="eyebrow">Checkout</p>
      <h1 className="mt-4 text-4xl sm:text-5xl">We couldn't find this checkout</h1>
      <p className="mt-4 text-muted-foreground">
        The link may be mistyped, or the checkout belongs to another store. Your bag is still waiting for you.
      </p>
      <Button asChild className="mt-10">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}

/** The built-in store's checkout page: the bag's lines and the order form, or the confirmation once placed. */
export function CheckoutPage({
  checkout,
  prefill = null,
  actionData,
  submitting,
}: {
  checkout: CheckoutView;
  /** The signed-in shopper's name and email, filled in for them; what they typed wins after a failed attempt. */
  prefill?: { name: string; email: string } | null;
  actionData: CheckoutActionData | undefined;
  submitting: boolean;
}) {
  const order = checkout.order;
  const form = getFormErrors(actionData);
  const problems = actionData?.problems?.length ? actionData.problems : checkout.lines.flatMap((l) => (l.problem ? [l.problem] : []));
  const lines = checkout.lines;

  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
      {order ? (
        <header className="max-w-2xl">
          <p className="eyebrow">Order #{order.orderNumber} confirmed</p>
          <h1 className="mt-3 text-4xl sm:text-5xl">Thank you, {order.customerName.split(" ")[0]}!</h1>
          <p className="mt-4 text-muted-foreground">
            Your order is reserved for you. Pay when you visit us at {BRAND.street}, {BRAND.city} ({BRAND.hours}). A confirmation is on its
            way to {order.customerEmail}, and we'll be in touch to arrange your fitting.
          </p>
          <p className="mt-3 text-sm">
            <span className="text-muted-foreground">Status:</span> {ORDER_STATUS_LABELS[order.status]}
          </p>
        </header>
      ) : (
        <header>
          <p className="eyebrow">{BRAND.fullName}</p>
          <h1 className="mt-3 text-4xl sm:text-5xl">Checkout</h1>
        </header>
      )}

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-14">
        <section aria-labelledby="lines-heading">
          <h2 id="lines-heading" className="text-2xl">
            {order ? "Your order" : "Your bag"}{" "}
            <span className="text-base text-muted-foreground">
              ({checkout.totalQuantity} {checkout.totalQuantity === 1 ? "item" : "items"})
            </span>
          </h2>
          <ul className="mt-4 divide-y divide-border border-y border-border">
            {lines.map((line) => (
              <li key={`${line.productHandle}:${line.variantTitle}`} className="flex gap-4 py-5 sm:gap-6">
                <LineImage image={line.image} title={line.productTitle} />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="font-display text-xl leading-tight">{line.productTitle}</p>
                  <p className="text-sm text-muted-foreground">{line.variantTitle.split(" / ").join(" • ")}</p>
                  <p className="text-sm text-muted-foreground">
                    Qty {line.quantity} × {formatPrice(line.unitPrice)}
                  </p>
                  {/* On a phone the line total sits under the details, leaving the title the full width. */}
                  <p className="text-sm tabular-nums sm:hidden">{formatPrice(line.lineTotal)}</p>
                  {line.problem ? <p className="text-sm text-destructive">{line.problem}</p> : null}
                </div>
                <p className="hidden shrink-0 text-sm tabular-nums sm:block">{formatPrice(line.lineTotal)}</p>
              </li>
            ))}
          </ul>
        </section>

        <aside aria-labelledby="summary-heading" className="h-fit rounded-2xl border border-border bg-surface p-6 sm:p-8">
          <h2 id="summary-heading" className="text-2xl">
            {order ? "Summary" : "Place your order"}
          </h2>
          <dl className="mt-5 space-y-2 border-b border-border pb-5">
            <Total label="Subtotal" money={checkout.total} />
            <Total label="Fitting consultation" money={{ amount: "0", currencyCode: checkout.total.currencyCode }} />
            <Total label="Total" money={checkout.total} emphasis />
          </dl>

          {order ? (
            <Button asChild className="mt-6 w-full">
              <Link to="/">Continue Browsing</Link>
            </Button>
          ) : (
            <Form method="post" noValidate={false} className="mt-6 space-y-5">
              {problems.length > 0 ? (
                <div role="alert" className="rounded-lg border border-destructive/50 p-4 text-sm text-destructive">
                  <p className="font-medium">Some of your bag can't be ordered as it is:</p>
                  <ul className="mt-2 list-disc space-y-1 pl-5">
                    {problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <Field label="Full name" id="checkout-name" errors={form.errorsOf("name")}>
                <Input {...nameAttributes} defaultValue={form.valueOf("name") ?? prefill?.name} />
              </Field>
              <Field
                label="Email"
                id="checkout-email"
                errors={form.errorsOf("email")}
                description={form.errorsOf("email") ? undefined : "We'll confirm your order and arrange your fitting here."}
              >
                <Input {...emailAttributes} defaultValue={form.valueOf("email") ?? prefill?.email} />
              </Field>
              <p className="text-sm text-muted-foreground">
                Nothing is charged online: you pay in the boutique when you collect your gown.
              </p>
              <Button type="submit" disabled={submitting} className="w-full">
                {submitting ? "Placing Order..." : "Place Order"}
              </Button>
            </Form>
          )}
        </aside>
      </div>
    </section>
  );
}
