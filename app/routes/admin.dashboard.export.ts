import type { Route } from "./+types/admin.dashboard.export";
import { servicesContext } from "~/lib/context.server";
import { flashRedirect, requireAdmin } from "~/modules/accounts/accounts.server";
import { DASHBOARD_MESSAGES, dashboardHref } from "~/modules/admin/admin";
import { exportCsv, parseView } from "~/modules/admin/admin.server";

/**
 * GET /admin/dashboard/export?tab=…&q=…&status=…: the CSV of what that view
 * of the dashboard shows, streamed. Nothing to export: back to the view with
 * SPEC §5's 'No data to export' (a browser follows it; a script sees a 303
 * and the header below).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, env } = context.get(servicesContext);
  const view = parseView(new URL(request.url));
  const csv = await exportCsv(database.db, view, { timeZone: env.BOUTIQUE_TIME_ZONE });
  if (!csv) {
    const response = flashRedirect(dashboardHref({ tab: view.tab, q: view.q, status: view.status }), {
      kind: "error",
      message: DASHBOARD_MESSAGES.noData,
    });
    response.headers.set("X-Export-Result", DASHBOARD_MESSAGES.noData);
    return new Response(null, { status: 303, headers: response.headers });
  }
  return new Response(csv.body, { headers: csv.headers });
}
