import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout.$cartId";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formFailure, parseForm, readFormData } from "~/lib/forms";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { tooManyMessage, tooManyRequests } from "~/lib/too-many-requests.server";
import { contactDetails, getViewer } from "~/modules/accounts/accounts.server";
import { CheckoutNotFound, CheckoutPage, type CheckoutActionData } from "~/modules/orders/components/checkout-page";
import { getCheckout, placeOrder } from "~/modules/orders/orders.server";
import { placeOrderSchema } from "~/modules/orders/schema";

/** The built-in store's checkout: the page a cartCreate checkout URL leads to. Glue: the orders module does the work. */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.checkout?.order ? `Order #${loaderData.checkout.order.orderNumber} | ${BRAND.name}` : `Checkout | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({
  // A checkout carries the shopper's name and email once placed: never in a shared cache, never in a search index.
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Only the built-in store makes carts here; a Shopify store's checkout lives on Shopify, so its ids are not found.
  const db = context.get(servicesContext).database.db;
  const checkout = await getCheckout(db, params.cartId);
  if (!checkout) return data({ checkout: null, prefill: null }, { status: 404 });
  // A signed-in shopper finds their name and email filled in (the page is private, no-store).
  const viewer = await getViewer(request, context);
  const contact = viewer ? await contactDetails(db, viewer) : null;
  const prefill = contact ? { name: contact.name, email: contact.email } : null;
  return { checkout, prefill };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const parsed = parseForm(placeOrderSchema, await readFormData(request));
  if (!parsed.ok) return data<CheckoutActionData>(parsed, { status: 400 });
  // What the shopper typed, shown again if the order cannot be placed.
  const values = { name: parsed.data.name, email: parsed.data.email };
  const refused = (problems: string[], status: number) =>
    data<CheckoutActionData>({ ...formFailure(undefined, {}, values), problems }, { status });
  const services = context.get(servicesContext);
  const { env } = services;
  // Each order holds stock and mails its address: limited per client and per recipient.
  const rules = rateLimitRules(env);
  const verdict = await limit(context, rules.orderPerClient, { rule: rules.orderPerEmail, key: parsed.data.email.toLowerCase() });
  // The page lists the message with the bag's problems; formError and Retry-After come with the one 429.
  if (verdict.refusal) return tooManyRequests(verdict.refusal, values, { problems: [tooManyMessage(verdict.refusal)] });
  const viewer = await getViewer(request, context);
  const result = await placeOrder(services.database.db, {
    cartId: params.cartId,
    customerName: parsed.data.name,
    customerEmail: parsed.data.email,
    // A signed-in shopper's order joins their account; a guest's stays a guest order.
    userId: viewer?.id ?? null,
    siteUrl: services.env.APP_URL,
    holdHours: env.ORDER_HOLD_HOURS,
  });
  if (result.status === "not-found") return refused(["This checkout no longer exists. Please return to your bag."], 404);
  if (result.status === "unavailable") return refused(result.problems, 409);
  context.get(requestContext).logger.info({ orderNumber: result.order.orderNumber, status: result.status }, "order placed");
  if (result.status === "placed") {
    // Stock changed: what shoppers see as sold out must change with it, now, not at the next cache expiry.
    services.catalogueChanged();
    services.nudgeMail();
  }
  // Post/redirect/get: a reload shows the confirmation instead of sending the form again.
  return redirect(`/checkout/${params.cartId}`, 303);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.checkout) return <CheckoutNotFound />;
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return <CheckoutPage checkout={loaderData.checkout} prefill={loaderData.prefill} actionData={actionData} submitting={submitting} />;
}
