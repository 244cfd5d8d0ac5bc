import { Mail, Phone } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatDay, formatTimeOfDay } from "~/lib/format";
import { useHydrated } from "~/lib/hydrated";
import { AGENDA_MARKS, AGENDA_MESSAGES, type AgendaDay, type AgendaEntry } from "../agenda";
import { PullList } from "./pull-list";
import { StatusBadge } from "./status-badge";
import { useDashboardFetcher } from "./use-dashboard-action";

/**
 * Arrived, Completed, No-show: the dashboard's status change (its action, its one fetcher and toasts), sent with the
 * status this entry was drawn with, so a fitting another admin changed meanwhile is not changed (the first wins and
 * this one is told). Without JavaScript each is a plain form that comes back to this view.
 */
function MarkButtons({ entry, status, back }: { entry: AgendaEntry; status: string; back: string }) {
  const fetcher = useDashboardFetcher();
  const hydrated = useHydrated();
  return (
    <div role="group" aria-label={`Mark ${entry.name}'s fitting`} className="flex flex-wrap gap-2 print:hidden">
      {AGENDA_MARKS.map((mark) => (
        <fetcher.Form key={mark.status} method="post" action="/admin/dashboard">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="tab" value="appointments" />
          <input type="hidden" name="id" value={entry.id} />
          <input type="hidden" name="status" value={mark.status} />
          <input type="hidden" name="from" value={entry.status} />
          <input type="hidden" name="back" value={back} />
          {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
          <Button type="submit" variant="choice" size="sm" aria-pressed={status === mark.status} disabled={fetcher.state !== "idle"}>
            {mark.label}
          </Button>
        </fetcher.Form>
      ))}
    </div>
  );
}

/** One fitting: when, who and how to reach her, her notes, the status, what to pull, and the marks. */
function AgendaEntryCard({ entry, back }: { entry: AgendaEntry; back: string }) {
  const fetcher = useDashboardFetcher();
  // While this fitting's mark is on its way, its badge already says what it will be.
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("id") === entry.id ? String(fetcher.formData.get("status")) : null;
  const status = sending ?? entry.status;
  const headingId = `agenda-${entry.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border border-border bg-surface p-4 md:grid-cols-[6rem_minmax(0,1fr)_minmax(0,18rem)] md:gap-6 md:p-5 print:break-inside-avoid print:rounded-none print:border-x-0 print:border-t-0 print:bg-transparent print:p-2"
    >
      <p className="font-display text-2xl leading-none tabular-nums lining-nums md:pt-1">{formatTimeOfDay(entry.time)}</p>
      <div className="grid min-w-0 content-start gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={headingId} className="text-xl break-words">
            {entry.name}
          </h3>
          <StatusBadge status={status} />
        </div>
        <ul className="grid gap-1 text-sm" aria-label={`Contact ${entry.name}`}>
          <li>
            <a href={`mailto:${entry.email}`} className="inline-flex min-h-8 items-center gap-2 break-all underline underline-offset-4">
              <Mail className="size-4 shrink-0 text-muted-foreground print:hidden" aria-hidden="true" />
              {entry.email}
            </a>
          </li>
          {entry.phone ? (
            <li>
              <a href={`tel:${entry.phone}`} className="inline-flex min-h-8 items-center gap-2 underline underline-offset-4">
                <Phone className="size-4 shrink-0 text-muted-foreground print:hidden" aria-hidden="true" />
                {entry.phone}
              </a>
            </li>
          ) : null}
        </ul>
        {entry.notes ? <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{entry.notes}</p> : null}
        <MarkButtons entry={entry} status={status} back={back} />
      </div>
      <section aria-label={`Pull list for ${entry.name}`} className="grid content-start gap-2">
        <h4 className="text-xs tracking-[0.14em] text-muted-foreground uppercase">To pull</h4>
        <PullList name={entry.name} items={entry.pullList} large />
      </section>
    </article>
  );
}

/**
 * One day of the agenda: its date, then its fittings in time order. Printed, each day starts a page of its own
 * (the day sheet), and the marks are left out.
 */
export function AgendaDaySection({ day, today, back }: { day: AgendaDay; today: string; back: string }) {
  const headingId = `agenda-day-${day.date}`;
  const count = day.entries.length;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 print:break-after-page print:last:break-after-auto">
      <h2 id={headingId} className="flex flex-wrap items-baseline gap-x-3 text-2xl">
        {formatDay(day.date, "weekday")}
        {day.date === today ? <span className="text-xs tracking-[0.14em] text-gold-ink uppercase">Today</span> : null}
        <span className="text-sm text-muted-foreground">{count === 1 ? "1 fitting" : `${count} fittings`}</span>
      </h2>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{AGENDA_MESSAGES.noFittings}</p>
      ) : (
        <div className="grid gap-3">
          {day.entries.map((entry) => (
            <AgendaEntryCard key={entry.id} entry={entry} back={back} />
          ))}
        </div>
      )}
    </section>
  );
}
