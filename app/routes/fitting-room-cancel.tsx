import type { Route } from "./+types/fitting-room-cancel";
import { TokenLanding, TokenLandingConfirm, TokenLandingLinks, TokenLandingText } from "~/components/ui/token-landing";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext, type AppServices } from "~/lib/context.server";
import { formatSlot } from "~/lib/format";
import { firstMessage, formFailure, parseForm, readFormData, type FormFailure } from "~/lib/forms";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { privatePageMeta } from "~/lib/seo";
import { answerTokenLanding, linkToken, postedToken, tokenLandingHeaders, type TokenLandingFailure } from "~/lib/token-landing.server";
import { tooManyMessage } from "~/lib/too-many-requests.server";
import { RescheduleFittingForm, RescheduleOffer } from "~/modules/fittings/components/reschedule-fitting-form";
import {
  cancelFittingByLink,
  findFittingByLink,
  fittingAvailability,
  rescheduleFittingByLink,
  type CancelLookup,
} from "~/modules/fittings/fittings.server";
import { linkRescheduleSchema } from "~/modules/fittings/schema";
import type { DayAvailability } from "~/modules/fittings/types";

type PageState =
  | { kind: "confirm"; when: string; token: string }
  | {
      kind: "reschedule";
      token: string;
      current: { date: string; time: string };
      sequence: number;
      availability: DayAvailability;
      failure?: FormFailure;
    }
  | { kind: "rescheduled"; when: string; from: string; token: string }
  | { kind: "changed"; message: string; token: string }
  | { kind: "cancelled"; when: string; already: boolean; note?: string }
  | { kind: "over"; when: string }
  | TokenLandingFailure;

export const meta: Route.MetaFunction = () => privatePageMeta(`Cancel your fitting | ${BRAND.fullName}`);

export function headers(args: Route.HeadersArgs) {
  return tokenLandingHeaders(args);
}

function whenOf(lookup: Extract<CancelLookup, { appointment: unknown }>): string {
  return formatSlot(lookup.appointment.preferredDate, lookup.appointment.preferredTime);
}

/** The reschedule view of an active booking: its calendar and the asked day's times (`?date=`, else its own day). */
async function rescheduleView(
  services: AppServices,
  lookup: Extract<CancelLookup, { appointment: unknown }>,
  token: string,
  asked: string | null,
  failure?: FormFailure,
): Promise<PageState> {
  const { appointment } = lookup;
  const availability = await fittingAvailability(services.database.db, services.env, asked ?? appointment.preferredDate);
  return {
    kind: "reschedule",
    token,
    current: { date: appointment.preferredDate, time: appointment.preferredTime },
    sequence: appointment.calendarSequence,
    availability,
    ...(failure ? { failure } : {}),
  };
}

function stateOf(lookup: CancelLookup, token: string, justCancelled: boolean): PageState {
  if (lookup.status === "invalid-token") return { kind: "invalid" };
  if (lookup.status === "not-found") return { kind: "not-found" };
  if (lookup.status === "over") return { kind: "over", when: whenOf(lookup) };
  if (lookup.status === "cancelled") return { kind: "cancelled", when: whenOf(lookup), already: !justCancelled };
  return { kind: "confirm", when: whenOf(lookup), token };
}

/**
 * The link in every fitting mail lands here. It only reads: a mail scanner
 * opening it changes nothing. `&reschedule=1` shows the reschedule view
 * (`&date=` the day whose times it shows).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = linkToken(request);
  const params = new URL(request.url).searchParams;
  return answerTokenLanding(context, "fitting cancel lookup failed", async () => {
    const lookup = await findFittingByLink(services.database.db, token, services.tokens);
    if (lookup.status === "active" && params.has("reschedule")) return rescheduleView(services, lookup, token, params.get("date"));
    return stateOf(lookup, token, false);
  });
}

/**
 * Moves the fitting the link names to the posted slot, by the booking's
 * rules; refused as it would be from her account (a slot just taken keeps
 * the old booking; a form posted twice, or after a cancel, says what happened).
 */
async function reschedule(request: Request, context: Route.ActionArgs["context"], form: FormData | null) {
  const services = context.get(servicesContext);
  const token = String(form?.get("token") ?? "");
  return answerTokenLanding(context, "fitting reschedule by link failed", async (): Promise<PageState> => {
    const lookup = await findFittingByLink(services.database.db, token, services.tokens);
    if (lookup.status !== "active") return stateOf(lookup, token, false);
    const parsed = parseForm(linkRescheduleSchema, form);
    if (!parsed.ok)
      return rescheduleView(services, lookup, token, parsed.values.date?.toString() ?? null, {
        ...parsed,
        formError: firstMessage(parsed),
      });
    const verdict = await limit(context, rateLimitRules(services.env).fittingChange);
    if (verdict.refusal) return rescheduleView(services, lookup, token, parsed.data.date, formFailure(tooManyMessage(verdict.refusal)));
    const outcome = await rescheduleFittingByLink(services.database.db, lookup.appointment.id, parsed.data, {
      settings: services.env,
      appUrl: services.env.APP_URL,
      tokens: services.tokens,
    });
    if (outcome.status === "rescheduled") {
      services.nudgeMail();
      context.get(requestContext).logger.info({ appointmentId: outcome.appointment.id }, "fitting rescheduled by link");
      const { appointment, from } = outcome;
      return {
        kind: "rescheduled",
        token,
        when: formatSlot(appointment.preferredDate, appointment.preferredTime),
        from: formatSlot(from.date, from.time),
      };
    }
    if (outcome.status !== "refused") return stateOf(lookup, token, false);
    if (outcome.reason === "changed") return { kind: "changed", message: outcome.message, token };
    if (outcome.reason === "not-found" || outcome.reason === "inactive") {
      return stateOf(await findFittingByLink(services.database.db, token, services.tokens), token, false);
    }
    return rescheduleView(services, lookup, token, parsed.data.date, formFailure(outcome.message));
  });
}

/** The confirmation button posts here: cancels, frees the slot and queues the cancellation; the reschedule view's form moves it. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (new URL(request.url).searchParams.has("reschedule")) return reschedule(request, context, await readFormData(request));
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
          <RescheduleOffer token={state.token} question="Would another time suit you better?" />
        </TokenLanding>
      );
    case "reschedule":
      return (
        <TokenLanding eyebrow="The Fitting Room" title="Choose a new time">
          <div className="mt-8">
            <RescheduleFittingForm
              framed={false}
              current={state.current}
              availability={state.availability}
              hidden={{ token: state.token, sequence: String(state.sequence) }}
              failure={state.failure}
              keep={{ to: `?token=${encodeURIComponent(state.token)}`, label: "Keep the current time" }}
            />
          </div>
        </TokenLanding>
      );
    case "rescheduled":
      return (
        <TokenLanding eyebrow="The Fitting Room" title="Your fitting has moved">
          <TokenLandingText role="status">
            Your fitting is now on <strong className="text-foreground">{state.when}</strong> (it was {state.from}). An updated invitation is
            on its way to your inbox.
          </TokenLandingText>
          <TokenLandingLinks links={[{ to: "/", label: "Return to Home", variant: "outline" }]} />
        </TokenLanding>
      );
    case "changed":
      return (
        <TokenLanding eyebrow="The Fitting Room" title="Already changed">
          <TokenLandingText role="status">{state.message}</TokenLandingText>
          <RescheduleOffer token={state.token} question="Would yet another time suit you better?" />
        </TokenLanding>
      );
    case "cancelled":
      return (
        <TokenLanding eyebrow="The Fitting Room" title={state.already ? "Already cancelled" : "Your fitting is cancelled"}>
          <TokenLandingText role="status">
            Your fitting on <strong className="text-foreground">{state.when}</strong>
            {state.already
              ? " is cancelled, so it can no longer be moved or cancelled again."
              : " is cancelled. A confirmation is on its way to your inbox."}
          </TokenLandingText>
          <TokenLandingLinks links={[{ to: "/fitting-room", label: "Book another time" }]} />
        </TokenLanding>
      );
    case "over":
      return (
        <TokenLanding eyebrow="The Fitting Room" title="This fitting has taken place">
          <TokenLandingText>Your fitting on {state.when} is complete; there is nothing to move or cancel.</TokenLandingText>
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
