import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/fitting-room-cancel";
import { Button } from "~/components/ui/button";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext } from "~/lib/context.server";
import { longDate, slotLabel } from "~/modules/fittings/fittings";
import { cancelFittingByLink, findFittingByLink, type CancelLookup } from "~/modules/fittings/fittings.server";

type PageState =
  | { kind: "confirm"; when: string; token: string }
  | { kind: "cancelled"; when: string; already: boolean }
  | { kind: "over"; when: string }
  | { kind: "invalid" }
  | { kind: "not-found" }
  | { kind: "unavailable" };

// The token is a key to someone's booking: keep the page out of indexes, caches and Referer headers.
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };

export const meta: Route.MetaFunction = () => [
  { title: `Cancel your fitting | ${BRAND.fullName}` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

function statusOf(state: PageState): number {
  if (state.kind === "invalid") return 400;
  if (state.kind === "not-found") return 404;
  if (state.kind === "unavailable") return 503;
  return 200;
}

function whenOf(lookup: Extract<CancelLookup, { appointment: unknown }>): string {
  return `${longDate(lookup.appointment.preferredDate)} at ${slotLabel(lookup.appointment.preferredTime)}`;
}

function stateOf(lookup: CancelLookup, token: string, justCancelled: boolean): PageState {
  if (lookup.status === "invalid-token") return { kind: "invalid" };
  if (lookup.status === "not-found") return { kind: "not-found" };
  if (lookup.status === "over") return { kind: "over", when: whenOf(lookup) };
  if (lookup.status === "cancelled") return { kind: "cancelled", when: whenOf(lookup), already: !justCancelled };
  return { kind: "confirm", when: whenOf(lookup), token };
}

/** The link in the confirmation mail lands here. It only reads: a mail scanner opening it cancels nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  let state: PageState;
  try {
    state = stateOf(await findFittingByLink(services.database.db, token, services.tokens), token, false);
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "fitting cancel lookup failed");
    state = { kind: "unavailable" };
  }
  return data(state, { status: statusOf(state), headers: PRIVATE_HEADERS });
}

/** The confirmation button posts here: cancels, frees the slot and queues the cancellation. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  let token: unknown = new URL(request.url).searchParams.get("token");
  try {
    token = (await request.formData()).get("token") ?? token;
  } catch {
    // No form body: the token in the URL decides.
  }
  let state: PageState;
  try {
    const before = await findFittingByLink(services.database.db, token, services.tokens);
    const outcome = await cancelFittingByLink(services.database.db, token, {
      tokens: services.tokens,
      settings: services.env,
      appUrl: services.env.APP_URL,
    });
    state = stateOf(outcome, String(token ?? ""), before.status === "active");
    if (before.status === "active" && outcome.status === "cancelled") {
      services.nudgeMail();
      context.get(requestContext).logger.info({ appointmentId: outcome.appointment.id }, "fitting cancelled");
    }
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "fitting cancel failed");
    state = { kind: "unavailable" };
  }
  return data(state, { status: statusOf(state), headers: PRIVATE_HEADERS });
}

export default function CancelFitting({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  const rule = <div aria-hidden="true" className="mx-auto mt-6 h-px w-16 bg-gold" />;
  let body;
  switch (state.kind) {
    case "confirm":
      body = (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">Cancel your fitting?</h1>
          {rule}
          <p className="mt-6 leading-relaxed text-muted-foreground">
            Your fitting on <strong className="text-foreground">{state.when}</strong> will be cancelled and the time offered to someone
            else.
          </p>
          <Form method="post" className="mt-10 flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
            <input type="hidden" name="token" value={state.token} />
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              {busy ? "Cancelling..." : "Cancel Appointment"}
            </Button>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link to="/">Keep my appointment</Link>
            </Button>
          </Form>
        </>
      );
      break;
    case "cancelled":
      body = (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">{state.already ? "Already cancelled" : "Your fitting is cancelled"}</h1>
          {rule}
          <p role="status" className="mt-6 leading-relaxed text-muted-foreground">
            Your fitting on <strong className="text-foreground">{state.when}</strong> is cancelled.
            {state.already ? "" : " A confirmation is on its way to your inbox."}
          </p>
          <Button asChild className="mt-10">
            <Link to="/fitting-room">Book another time</Link>
          </Button>
        </>
      );
      break;
    case "over":
      body = (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">This fitting has taken place</h1>
          {rule}
          <p className="mt-6 leading-relaxed text-muted-foreground">
            Your fitting on {state.when} is complete; there is nothing to cancel.
          </p>
        </>
      );
      break;
    case "unavailable":
      body = (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">Please try again in a moment</h1>
          {rule}
          <p role="alert" className="mt-6 leading-relaxed text-muted-foreground">
            We couldn&rsquo;t reach your booking just now. Your link still works: try again shortly, or call us on {BRAND.phone}.
          </p>
        </>
      );
      break;
    default:
      body = (
        <>
          <h1 className="mt-4 text-4xl sm:text-5xl">This link has lost its way</h1>
          {rule}
          <p role="alert" className="mt-6 leading-relaxed text-muted-foreground">
            This cancel link is incomplete, altered or too old. Please call us on {BRAND.phone} and we will help.
          </p>
          <Button asChild variant="outline" className="mt-10">
            <Link to="/">Return to Home</Link>
          </Button>
        </>
      );
  }
  return (
    <section className="relative isolate flex flex-1 items-center justify-center px-6 py-20 sm:py-28">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]" />
      <div className="w-full max-w-xl border border-border bg-surface px-6 py-14 text-center sm:px-14">
        <p className="eyebrow">The Fitting Room</p>
        {body}
      </div>
    </section>
  );
}
