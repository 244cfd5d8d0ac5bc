import { data } from "react-router";
import type { Route } from "./+types/fitting-room";
import { requestContext, servicesContext } from "~/lib/context.server";
import { contactDetails, getViewer } from "~/modules/accounts/accounts.server";
import { BRAND } from "~/lib/brand";
import { firstMessage, formFailure, parseForm, readFormData } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { tooManyRequests } from "~/lib/too-many-requests.server";
import { PageHero } from "~/modules/brand/components/page-hero";
import { isIsoDate } from "~/modules/fittings/fittings";
import {
  FittingBookingForm,
  type FittingAvailability,
  type FittingBookingResult,
} from "~/modules/fittings/components/fitting-booking-form";
import { StudioBox } from "~/modules/fittings/components/studio-box";
import { bookFitting, bookingConfirmation, fittingCalendar, pullListChoices, slotsForDate } from "~/modules/fittings/fittings.server";
import { FITTING_MESSAGES, fittingBookingSchema } from "~/modules/fittings/schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: `The Fitting Room | Book a Fitting | ${BRAND.fullName}`,
    description: `Book a fitting or alterations appointment at ${BRAND.fullName} in ${BRAND.city}: Monday to Saturday, 10am to 6pm.`,
    path: "/fitting-room",
  });

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** The calendar (days that can be chosen) and one day's slots, on the boutique's clock. `?date=` picks the day. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<FittingAvailability> {
  const { database, env } = context.get(servicesContext);
  const viewer = await getViewer(request, context);
  const now = new Date();
  const calendar = await fittingCalendar(database.db, env, now);
  const asked = new URL(request.url).searchParams.get("date");
  const date = asked && isIsoDate(asked) ? asked : calendar.firstOpenDay;
  const slots = date ? await slotsForDate(database.db, date, env, now) : [];
  // A signed-in shopper finds her details filled in, and may tick dresses from her wishlist for staff to have ready (the pull list).
  const pullChoices = viewer ? await pullListChoices(database.db, viewer.id) : [];
  const contact = viewer ? await contactDetails(database.db, viewer) : null;
  return { calendar, date, slots, pullChoices, contact };
}

const formValues = (form: FormData) =>
  Object.fromEntries(["name", "email", "phone", "date", "time", "notes"].map((key) => [key, String(form.get(key) ?? "").slice(0, 2000)]));

/**
 * Books a fitting: `{ ok: true, booking }` (what the confirmation panel shows), or a FormFailure whose
 * formError is the toast (the first message, as SPEC shows it), with one
 * message per field and what was typed. 400 for a form that does not pass;
 * 409 when the slot is closed or taken; 429 past the per-client limit; 503
 * when the database fails. Never stores anything on a refusal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { logger, clientIp } = context.get(requestContext);
  const form = await readFormData(request);
  if (!form) return data<FittingBookingResult>(formFailure(FITTING_MESSAGES.failed), { status: 400 });
  const values = formValues(form);
  const parsed = parseForm(fittingBookingSchema, form);
  if (!parsed.ok) {
    return data<FittingBookingResult>(formFailure(firstMessage(parsed) ?? FITTING_MESSAGES.failed, parsed.fieldErrors, values), {
      status: 400,
    });
  }
  if (parsed.data.website) {
    logger.warn({ clientIp }, "fitting booking honeypot filled");
    return data<FittingBookingResult>(formFailure(FITTING_MESSAGES.failed, {}, values), { status: 400 });
  }
  try {
    const verdict = await limit(context, rateLimitRules(services.env).fittingBooking);
    if (verdict.refusal) return tooManyRequests(verdict.refusal, values);
    // A signed-in shopper's request joins her account; a guest's keeps user_id null.
    const viewer = await getViewer(request, context);
    const outcome = await bookFitting(services.database.db, parsed.data, {
      settings: services.env,
      appUrl: services.env.APP_URL,
      tokens: services.tokens,
      userId: viewer?.id ?? null,
      pullProductIds: form.getAll("pull").filter((value): value is string => typeof value === "string"),
    });
    if (outcome.status === "refused") {
      const field = outcome.reason === "started" || outcome.reason === "full" || outcome.reason === "blocked" ? "time" : "date";
      return data<FittingBookingResult>(formFailure(outcome.message, { [field]: [outcome.message] }, values), { status: 409 });
    }
    services.nudgeMail();
    logger.info({ appointmentId: outcome.appointment.id }, "fitting booked");
    return data<FittingBookingResult>({ ok: true, booking: bookingConfirmation(outcome, services.tokens) });
  } catch (error) {
    logger.error({ err: error }, "fitting booking failed");
    return data<FittingBookingResult>(formFailure(FITTING_MESSAGES.failed, {}, values), { status: 503 });
  }
}

/** A request that never reaches the server still ends in SPEC's failure toast. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<FittingBookingResult> {
  try {
    return await serverAction();
  } catch {
    return formFailure(FITTING_MESSAGES.failed);
  }
}

export default function FittingRoom({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="The Fitting Room" title="Your Perfect Fit Awaits">
        Book a private fitting with our seamstresses. Whether your gown came from us or from somewhere else, we will make it yours.
      </PageHero>
      <div className="px-6 pb-24 sm:px-8 sm:pb-32">
        <div className="mx-auto grid max-w-6xl gap-14 lg:grid-cols-[1fr_1.6fr] lg:gap-20">
          <div className="space-y-10">
            <section aria-labelledby="alterations-heading">
              <p className="eyebrow">Alterations</p>
              <h2 id="alterations-heading" className="mt-3 text-3xl sm:text-4xl">
                Expert Alterations, In-House
              </h2>
              <div className="mt-6 space-y-4 leading-relaxed text-muted-foreground">
                <p>
                  Every body is different, and a gown should follow yours. Our seamstresses hem, take in, let out, add bustles and reshape
                  bodices in our own studio, by the same hands that will see you on the day.
                </p>
                <p>
                  Simple hems start at $50. Bring the shoes you will wear, and plan your first fitting six to eight weeks before your event.
                </p>
              </div>
            </section>
            <StudioBox />
          </div>
          <section aria-labelledby="booking-heading" className="border border-border bg-background p-4 sm:p-10">
            <p className="eyebrow">Book your visit</p>
            <h2 id="booking-heading" className="mt-3 mb-8 text-3xl sm:text-4xl">
              Book a Fitting
            </h2>
            <FittingBookingForm availability={loaderData} serverResult={actionData} />
          </section>
        </div>
      </div>
    </>
  );
}
