import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { Button } from "~/components/ui/button";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formFailure, parseForm, readFormData } from "~/lib/forms";
import { findSubscriptionByToken, unsubscribe } from "~/modules/newsletter/newsletter.server";
import { unsubscribeSchema } from "~/modules/newsletter/schema";

type PageState =
  | { kind: "confirm"; email: string; token: string }
  | { kind: "unsubscribed"; email: string; already: boolean }
  | { kind: "invalid" }
  | { kind: "not-found" }
  | { kind: "unavailable" };

// The token is a key to someone's subscription: keep the page out of
// indexes, caches and the Referer header sent to other sites. ('no-referrer'
// would also make the browser send `Origin: null` with the page's own form,
// which the router's cross-site check rightly refuses.)
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter preferences | The Hive Bridal & Formal" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** "b•••@example.com": enough to recognise your own address, not enough to harvest someone's. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "your address";
  return `${email[0]}•••${email.slice(at)}`;
}

function statusOf(state: PageState): number {
  if (state.kind === "invalid") return 400;
  if (state.kind === "not-found") return 404;
  if (state.kind === "unavailable") return 503;
  return 200;
}

type Trouble = Extract<PageState, { kind: "invalid" | "not-found" | "unavailable" }>;

const isTrouble = (state: PageState): state is Trouble =>
  state.kind === "invalid" || state.kind === "not-found" || state.kind === "unavailable";

/**
 * The action's answer: the page's new state as its own success data, or a
 * FormFailure naming what went wrong (`kind`); the page says it in its own
 * words, and the token is never echoed back.
 */
function answerOf(state: PageState) {
  const init = { status: statusOf(state), headers: PRIVATE_HEADERS };
  return isTrouble(state) ? data({ ...formFailure(undefined), kind: state.kind }, init) : data({ ok: true as const, ...state }, init);
}

/** The link in the mail lands here. It only reads: mail scanners that open links must not unsubscribe anyone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  let state: PageState;
  try {
    const found = await findSubscriptionByToken(services.database.db, token, services.tokens);
    if (found.status === "invalid-token") state = { kind: "invalid" };
    else if (found.status === "not-found") state = { kind: "not-found" };
    else if (found.status === "inactive") state = { kind: "unsubscribed", email: maskEmail(found.email), already: true };
    else state = { kind: "confirm", email: maskEmail(found.email), token };
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "unsubscribe lookup failed");
    state = { kind: "unavailable" };
  }
  return data(state, { status: statusOf(state), headers: PRIVATE_HEADERS });
}

/** The confirmation button posts here (also answers RFC 8058 one-click posts to the same URL). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  // No form body (or no token in it): the token in the URL decides.
  const parsed = parseForm(unsubscribeSchema, await readFormData(request));
  const token = parsed.ok ? (parsed.data.token ?? new URL(request.url).searchParams.get("token")) : null;
  let state: PageState;
  try {
    const outcome = await unsubscribe(services.database.db, token, services.tokens);
    if (outcome.status === "invalid-token") state = { kind: "invalid" };
    else if (outcome.status === "not-found") state = { kind: "not-found" };
    else {
      state = { kind: "unsubscribed", email: maskEmail(outcome.email), already: outcome.status === "already-unsubscribed" };
      context.get(requestContext).logger.info({ status: outcome.status }, "newsletter unsubscribe");
    }
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "unsubscribe failed");
    state = { kind: "unavailable" };
  }
  return answerOf(state);
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="relative isolate flex flex-1 items-center justify-center px-6 py-20 sm:py-28">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]" />
      <div className="w-full max-w-xl border border-border bg-surface px-6 py-14 text-center shadow-[0_30px_80px_-50px_rgba(43,42,40,0.5)] sm:px-14">
        <p className="eyebrow">The Hive newsletter</p>
        <Body state={state} busy={busy} />
      </div>
    </section>
  );
}

function Body({ state, busy }: { state: PageState; busy: boolean }) {
  const rule = <div aria-hidden="true" className="mx-auto mt-6 h-px w-16 bg-gold" />;
  const contact = (
    <a href={`mailto:${BRAND.email}`} className="text-gold-ink underline underline-offset-4">
      {BRAND.email}
    </a>
  );
  switch (state.kind) {
    case "confirm":
      return (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">Leaving the Hive?</h1>
          {rule}
          <p className="mt-6 leading-relaxed text-muted-foreground">
            We will stop sending our newsletter to <strong className="text-foreground">{state.email}</strong>. No hard feelings, and no more
            emails from us.
          </p>
          <Form method="post" className="mt-10 flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
            <input type="hidden" name="token" value={state.token} />
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              {busy ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link to="/">Keep me on the list</Link>
            </Button>
          </Form>
        </>
      );
    case "unsubscribed":
      return (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">{state.already ? "You're already unsubscribed" : "You've been unsubscribed"}</h1>
          {rule}
          <p role="status" className="mt-6 leading-relaxed text-muted-foreground">
            {state.already ? "There is nothing more to do:" : "We'll miss you, but we understand."}{" "}
            <strong className="text-foreground">{state.email}</strong> will no longer receive our newsletter. Our door on Whitaker Street is
            always open.
          </p>
          <div className="mt-10 flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
            <Button asChild className="w-full sm:w-auto">
              <Link to="/">Return to Home</Link>
            </Button>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link to="/newsletter">Changed your mind?</Link>
            </Button>
          </div>
        </>
      );
    case "not-found":
      return (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">We couldn&rsquo;t find that subscription</h1>
          {rule}
          <p role="alert" className="mt-6 leading-relaxed text-muted-foreground">
            It may already have been removed from our list. If our emails still reach you, write to {contact} and we will take you off by
            hand.
          </p>
          <Button asChild variant="outline" className="mt-10">
            <Link to="/">Return to Home</Link>
          </Button>
        </>
      );
    case "unavailable":
      return (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">Please try again in a moment</h1>
          {rule}
          <p role="alert" className="mt-6 leading-relaxed text-muted-foreground">
            We couldn&rsquo;t update your subscription just now. Your link still works: try it again shortly, or write to {contact}.
          </p>
        </>
      );
    default:
      return (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">This link has lost its way</h1>
          {rule}
          <p role="alert" className="mt-6 leading-relaxed text-muted-foreground">
            This unsubscribe link is incomplete or has been altered. Please use the link at the bottom of our most recent email, or write to{" "}
            {contact} and we will take you off the list by hand.
          </p>
          <Button asChild variant="outline" className="mt-10">
            <Link to="/">Return to Home</Link>
          </Button>
        </>
      );
  }
}
