import type { Route } from "./+types/admin.dashboard.slots";
import { servicesContext } from "~/lib/context.server";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import type { FittingAvailability } from "~/modules/fittings/components/fitting-booking-form";
import { isIsoDate } from "~/modules/fittings/fittings";
import { clockFor, fittingCalendar, judgeDay, slotsForDate } from "~/modules/fittings/fittings.server";

/**
 * GET /admin/dashboard/slots?date=YYYY-MM-DD: the calendar and one day's
 * slots for the dashboard's reschedule dialog, from the same availability the
 * Fitting Room shows shoppers. A date that cannot be booked gives way to the
 * first open day.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<FittingAvailability> {
  await requireAdmin(request, context);
  const { database, env } = context.get(servicesContext);
  const now = new Date();
  const calendar = await fittingCalendar(database.db, env, now);
  const asked = new URL(request.url).searchParams.get("date");
  const date = asked && isIsoDate(asked) && judgeDay(asked, clockFor(env, now)) === "open" ? asked : calendar.firstOpenDay;
  const slots = date ? await slotsForDate(database.db, date, env, now) : [];
  return { calendar, date, slots };
}
