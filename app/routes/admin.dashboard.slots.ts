import type { Route } from "./+types/admin.dashboard.slots";
import { servicesContext } from "~/lib/context.server";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import type { FittingAvailability } from "~/modules/fittings/components/fitting-booking-form";
import { fittingAvailability } from "~/modules/fittings/fittings.server";

/**
 * GET /admin/dashboard/slots?date=YYYY-MM-DD: the calendar and one day's
 * slots for the dashboard's reschedule dialog, from the same availability the
 * Fitting Room shows shoppers. A date that cannot be booked gives way to the
 * first open day.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<FittingAvailability> {
  await requireAdmin(request, context);
  const { database, env } = context.get(servicesContext);
  return fittingAvailability(database.db, env, new URL(request.url).searchParams.get("date"));
}
