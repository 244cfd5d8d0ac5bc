import { useEffect, useMemo, useRef, type RefObject } from "react";
import { Form, Link, useSubmit } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime, formatDay, formatSlot } from "~/lib/format";
import { budgetLabel, DASHBOARD_MESSAGES, dashboardHref, eventTypeLabel, SEARCH_MAX_LENGTH, statusLabel, tabInfo } from "../admin";
import type { DashboardPage, DashboardRow } from "../types";
import { DeleteConfirmation, DeleteControl } from "./delete-control";
import { DetailsButton } from "./details-panel";
import { rowLabel } from "./row-details";
import { StatusBadge } from "./status-badge";
import { StatusControl } from "./status-control";

/** What a row is about, in a few words: a request's event and budget, an appointment's slot. */
function Summary({ row }: { row: DashboardRow }) {
  if (row.kind === "submissions") {
    return (
      <span className="text-sm">
        {eventTypeLabel(row.eventType)}
        {row.eventDate ? `, ${formatDay(row.eventDate, "short")}` : ""}
        {row.budget ? <span className="block text-muted-foreground">Budget {budgetLabel(row.budget)}</span> : null}
      </span>
    );
  }
  if (row.kind === "appointments") {
    return <span className="text-sm whitespace-nowrap">{formatSlot(row.preferredDate, row.preferredTime, "short")}</span>;
  }
  return null;
}

const isUpcoming = (row: DashboardRow) => row.kind === "appointments" && row.upcoming;

/** A row below the phone breakpoint: a card of two columns (the ring stays where the table's last-row rule drops borders). */
const CARD_ROW =
  "align-top max-md:grid max-md:grid-cols-2 max-md:items-center max-md:gap-x-3 max-md:gap-y-3 max-md:rounded-md max-md:border-0 max-md:bg-surface max-md:p-4 max-md:ring-1 max-md:ring-border";
const CARD_CELL = "align-top! max-md:block max-md:p-0";

/** One tab's panel: the search and filter form, export, the rows in a table, and the keyset pages. */
export function DashboardPanel({
  page,
  confirmId,
  currentHref,
  timeZone,
}: {
  page: DashboardPage;
  confirmId: string | null;
  currentHref: string;
  /** The boutique's IANA time zone: every time on the page is read on its clock. */
  timeZone: string;
}) {
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
            <Button asChild variant="ghost" size="sm" className="min-h-11">
              <Link to={dashboardHref({ tab: view.tab })}>Clear</Link>
            </Button>
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
        <DeleteConfirmation
          target={{ tab: view.tab, id: confirming.id, label: rowLabel(confirming), back, upcoming: isUpcoming(confirming) }}
          cancelHref={currentHref}
        />
      ) : null}

      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border py-12 text-center text-muted-foreground">{info.empty}</p>
      ) : (
        // At the phone's width each row is a card (its cells stacked, status and actions in view); a table at a laptop's.
        <Table aria-label={info.label} className="max-md:block">
          <TableHeader className="max-md:sr-only">
            <TableRow>
              <TableHead>{view.tab === "subscribers" ? "Email" : "Customer"}</TableHead>
              {view.tab === "subscribers" ? null : <TableHead>{view.tab === "appointments" ? "Fitting" : "Event"}</TableHead>}
              <TableHead>{view.tab === "subscribers" ? "Subscribed" : "Received"}</TableHead>
              <TableHead>Status</TableHead>
              {info.editable ? <TableHead>Change status</TableHead> : null}
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className="max-md:grid max-md:gap-3">
            {rows.map((row) => {
              const label = rowLabel(row);
              return (
                <TableRow key={row.id} className={CARD_ROW}>
                  <TableCell className={`${CARD_CELL} max-md:col-span-2 md:min-w-48`}>
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
                    <TableCell className={`${CARD_CELL} max-md:col-span-2`}>
                      <Summary row={row} />
                    </TableCell>
                  )}
                  <TableCell className={`${CARD_CELL} text-sm whitespace-nowrap`}>
                    <span className="text-muted-foreground md:hidden">{view.tab === "subscribers" ? "Subscribed " : "Received "}</span>
                    <time dateTime={row.at}>{formatDateTime(row.at, timeZone, "short")}</time>
                  </TableCell>
                  <TableCell className={`${CARD_CELL} max-md:justify-self-end`}>
                    <StatusBadge status={row.status} />
                  </TableCell>
                  {info.editable ? (
                    <TableCell className={`${CARD_CELL} max-md:col-span-2`}>
                      <StatusControl tab={view.tab} id={row.id} status={row.status} statuses={info.statuses} label={label} back={back} />
                    </TableCell>
                  ) : null}
                  <TableCell className={`${CARD_CELL} max-md:col-span-2`}>
                    <div className="flex flex-wrap items-center gap-2">
                      <DetailsButton row={row} href={`${currentHref}&id=${row.id}`} />
                      <DeleteControl
                        target={{ tab: view.tab, id: row.id, label, back, upcoming: isUpcoming(row) }}
                        confirmHref={`${currentHref}&confirm=${row.id}`}
                      />
                    </div>
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
            <Button asChild variant="outline" size="sm">
              <Link
                to={dashboardHref({ tab: view.tab, q: view.q, status: view.status, before: page.newer, page: view.page - 1 })}
                preventScrollReset
              >
                Newer
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted-foreground" aria-current="page">
            Page {view.page}
          </span>
          {page.older ? (
            <Button asChild variant="outline" size="sm">
              <Link
                to={dashboardHref({ tab: view.tab, q: view.q, status: view.status, after: page.older, page: view.page + 1 })}
                preventScrollReset
              >
                Older
              </Link>
            </Button>
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
