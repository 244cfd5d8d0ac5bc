import type { Route } from "./+types/admin.insights";
import { servicesContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import { AdminPageHeader, adminPageStyles } from "~/modules/admin/components/admin-nav";
import { loadDashboardInsights } from "~/modules/admin-insights/admin-insights.server";
import { DashboardCharts } from "~/modules/admin-insights/components/charts";
import { LiveUpdates } from "~/modules/realtime/components/live-updates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Insights | The Hive Bridal & Formal",
    description: "Staff: fittings, design requests and subscribers over time.",
    path: "/admin/insights",
    noindex: true,
  });

/** The dashboard's charts on a page of their own; they reload live like the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, env } = context.get(servicesContext);
  return { insights: await loadDashboardInsights(database.db, { timeZone: env.BOUTIQUE_TIME_ZONE }) };
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  return (
    <section className={adminPageStyles}>
      <AdminPageHeader title="Insights">
        <LiveUpdates />
      </AdminPageHeader>
      <DashboardCharts data={loaderData.insights} />
    </section>
  );
}
