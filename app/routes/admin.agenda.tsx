import { ChevronLeft, ChevronRight, Printer } from "lucide-react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.agenda";
import { Button } from "~/components/ui/button";
import { LinkTabs } from "~/components/ui/tabs";
import { requestContext, servicesContext } from "~/lib/context.server";
import { formatDay } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import {
  addDays,
  AGENDA_MESSAGES,
  AGENDA_VIEWS,
  agendaHref,
  DASHBOARD_MESSAGES,
  parseAgendaDay,
  weekStart,
  type AgendaView,
} from "~/modules/admin/admin";
import { loadAgenda } from "~/modules/admin/admin.server";
import { AdminPageHeader, adminPageStyles } from "~/modules/admin/components/admin-nav";
import { AgendaDaySection } from "~/modules/admin/components/agenda-day";
import { DashboardToasts } from "~/modules/admin/components/use-dashboard-action";
import { sizesInStock } from "~/modules/catalogue/catalogue";
import { LiveUpdates } from "~/modules/realtime/components/live-updates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Agenda | The Hive Bridal & Formal",
    description: "The day's and the week's fittings.",
    path: "/admin/agenda",
  });

/**
 * The agenda (issue 26): a day's or a week's fittings on the boutique's clock, each with its pull list. Its marks
 * (arrived, completed, no-show) post to the dashboard's action, the one status change; the day and view live in the
 * URL (`?view=week&date=2026-12-05`), so a day can be linked and printed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, env, catalogue } = context.get(servicesContext);
  const url = new URL(request.url);
  const view: AgendaView = url.searchParams.get("view") === "week" ? "week" : "day";
  const asked = url.searchParams.get("date");
  const date = parseAgendaDay(asked);
  const badDate = asked !== null && date === null;
  const timeZone = env.BOUTIQUE_TIME_ZONE;
  try {
    const agenda = await loadAgenda(database.db, { view, date }, { now: new Date(), timeZone });
    // The sizes to pull come from the catalogue (cached reads); a dress it cannot find just shows none.
    const handles = [...new Set(agenda.days.flatMap((d) => d.entries.flatMap((e) => e.pullList.map((p) => p.handle))))];
    const sizes = new Map(
      await Promise.all(
        handles.map(async (handle) => {
          const found = await catalogue.getProduct(handle).catch(() => null);
          return [handle, found?.product ? sizesInStock(found.product) : undefined] as const;
        }),
      ),
    );
    for (const entry of agenda.days.flatMap((d) => d.entries)) {
      entry.pullList = entry.pullList.map((item) => ({ ...item, sizes: sizes.get(item.handle) }));
    }
    return { agenda, badDate, failed: false, back: agendaHref(view, agenda.date) };
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "admin agenda failed to load");
    return { agenda: null, badDate, failed: true, back: "/admin/agenda" };
  }
}

/** Previous, Today and Next: a day or a week at a time. */
function DayNavigation({ view, date, today }: { view: AgendaView; date: string; today: string }) {
  const step = view === "day" ? 1 : 7;
  const unit = view === "day" ? "day" : "week";
  const showsToday = view === "day" ? date === today : weekStart(date) === weekStart(today);
  return (
    <nav aria-label={`Choose the ${unit}`} className="flex flex-wrap items-center gap-2 print:hidden">
      <Button asChild variant="outline" size="sm">
        <Link to={agendaHref(view, addDays(date, -step))} aria-label={`Previous ${unit}`}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {/* On a phone the arrows alone, so the three stay on one line (the link's name says which way). */}
          <span className="max-sm:sr-only">Previous</span>
        </Link>
      </Button>
      <Button asChild variant="choice" size="sm">
        <Link
          to={agendaHref(view, today)}
          aria-current={showsToday ? "date" : undefined}
          className="aria-[current=date]:border-primary aria-[current=date]:bg-primary aria-[current=date]:text-primary-foreground"
        >
          Today
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={agendaHref(view, addDays(date, step))} aria-label={`Next ${unit}`}>
          <span className="max-sm:sr-only">Next</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </Button>
    </nav>
  );
}

export default function AdminAgenda({ loaderData }: Route.ComponentProps) {
  const { agenda, badDate, failed, back } = loaderData;
  const navigating = useNavigation().state === "loading";
  const first = agenda?.days[0]?.date;
  const last = agenda?.days.at(-1)?.date;
  const range =
    agenda && first && last
      ? first === last
        ? formatDay(first, "weekday")
        : `${formatDay(first, "month-day")} – ${formatDay(last)}`
      : null;
  return (
    <section className={`${adminPageStyles} print:block print:max-w-none print:p-0 print:text-black print:**:text-black`}>
      <DashboardToasts />
      <AdminPageHeader
        title="Agenda"
        description={range ? <span className="print:hidden">{range}, in the boutique&apos;s time.</span> : null}
      >
        <LiveUpdates className="print:hidden" />
        <Button type="button" variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          Print day sheet
        </Button>
      </AdminPageHeader>
      {badDate ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-destructive print:hidden">
          {AGENDA_MESSAGES.badDate}
        </p>
      ) : null}
      {failed || !agenda ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-destructive">
          {DASHBOARD_MESSAGES.loadFailed}
        </p>
      ) : (
        <div aria-busy={navigating} className="min-w-0">
          <LinkTabs
            label="Agenda views"
            tabs={AGENDA_VIEWS.map((v) => ({ to: agendaHref(v.id, agenda.date), label: v.label, selected: v.id === agenda.view }))}
          >
            <div className="grid gap-8 pt-6 print:block print:pt-0">
              <DayNavigation view={agenda.view} date={agenda.date} today={agenda.today} />
              {agenda.truncated ? (
                <p role="status" className="text-sm text-muted-foreground">
                  {AGENDA_MESSAGES.truncated(agenda.days.reduce((n, d) => n + d.entries.length, 0))}
                </p>
              ) : null}
              {agenda.days.map((day) => (
                <AgendaDaySection key={day.date} day={day} today={agenda.today} back={back} />
              ))}
            </div>
          </LinkTabs>
        </div>
      )}
    </section>
  );
}
