import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { Form, Link, useSubmit } from "react-router";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button, buttonStyles } from "~/components/ui/button";
import { Thumbnail } from "~/components/ui/thumbnail";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { DASHBOARD_MESSAGES, dashboardHref, SEARCH_MAX_LENGTH, statusBadgeVariant, statusLabel, tabInfo } from "../admin";
import type { AppointmentRow, DashboardPage, DashboardRow, HistoryEntry, SubmissionRow } from "../types";
import { slotLabel } from "~/modules/fittings/fittings";
import { DeleteConfirmation, DeleteControl } from "./delete-control";
import { CancelFittingControl, isActiveAppointment, RescheduleControl } from "./fitting-changes";
import { StatusControl } from "./status-control";
import { InspirationThumbnails } from "~/modules/design-requests/components/inspiration-thumbnails";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatAt = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

function rowLabel(row: DashboardRow): string {
  return row.kind === "subscribers" ? row.email : row.name;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={statusBadgeVariant(status)}>{status}</Badge>;
}

/** What one audited change did, after the actor's email. */
export function historyText(entry: HistoryEntry): string {
  switch (entry.action) {
    case "delete":
      return "deleted it";
    case "reschedule":
      return `moved the fitting from ${entry.from ?? "none"} to ${entry.to ?? "none"} and mailed the customer`;
    case "cancel":
      return `cancelled the fitting of ${entry.from ?? "none"} and mailed the customer`;
    default:
      return `changed the status from ${entry.from ?? "none"} to ${entry.to ?? "none"}`;
  }
}

function History({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No changes recorded yet.</p>;
  return (
    <ol className="grid gap-1 text-sm">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.at}>{formatAt(entry.at)}</time>: {entry.actor} {historyText(entry)}
        </li>
      ))}
    </ol>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="break-words whitespace-pre-line">{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-xs tracking-[0.14em] text-muted-foreground uppercase">{title}</h3>
      <div className="mt-1">{children}</div>
    </section>
  );
}

function InspirationImages({ row }: { row: SubmissionRow }) {
  if (row.images.length === 0) return <p className="text-sm text-muted-foreground">No images sent.</p>;
  return <InspirationThumbnails images={row.images} from={row.name} className="grid grid-cols-3 gap-2" />;
}

function CustomerHistory({ row }: { row: SubmissionRow }) {
  return (
    <>
      <Section title="Other requests">
        {row.otherRequests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No other requests.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label={`Other requests from ${row.name}`}>
            {row.otherRequests.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {statusLabel(other.eventType)}
                  {other.eventDate ? `, ${other.eventDate}` : ""}, received <time dateTime={other.at}>{formatAt(other.at)}</time>
                </span>
                <StatusBadge status={other.status} />
              </li>
            ))}
          </ul>
        )}
        <Link to={dashboardHref({ tab: "submissions", q: row.email })} className="mt-1 inline-block text-sm underline underline-offset-4">
          All requests from {row.email}
        </Link>
      </Section>
      <Section title="Appointments">
        {row.appointments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No appointments.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label={`Appointments of ${row.name}`}>
            {row.appointments.map((fitting) => (
              <li key={fitting.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {fitting.preferredDate} at {slotLabel(fitting.preferredTime)}
                </span>
                <StatusBadge status={fitting.status} />
              </li>
            ))}
          </ul>
        )}
        <Link to={dashboardHref({ tab: "appointments", q: row.email })} className="mt-1 inline-block text-sm underline underline-offset-4">
          All appointments of {row.email}
        </Link>
      </Section>
    </>
  );
}

function PullList({ row }: { row: AppointmentRow }) {
  if (row.pullList.length === 0) return <p className="text-sm text-muted-foreground">No dresses asked for.</p>;
  return (
    <ul className="grid gap-2 text-sm" aria-label={`Dresses to pull for ${row.name}`}>
      {row.pullList.map((dress) => (
        <li key={dress.handle}>
          <Link to={`/product/${encodeURIComponent(dress.handle)}`} className="flex items-center gap-3 underline underline-offset-4">
            {dress.imageUrl ? (
              <Thumbnail image={{ url: dress.imageUrl }} width={40} height={52} className="h-13 w-10 shrink-0 rounded-sm object-cover" />
            ) : null}
            <span className="min-w-0 break-words">{dress.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Details({ row, back }: { row: DashboardRow; back: string }) {
  const facts: Array<[string, ReactNode]> =
    row.kind === "submissions"
      ? [
          ["Name", row.name],
          ["Email", row.email],
          ["Phone", row.phone],
          ["Event", statusLabel(row.eventType)],
          ["Event date", row.eventDate],
          ["Venue", row.venue],
          ["Style", row.stylePreference],
          ["Colours", row.colors],
          ["Budget", row.budget],
          ["Vision", row.vision],
          ["Account", row.userId ? "Signed in" : "Guest"],
          ["Status", statusLabel(row.status)],
          ["Received", formatAt(row.at)],
        ]
      : row.kind === "appointments"
        ? [
            ["Name", row.name],
            ["Email", row.email],
            ["Phone", row.phone],
            ["Type", row.appointmentType],
            ["Date", row.preferredDate],
            ["Time", slotLabel(row.preferredTime)],
            ["Notes", row.notes],
            ["Status", statusLabel(row.status)],
            ["Booked", formatAt(row.at)],
          ]
        : [["Subscribed", formatAt(row.at)]];
  return (
    <details className="group max-w-md">
      <summary className="relative cursor-pointer text-sm underline decoration-gold/60 underline-offset-4">
        Details and history<span className="sr-only"> of {rowLabel(row)}</span>
      </summary>
      <div className="mt-3 grid gap-4 rounded-md border border-border bg-surface p-4">
        <Facts items={facts} />
        {row.kind === "submissions" ? (
          <>
            <Section title="Inspiration images">
              <InspirationImages row={row} />
            </Section>
            <CustomerHistory row={row} />
          </>
        ) : null}
        {row.kind === "appointments" ? (
          <>
            {isActiveAppointment(row.status) ? (
              <Section title="Change the fitting">
                <div className="flex flex-wrap gap-2">
                  <RescheduleControl row={row} back={back} />
                  <CancelFittingControl row={row} back={back} />
                </div>
              </Section>
            ) : null}
            <Section title="Pull list">
              <PullList row={row} />
            </Section>
          </>
        ) : null}
        <Section title="History">
          <History entries={row.history} />
        </Section>
      </div>
    </details>
  );
}

function Summary({ row }: { row: DashboardRow }) {
  if (row.kind === "submissions") {
    return (
      <span className="text-sm">
        {statusLabel(row.eventType)}
        {row.eventDate ? `, ${row.eventDate}` : ""}
        {row.budget ? <span className="block text-muted-foreground">Budget {row.budget}</span> : null}
      </span>
    );
  }
  if (row.kind === "appointments") {
    return (
      <span className="text-sm whitespace-nowrap">
        {row.preferredDate} at {row.preferredTime}
      </span>
    );
  }
  return null;
}

/** One tab's panel: the search and filter form, export, the rows in a table, and the keyset pages. */
export function DashboardPanel({ page, confirmId, currentHref }: { page: DashboardPage; confirmId: string | null; currentHref: string }) {
  const { view, rows } = page;
  const info = tabInfo(view.tab);
  // After a change, back to this very view (tab, search, filter, page).
  const back = currentHref;
  const confirming = confirmId ? rows.find((r) => r.id === confirmId) : undefined;
  const searchId = `search-${view.tab}`;
  const applyView = useApplyView();
  const filters = useRef<HTMLFormElement>(null);
  useFieldsFollowView(filters, view.q, view.status);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end gap-4">
        {/* With JavaScript a choice of status applies at once and the search as it is typed; without, the Search button sends the form. */}
        <Form
          ref={filters}
          method="get"
          action="/admin/dashboard"
          role="search"
          className="flex flex-1 flex-wrap items-end gap-3"
          onChange={(event) => applyView.apply(event.currentTarget, event.target instanceof HTMLSelectElement ? 0 : SEARCH_TYPING_PAUSE_MS)}
          onSubmit={() => applyView.cancel()}
        >
          <input type="hidden" name="tab" value={view.tab} />
          <Field label="Search" id={searchId} className="min-w-52 flex-1">
            <Input
              type="search"
              name="q"
              defaultValue={view.q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={view.tab === "subscribers" ? "Search by email" : "Search by name, email, notes..."}
              className="h-11"
            />
          </Field>
          <Field label="Status" id={`status-${view.tab}`} className="w-44">
            <Select
              name="status"
              defaultValue={view.status}
              className="h-11"
              options={[{ value: "all", label: "All" }, ...info.statuses.map((s) => ({ value: s, label: statusLabel(s) }))]}
            />
          </Field>
          <Button type="submit" variant="primary" size="sm" className="min-h-11">
            Search
          </Button>
          {view.q || view.status !== "all" ? (
            <Link to={dashboardHref({ tab: view.tab })} className={buttonStyles("ghost", "min-h-11 text-xs", "sm")}>
              Clear
            </Link>
          ) : null}
        </Form>
        {/* A form, so the export is a button that downloads what this view shows (the route answers with the file). */}
        <form
          method="get"
          action="/admin/dashboard/export"
          onSubmit={(event) => {
            if (rows.length === 0) {
              event.preventDefault();
              toast.error(DASHBOARD_MESSAGES.noData);
            }
          }}
        >
          <input type="hidden" name="tab" value={view.tab} />
          {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
          {view.status !== "all" ? <input type="hidden" name="status" value={view.status} /> : null}
          <Button type="submit" variant="outline" size="sm" className="min-h-11">
            Export CSV
          </Button>
        </form>
      </div>

      {confirming ? (
        <DeleteConfirmation target={{ tab: view.tab, id: confirming.id, label: rowLabel(confirming), back }} cancelHref={currentHref} />
      ) : null}

      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border py-12 text-center text-muted-foreground">{info.empty}</p>
      ) : (
        <Table aria-label={info.label}>
          <TableHeader>
            <TableRow>
              <TableHead>{view.tab === "subscribers" ? "Email" : "Customer"}</TableHead>
              {view.tab === "subscribers" ? null : <TableHead>{view.tab === "appointments" ? "Fitting" : "Event"}</TableHead>}
              <TableHead>{view.tab === "subscribers" ? "Subscribed" : "Received"}</TableHead>
              <TableHead>Status</TableHead>
              {info.editable ? <TableHead>Change status</TableHead> : null}
              <TableHead className="relative">
                <span className="sr-only">Actions</span>
              </TableHead>
              {/* Last, because an opened row's details widen it: the delete button stays in view beside the status. */}
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const label = rowLabel(row);
              return (
                <TableRow key={row.id} className="align-top">
                  <TableCell className="align-top! min-w-48">
                    {row.kind === "subscribers" ? (
                      <span className="break-all">{row.email}</span>
                    ) : (
                      <>
                        <span className="block font-medium">{row.name}</span>
                        <span className="block text-sm break-all text-muted-foreground">{row.email}</span>
                      </>
                    )}
                  </TableCell>
                  {row.kind === "subscribers" ? null : (
                    <TableCell className="align-top!">
                      <Summary row={row} />
                    </TableCell>
                  )}
                  <TableCell className="align-top! text-sm whitespace-nowrap">
                    <time dateTime={row.at}>{formatAt(row.at)}</time>
                  </TableCell>
                  <TableCell className="align-top!">
                    <StatusBadge status={row.status} />
                  </TableCell>
                  {info.editable ? (
                    <TableCell className="align-top!">
                      <StatusControl tab={view.tab} id={row.id} status={row.status} statuses={info.statuses} label={label} back={back} />
                    </TableCell>
                  ) : null}
                  <TableCell className="align-top!">
                    <DeleteControl target={{ tab: view.tab, id: row.id, label, back }} confirmHref={`${currentHref}&confirm=${row.id}`} />
                  </TableCell>
                  <TableCell className="align-top! min-w-56">
                    <Details row={row} back={back} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}

      {page.newer || page.older ? (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
          {page.newer ? (
            <Link
              to={dashboardHref({ tab: view.tab, q: view.q, status: view.status, before: page.newer, page: view.page - 1 })}
              className={buttonStyles("outline", "", "sm")}
              preventScrollReset
            >
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted-foreground" aria-current="page">
            Page {view.page}
          </span>
          {page.older ? (
            <Link
              to={dashboardHref({ tab: view.tab, q: view.q, status: view.status, after: page.older, page: view.page + 1 })}
              className={buttonStyles("outline", "", "sm")}
              preventScrollReset
            >
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

/** How long typing in the search must pause before the view follows it. */
const SEARCH_TYPING_PAUSE_MS = 300;

/**
 * Sends the filter form as a navigation after `delay` ms, replacing the history entry (one per view a shopper
 * would go back to, not one per letter); a newer call, a submit or leaving the page cancels the pending one.
 */
function useApplyView() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      apply(form: HTMLFormElement, delay: number) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), delay);
      },
      cancel() {
        clearTimeout(timer.current);
      },
    }),
    [submit],
  );
}

/**
 * The fields are uncontrolled (typing never waits for a render); when the view changes by other means (back,
 * forward, a tab, Clear), they show the view's search and status again, unless the field is the one being used.
 */
function useFieldsFollowView(form: RefObject<HTMLFormElement | null>, q: string, status: string) {
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    for (const [name, value] of [
      ["q", q],
      ["status", status],
    ] as const) {
      const field = fields.namedItem(name);
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field !== document.activeElement &&
        field.value !== value
      )
        field.value = value;
    }
  }, [form, q, status]);
}
