import type { Route } from "./+types/fitting-room-cancel";
import { TokenLanding, TokenLandingConfirm, TokenLandingLinks, TokenLandingText } from "~/components/ui/token-landing";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext } from "~/lib/context.server";
import { privatePageMeta } from "~/lib/seo";
import { answerTokenLanding, linkToken, postedToken, tokenLandingHeaders, type TokenLandingFailure } from "~/lib/token-landing.server";
import { longDate, slotLabel } from "~/modules/fittings/fittings";
import { cancelFittingByLink, findFittingByLink, type CancelLookup } from "~/modules/fittings/fittings.server";

type PageState =
  | { kind: "confirm"; when: string; token: string }
  | { kind: "cancelled"; when: string; already: boolean }
  | { kind: "over"; when: string }
  | TokenLandingFailure;

export const meta: Route.MetaFunction = () => privatePageMeta(`Cancel your fitting | ${BRAND.fullName}`);

export function headers(args: Route.HeadersArgs) {
  return tokenLandingHeaders(args);
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
  const { database, tokens } = context.get(servicesContext);
  const token = linkToken(request);
  return answerTokenLanding(context, "fitting cancel lookup failed", async () =>
    stateOf(await findFittingByLink(database.db, token, tokens), token, false),
  );
}

/** The confirmation button posts here: cancels, frees the slot and queues the cancellation. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const token = await postedToken(request);
  return answerTokenLanding(context, "fitting cancel failed", async () => {
    const before = await findFittingByLink(services.database.db, token, services.tokens);
    const outcome = await cancelFittingByLink(services.database.db, token, {
      tokens: services.tokens,
      settings: services.env,
      appUrl: services.env.APP_URL,
    });
    const state = stateOf(outcome, token ?? "", before.status === "active");
    if (before.status === "active" && outcome.status === "cancelled") {
      services.nudgeMail();
      context.get(requestContext).logger.info({ appointmentId: outcome.appointment.id }, "fitting cancelled");
    }
    return state;
  });
}

export default function CancelFitting({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  switch (state.kind) {
    case "confirm":
      return (
        <TokenLanding eyebrow="The Fitting Room" title="Cancel your fitting?">
          <TokenLandingText>
            Your fitting on <strong className="text-foreground">{state.when}</strong> will be cancelled and the time offered to someone
            else.
          </TokenLandingText>
          <TokenLandingConfirm
            token={state.token}
            submit="Cancel Appointment"
            submitting="Cancelling..."
            keep={{ to: "/", label: "Keep my appointment" }}
          />
        </TokenLanding>
      );
    case "cancelled":
      return (
        <TokenLanding eyebrow="The Fitting Room" title={state.already ? "Already cancelled" : "Your fitting is cancelled"}>
          <TokenLandingText role="status">
            Your fitting on <strong className="text-foreground">{state.when}</strong> is cancelled.
            {state.already ? "" : " A confirmation is on its way to your inbox."}
          </TokenLandingText>
          <TokenLandingLinks links={[{ to: "/fitting-room", label: "Book another time" }]} />
        </TokenLanding>
      );
    case "over":
      return (
        <TokenLanding eyebrow="The Fitting Room" title="This fitting has taken place">
          <TokenLandingText>Your fitting on {state.when} is complete; there is nothing to cancel.</TokenLandingText>
        </TokenLanding>
      );
    case "unavailable":
      return (
        <TokenLanding eyebrow="The Fitting Room" title="Please try again in a moment">
          <TokenLandingText role="alert">
            We couldn&rsquo;t reach your booking just now. Your link still works: try again shortly, or call us on {BRAND.phone}.
          </TokenLandingText>
        </TokenLanding>
      );
    default:
      return (
        <TokenLanding eyebrow="The Fitting Room" title="This link has lost its way">
          <TokenLandingText role="alert">
            This cancel link is incomplete, altered or too old. Please call us on {BRAND.phone} and we will help.
          </TokenLandingText>
          <TokenLandingLinks links={[{ to: "/", label: "Return to Home", variant: "outline" }]} />
        </TokenLanding>
      );
  }
}
