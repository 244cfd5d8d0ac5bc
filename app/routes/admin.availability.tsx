import { data } from "react-router";
import type { Route } from "./+types/admin.availability";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formatSlot } from "~/lib/format";
import { firstMessage, formFailure, parseForm, readFormData, type FieldErrors, type SubmittedValues } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import { auditAvailability, cancelFittingAsStaff } from "~/modules/admin/admin.server";
import { AdminPageHeader, adminPageStyles } from "~/modules/admin/components/admin-nav";
import {
  AvailabilityForms,
  AvailabilityRules,
  AvailabilityToasts,
  HeldFittings,
  NextDays,
  type AvailabilityAnswer,
} from "~/modules/fittings/components/staff-availability";
import { longDate } from "~/modules/fittings/fittings";
import { availabilityOverview, changeAvailability } from "~/modules/fittings/fittings.server";
import { AVAILABILITY_MESSAGES, availabilitySchema, heldFittingsSchema } from "~/modules/fittings/staff-schema";
import type { AvailabilityRequest, HeldFitting } from "~/modules/fittings/types";
import { LiveUpdates } from "~/modules/realtime/components/live-updates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Availability | The Hive Bridal & Formal",
    description: "Staff: close days, block times and change seats.",
    path: "/admin/availability",
    noindex: true,
  });

/** The next two weeks, staff's changes from today on, and the fittings still booked on closed days and blocked times. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, env } = context.get(servicesContext);
  const overview = await availabilityOverview(database.db, env);
  return { overview, capacity: env.FITTING_SLOT_CAPACITY };
}

/** What was typed, to show again beside a refusal. */
const echo = (form: FormData | null): SubmittedValues =>
  Object.fromEntries(["date", "time", "note", "seats"].map((key) => [key, String(form?.get(key) ?? "").slice(0, 300)]));

const count = (n: number) => (n === 1 ? "1 fitting" : `${n} fittings`);

/** What a change says once it is stored. */
function doneMessage(request: AvailabilityRequest, fittings: HeldFitting[]): string {
  const when = "time" in request && request.time ? formatSlot(request.date, request.time) : longDate(request.date);
  const booked = fittings.length > 0 ? ` ${count(fittings.length)} still booked: cancel or keep them below.` : "";
  switch (request.action) {
    case "close-day":
      return `${when} is closed.${booked}`;
    case "reopen-day":
      return `${when} is open again.`;
    case "block-slot":
      return `${when} is blocked.${booked}`;
    case "unblock-slot":
      return `${when} is open again.`;
    case "set-seats":
      return `${when} takes ${request.seats} ${request.seats === 1 ? "fitting" : "fittings"} per time.`;
    case "reset-seats":
      return `${when} is back to the usual seats.`;
  }
}

/**
 * POST: one of the page's forms, told apart by `intent`. The admin role is checked first; a form that does not
 * pass (no date, a past date, a Sunday, seats out of range, a time that is not a fitting time) answers a FormFailure
 * with its messages and stores nothing. Every change is audited in its own transaction.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { database, env, tokens, nudgeMail } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const actor = { id: admin.id, email: admin.email };
  const form = await readFormData(request);
  const intent = String(form?.get("intent") ?? "");
  const fail = (message: string, status: number, fieldErrors?: FieldErrors, values?: SubmittedValues) =>
    data<AvailabilityAnswer>({ intent, ...formFailure(message, fieldErrors, values) }, { status });
  const succeed = (message: string, held?: Extract<AvailabilityAnswer, { ok: true }>["held"]) =>
    data<AvailabilityAnswer>({ ok: true, intent, message, held });

  try {
    if (intent === "cancel-fittings" || intent === "keep-fittings") {
      const parsed = parseForm(heldFittingsSchema, form);
      if (!parsed.ok) return fail(firstMessage(parsed) ?? AVAILABILITY_MESSAGES.fittings, 400, parsed.fieldErrors, parsed.values);
      const { date, id: ids } = parsed.data;
      if (intent === "keep-fittings") return succeed(`${count(ids.length)} on ${longDate(date)} kept.`);
      let cancelled = 0;
      for (const id of ids) {
        const outcome = await cancelFittingAsStaff(database.db, actor, id, { settings: env, appUrl: env.APP_URL, tokens });
        if (outcome.status === "cancelled") cancelled++;
      }
      if (cancelled > 0) nudgeMail();
      logger.info({ date, cancelled }, "admin cancelled the fittings of a closed day");
      return succeed(`${count(cancelled)} on ${longDate(date)} cancelled. Each customer is mailed.`);
    }
    const parsed = parseForm(availabilitySchema, form);
    if (!parsed.ok) return fail(firstMessage(parsed) ?? AVAILABILITY_MESSAGES.failed, 400, parsed.fieldErrors, parsed.values);
    const { intent: action, ...fields } = parsed.data;
    const change = { action, ...fields } as AvailabilityRequest;
    const outcome = await changeAvailability(database.db, change, { settings: env, within: auditAvailability(actor) });
    if (outcome.status === "refused") {
      const field = outcome.reason === "unchanged" ? "time" : "date";
      return fail(outcome.message, outcome.reason === "unchanged" ? 409 : 400, { [field]: [outcome.message] }, echo(form));
    }
    logger.info({ change: outcome.change, held: outcome.fittings.length }, "admin changed the fitting room's availability");
    const held = outcome.fittings.length > 0 ? { date: change.date, time: outcome.change.time, fittings: outcome.fittings } : undefined;
    return succeed(doneMessage(change, outcome.fittings), held);
  } catch (error) {
    logger.error({ err: error, intent }, "availability change failed");
    return fail(AVAILABILITY_MESSAGES.failed, 503);
  }
}

export default function AdminAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, capacity } = loaderData;
  const answer = actionData;
  // Fittings on closed days and blocked times, by day: the one just closed first (its question), then the others kept.
  const justClosed = answer?.ok ? answer.held : undefined;
  const heldDays = [...new Set(overview.held.map((fitting) => fitting.date))].filter((date) => date !== justClosed?.date);
  return (
    <section className={adminPageStyles}>
      <AvailabilityToasts answer={answer} />
      <AdminPageHeader
        title="Availability"
        description="Close a day, block a time or change how many fittings a time takes. The booking page follows at once."
      >
        <LiveUpdates />
      </AdminPageHeader>
      {justClosed ? (
        <HeldFittings
          date={justClosed.date}
          fittings={justClosed.fittings}
          title={`Booked on ${justClosed.time ? formatSlot(justClosed.date, justClosed.time) : longDate(justClosed.date)}`}
        />
      ) : null}
      <AvailabilityForms today={overview.today} answer={answer} capacity={capacity} />
      <NextDays days={overview.days} />
      <AvailabilityRules overview={overview} capacity={capacity} />
      {heldDays.length > 0 ? (
        <section aria-labelledby="held" className="grid gap-4">
          <h2 id="held" className="font-display text-2xl">
            Still booked on closed days and blocked times
          </h2>
          {heldDays.map((date) => (
            <HeldFittings
              key={date}
              date={date}
              fittings={overview.held.filter((fitting) => fitting.date === date)}
              title={`Booked on ${longDate(date)}`}
              kept
            />
          ))}
        </section>
      ) : null}
    </section>
  );
}
