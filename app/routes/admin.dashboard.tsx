import { data, useNavigation } from "react-router";
import type { Route } from "./+types/admin.dashboard";
import { Button } from "~/components/ui/button";
import { LinkTabs } from "~/components/ui/tabs";
import { requestContext, servicesContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { authHeaders, flashRedirect, mergeSetCookies, requireAdmin } from "~/modules/accounts/accounts.server";
import { AUTH_MESSAGES } from "~/modules/accounts/accounts";
import { DASHBOARD_MESSAGES, DASHBOARD_TABS, dashboardHref } from "~/modules/admin/admin";
import {
  cancelFittingAsStaff,
  changeStatus,
  deleteItem,
  loadDashboard,
  loadRowDetails,
  parseView,
  rescheduleFittingAsStaff,
} from "~/modules/admin/admin.server";
import { AdminPageHeader, adminPageStyles } from "~/modules/admin/components/admin-nav";
import { CountCards } from "~/modules/admin/components/count-cards";
import { DashboardPanel } from "~/modules/admin/components/dashboard-panel";
import { DetailsPanel, type DetailsPanelState } from "~/modules/admin/components/details-panel";
import { RecentActivity } from "~/modules/admin/components/recent-activity";
import { useHydrated } from "~/lib/hydrated";
import { DashboardToasts, useDashboardFetcher, type DashboardAnswer } from "~/modules/admin/components/use-dashboard-action";
import { firstMessage, formFailure, parseForm, type FieldErrors, type SubmittedValues } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";
import { fittingRescheduleSchema, fittingStaffCancelSchema } from "~/modules/fittings/schema";
import { STAFF_MESSAGES } from "~/modules/fittings/staff-schema";
import { refusalStatus } from "~/modules/fittings/fittings.server";
import { LiveUpdates } from "~/modules/realtime/components/live-updates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Admin Dashboard | The Hive Bridal & Formal", description: "Staff dashboard.", path: "/admin/dashboard" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, env } = context.get(servicesContext);
  const url = new URL(request.url);
  const view = parseView(url);
  const confirm = url.searchParams.get("confirm");
  url.searchParams.delete("confirm");
  // The list's own address: the open panel's id is not part of it (closing the panel goes back to it).
  url.searchParams.delete("id");
  // Not url.pathname: a client navigation's data request arrives at /admin/dashboard.data (with a _routes list).
  url.searchParams.delete("_routes");
  const currentHref = `/admin/dashboard?${url.searchParams.toString() || `tab=${view.tab}`}`;
  // Times are written on the boutique's clock, in the browser too (lib/format).
  const timeZone = env.BOUTIQUE_TIME_ZONE;
  try {
    const clock = { now: new Date(), timeZone };
    const [dashboard, panelRow] = await Promise.all([
      loadDashboard(database.db, view, clock),
      view.id === null ? null : loadRowDetails(database.db, view.tab, view.id, clock),
    ]);
    // A malformed or unknown id opens the panel on "not found", never an error page.
    const panel: DetailsPanelState | null = view.id === null ? null : { id: view.id, row: panelRow };
    return {
      dashboard,
      panel,
      currentHref,
      confirm: confirm && isUuid(confirm) ? confirm : null,
      failed: false,
      timeZone,
    };
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "admin dashboard failed to load");
    return { dashboard: null, panel: null, currentHref, confirm: null, failed: true, timeZone };
  }
}

/** Only a view of this dashboard or of the agenda (whose marks post here); anything else goes to the dashboard. */
function backFrom(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/admin\/(dashboard|agenda)(\?[^#\\]*)?$/.test(value) && value.length < 1000
    ? value
    : "/admin/dashboard";
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { database, auth, images, env, tokens, nudgeMail } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = backFrom(form.get("back"));
  // A script's fetcher gets the answer as data (and a toast): `{ ok: true, intent, message }`, or a FormFailure
  // naming the intent, its formError the toast. A plain form gets a redirect carrying the message.
  const byScript = form.get("via") === "fetcher";
  const succeed = (message: string) =>
    byScript ? data<DashboardAnswer>({ ok: true, intent, message }) : flashRedirect(back, { kind: "success", message });
  const fail = (message: string, status: number, fieldErrors?: FieldErrors, values?: SubmittedValues) =>
    byScript
      ? data<DashboardAnswer>({ intent, ...formFailure(message, fieldErrors, values) }, { status })
      : flashRedirect(back, { kind: "error", message });
  const actor = { id: admin.id, email: admin.email };
  const failureStatus = (reason: "invalid" | "not-found" | "conflict") => (reason === "invalid" ? 400 : reason === "not-found" ? 404 : 409);

  switch (intent) {
    case "refresh":
      return succeed(DASHBOARD_MESSAGES.refreshed);
    case "status": {
      const outcome = await changeStatus(
        database.db,
        actor,
        { tab: form.get("tab"), id: form.get("id"), status: form.get("status"), from: form.get("from") },
        // An upcoming fitting set to cancelled is cancelled with the customer's mail, as by the Cancel fitting button.
        { settings: env, appUrl: env.APP_URL, tokens },
      );
      if (outcome.ok) {
        nudgeMail();
        logger.info({ tab: form.get("tab"), id: form.get("id") }, "admin changed a status");
        return succeed(DASHBOARD_MESSAGES.statusUpdated);
      }
      if (outcome.reason === "stale") return fail(DASHBOARD_MESSAGES.changedElsewhere(outcome.now), 409);
      if (outcome.reason === "closed") return fail(outcome.message, 409);
      return fail(DASHBOARD_MESSAGES.statusFailed, failureStatus(outcome.reason));
    }
    case "delete": {
      const outcome = await deleteItem(
        database.db,
        actor,
        { tab: form.get("tab"), id: form.get("id") },
        {
          now: new Date(),
          timeZone: env.BOUTIQUE_TIME_ZONE,
          store: images,
          // The row is gone either way; a file left behind is logged for someone to sweep.
          onFileError: (error, keys) => logger.error({ err: error, keys }, "a deleted request's image files could not be removed"),
        },
      );
      if (outcome.ok) {
        logger.info({ tab: form.get("tab"), id: form.get("id") }, "admin deleted an item");
        return succeed(DASHBOARD_MESSAGES.deleted);
      }
      // A fitting still to come is cancelled first (the customer is mailed), never deleted outright.
      if (outcome.reason === "upcoming") return fail(DASHBOARD_MESSAGES.cancelFirst, 409);
      return fail(DASHBOARD_MESSAGES.deleteFailed, failureStatus(outcome.reason));
    }
    case "reschedule":
    case "cancel-fitting": {
      const rescheduling = intent === "reschedule";
      const failed = rescheduling ? STAFF_MESSAGES.rescheduleFailed : STAFF_MESSAGES.cancelFailed;
      const options = { settings: env, appUrl: env.APP_URL, tokens };
      const reschedule = rescheduling ? parseForm(fittingRescheduleSchema, form) : null;
      const cancel = rescheduling ? null : parseForm(fittingStaffCancelSchema, form);
      const invalid = reschedule && !reschedule.ok ? reschedule : cancel && !cancel.ok ? cancel : null;
      if (invalid) return fail(firstMessage(invalid) ?? failed, 400, invalid.fieldErrors, invalid.values);
      try {
        const outcome = reschedule?.ok
          ? await rescheduleFittingAsStaff(database.db, actor, reschedule.data, options)
          : cancel?.ok
            ? await cancelFittingAsStaff(database.db, actor, cancel.data.id, options)
            : null;
        if (!outcome) return fail(failed, 400);
        if (outcome.status === "refused") {
          const field = ["full", "blocked", "started", "same"].includes(outcome.reason)
            ? "time"
            : ["closed", "past", "beyond"].includes(outcome.reason)
              ? "date"
              : "id";
          return fail(outcome.message, refusalStatus(outcome.reason), rescheduling ? { [field]: [outcome.message] } : undefined);
        }
        nudgeMail();
        logger.info({ id: outcome.appointment.id, from: outcome.from, to: outcome.status }, `admin ${outcome.status} a fitting`);
        return succeed(rescheduling ? STAFF_MESSAGES.rescheduled : STAFF_MESSAGES.cancelled);
      } catch (error) {
        logger.error({ err: error }, `admin ${intent} failed`);
        return fail(failed, 503);
      }
    }
    case "logout": {
      const signedOut = await auth.api.signOut({ headers: authHeaders(request, context), asResponse: true });
      throw flashRedirect("/admin/login", { kind: "success", message: AUTH_MESSAGES.loggedOut }, mergeSetCookies(signedOut));
    }
  }
  return fail("Unknown action", 400);
}

function RefreshButton() {
  const fetcher = useDashboardFetcher();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "refresh";
  return (
    <fetcher.Form method="post" action="/admin/dashboard">
      <input type="hidden" name="intent" value="refresh" />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {busy ? "Refreshing..." : "Refresh"}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, panel, currentHref, confirm, failed, timeZone } = loaderData;
  const navigating = useNavigation().state === "loading";
  const tab = dashboard?.view.tab ?? "submissions";
  return (
    <section className={adminPageStyles}>
      <DashboardToasts />
      <AdminPageHeader title="Admin Dashboard">
        {/* New bookings, requests and subscribers, and other admins' changes, reload the page's data as they happen (SPEC §4). */}
        <LiveUpdates />
        {/* Refresh keeps working without JavaScript as a plain form: it posts, and the page comes back with the toast. */}
        <RefreshButton />
      </AdminPageHeader>

      {failed || !dashboard ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-destructive">
          {DASHBOARD_MESSAGES.loadFailed}
        </p>
      ) : (
        <>
          {/* A dialog once the page is interactive; before, a section at the top of the page. */}
          <DetailsPanel panel={panel} tab={tab} closeHref={currentHref} back={currentHref} timeZone={timeZone} />
          <CountCards counts={dashboard.counts} />
          <div aria-busy={navigating} className="min-w-0">
            <LinkTabs
              label="Dashboard sections"
              tabs={DASHBOARD_TABS.map((t) => ({ to: dashboardHref({ tab: t.id }), label: t.label, selected: t.id === tab }))}
            >
              <DashboardPanel page={dashboard} confirmId={confirm} currentHref={currentHref} timeZone={timeZone} />
            </LinkTabs>
          </div>
          <RecentActivity entries={dashboard.activity} timeZone={timeZone} />
        </>
      )}
    </section>
  );
}
