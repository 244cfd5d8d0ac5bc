import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/account.appointments";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formatSlot } from "~/lib/format";
import { firstMessage, formFailure, parseForm, readFormData } from "~/lib/forms";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { tooManyRequests } from "~/lib/too-many-requests.server";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts";
import { flashRedirect, requireUser } from "~/modules/accounts/accounts.server";
import { EmptyTab, useAnswerToast, type AccountAnswer } from "~/modules/accounts/components/account-answer";
import { StatusBadge } from "~/modules/admin/components/status-badge";
import { RescheduleFittingForm } from "~/modules/fittings/components/reschedule-fitting-form";
import {
  cancelOwnFitting,
  fittingAvailability,
  listAppointments,
  refusalStatus,
  rescheduleOwnFitting,
  type AccountAppointment,
} from "~/modules/fittings/fittings.server";
import { SHOPPER_CHANGE_MESSAGES, shopperCancelSchema, shopperRescheduleSchema } from "~/modules/fittings/schema";

const TAB = "/account/appointments";

/**
 * Her fittings, latest first. `?reschedule=<id>` opens the reschedule view of
 * an upcoming one (with `?date=` the day whose times it shows), `?cancel=<id>`
 * its cancel question: plain addresses, so both work without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { database, env } = context.get(servicesContext);
  const url = new URL(request.url);
  const now = new Date();
  const appointments = await listAppointments(database.db, user.id, now);
  const upcoming = (key: string) => appointments.find((a) => a.upcoming && a.id === url.searchParams.get(key)) ?? null;
  const rescheduling = upcoming("reschedule");
  const availability = rescheduling
    ? await fittingAvailability(database.db, env, url.searchParams.get("date") ?? rescheduling.preferredDate, now)
    : null;
  return {
    appointments,
    rescheduling: rescheduling && availability ? { id: rescheduling.id, availability } : null,
    cancelling: upcoming("cancel")?.id ?? null,
  };
}

/** Reschedule or cancel one of her own fittings; the server checks it is hers, upcoming, and unchanged since she looked. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const services = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const form = (await readFormData(request)) ?? new FormData();
  const intent = String(form.get("intent") ?? "");
  const rescheduling = intent === "reschedule";
  const failed = rescheduling ? SHOPPER_CHANGE_MESSAGES.rescheduleFailed : SHOPPER_CHANGE_MESSAGES.cancelFailed;
  const move = rescheduling ? parseForm(shopperRescheduleSchema, form) : null;
  const parsed = move ?? parseForm(shopperCancelSchema, form);
  if (!parsed.ok) return data<AccountAnswer>({ intent, ...parsed, formError: firstMessage(parsed) ?? failed }, { status: 400 });
  try {
    const verdict = await limit(context, rateLimitRules(services.env).fittingChange);
    if (verdict.refusal) return tooManyRequests(verdict.refusal, {}, { intent });
    const options = { settings: services.env, appUrl: services.env.APP_URL, tokens: services.tokens };
    const outcome = move?.ok
      ? await rescheduleOwnFitting(services.database.db, user.id, move.data, options)
      : await cancelOwnFitting(services.database.db, user.id, parsed.data, options);
    if (outcome.status === "refused") {
      return data<AccountAnswer>({ intent, ...formFailure(outcome.message) }, { status: refusalStatus(outcome.reason) });
    }
    services.nudgeMail();
    logger.info({ appointmentId: outcome.appointment.id, userId: user.id }, `fitting ${outcome.status} by the shopper`);
    const message = outcome.status === "rescheduled" ? SHOPPER_CHANGE_MESSAGES.rescheduled : SHOPPER_CHANGE_MESSAGES.cancelled;
    throw flashRedirect(TAB, { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "fitting change from the account failed");
    return data<AccountAnswer>({ intent, ...formFailure(failed) }, { status: 503 });
  }
}

export default function AppointmentsTab({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as AccountAnswer | undefined;
  useAnswerToast(answer);
  const { appointments, rescheduling, cancelling } = loaderData;
  // A refusal the reschedule view does not show itself (a cancel, or a view no longer open), said above the list.
  const refusal = answer?.ok === false && !(answer.intent === "reschedule" && rescheduling) ? answer.formError : undefined;
  if (appointments.length === 0) return <EmptyTab>{ACCOUNT_MESSAGES.noAppointments}</EmptyTab>;
  return (
    <>
      <FormMessage className="mb-4">{refusal}</FormMessage>
      <ul className="grid gap-3" aria-label="Your appointments">
        {appointments.map((a) => (
          <li key={a.id} className="grid gap-4 rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="font-medium capitalize">{a.appointmentType}</p>
                <p className="text-sm text-muted-foreground">{formatSlot(a.preferredDate, a.preferredTime)}</p>
              </div>
              <StatusBadge status={a.status} />
            </div>
            {a.upcoming && rescheduling?.id !== a.id && cancelling !== a.id ? (
              <div className="flex flex-wrap gap-3">
                <ChangeButtons appointment={a} />
              </div>
            ) : null}
            {rescheduling?.id === a.id ? (
              <RescheduleFittingForm
                headingLevel={3}
                current={{ date: a.preferredDate, time: a.preferredTime }}
                availability={rescheduling.availability}
                hidden={{ intent: "reschedule", id: a.id, sequence: String(a.calendarSequence) }}
                failure={answer?.intent === "reschedule" ? answer : undefined}
                keep={{ to: TAB, label: "Keep the current time" }}
              />
            ) : null}
            {cancelling === a.id ? <CancelQuestion appointment={a} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** GET forms: buttons that open the view of this fitting (a plain address, so they work without JavaScript). */
function ChangeButtons({ appointment: a }: { appointment: AccountAppointment }) {
  const when = formatSlot(a.preferredDate, a.preferredTime);
  const views = [
    { name: "reschedule", label: "Reschedule" },
    { name: "cancel", label: "Cancel" },
  ];
  return views.map((view) => (
    <Form key={view.name} method="get" action={TAB} preventScrollReset>
      <input type="hidden" name={view.name} value={a.id} />
      <Button type="submit" variant="outline" size="sm" aria-label={`${view.label} your fitting on ${when}`}>
        {view.label}
      </Button>
    </Form>
  ));
}

function CancelQuestion({ appointment: a }: { appointment: AccountAppointment }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-label="Cancel your fitting?" className="border border-border bg-surface p-4 sm:p-6">
      <h3 className="text-xl">Cancel your fitting?</h3>
      <p className="mt-2 text-sm text-muted-foreground">
        Your fitting on <strong className="text-foreground">{formatSlot(a.preferredDate, a.preferredTime)}</strong> will be cancelled and
        the time offered to someone else. We will email you the cancellation.
      </p>
      <Form method="post" action={TAB} className="mt-4 flex flex-col gap-3 sm:flex-row">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="id" value={a.id} />
        <input type="hidden" name="sequence" value={String(a.calendarSequence)} />
        <Button type="submit" variant="destructive" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Cancelling..." : "Cancel Appointment"}
        </Button>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={TAB}>Keep my appointment</Link>
        </Button>
      </Form>
    </section>
  );
}
