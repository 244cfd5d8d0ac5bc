import type { ReactNode } from "react";
import { Link } from "react-router";
import { isActiveAppointmentStatus } from "~/db/constants";
import { formatDateTime, formatDay, formatSlot, formatTimeOfDay } from "~/lib/format";
import { InspirationThumbnails } from "~/modules/design-requests/components/inspiration-thumbnails";
import { appointmentTypeLabel, auditValueText, budgetLabel, dashboardHref, eventTypeLabel, statusLabel } from "../admin";
import type { DashboardRow, HistoryEntry, SubmissionRow } from "../types";
import { CancelFittingControl, RescheduleControl } from "./fitting-changes";
import { PullList } from "./pull-list";
import { StatusBadge } from "./status-badge";

// A row's "Details and history": every field, a submission's images and the customer's other requests and
// appointments, an appointment's pull list and changes, and the audited history. Times are the boutique's
// (`timeZone`, BOUTIQUE_TIME_ZONE from the loader).

export function rowLabel(row: DashboardRow): string {
  return row.kind === "subscribers" ? row.email : row.name;
}

/** What one audited change did, after the actor's email. */
function historyText(entry: HistoryEntry): string {
  switch (entry.action) {
    case "delete":
      return "deleted it";
    case "reschedule":
      return `moved the fitting from ${auditValueText(entry.from)} to ${auditValueText(entry.to)} and mailed the customer`;
    case "cancel":
      return `cancelled the fitting of ${auditValueText(entry.from)} and mailed the customer`;
    default:
      return `changed the status from ${entry.from ?? "none"} to ${entry.to ?? "none"}`;
  }
}

function History({ entries, timeZone }: { entries: HistoryEntry[]; timeZone: string }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No changes recorded yet.</p>;
  return (
    <ol className="grid gap-1 text-sm">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone, "short")}</time>: {entry.actor} {historyText(entry)}
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

/** A customer's other rows of one kind: each with its status, or a line saying there are none; then a link to all. */
function RelatedRows({
  title,
  label,
  empty,
  items,
  all,
}: {
  title: string;
  label: string;
  empty: string;
  items: Array<{ id: string; text: ReactNode; status: string }>;
  all: { to: string; text: string };
}) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label={label}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-2">
              <span>{item.text}</span>
              <StatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
      <Link to={all.to} className="mt-1 inline-block text-sm underline underline-offset-4">
        {all.text}
      </Link>
    </Section>
  );
}

function CustomerHistory({ row, timeZone }: { row: SubmissionRow; timeZone: string }) {
  return (
    <>
      <RelatedRows
        title="Other requests"
        label={`Other requests from ${row.name}`}
        empty="No other requests."
        items={row.otherRequests.map((other) => ({
          id: other.id,
          status: other.status,
          text: (
            <>
              {eventTypeLabel(other.eventType)}
              {other.eventDate ? `, ${formatDay(other.eventDate)}` : ""}, received{" "}
              <time dateTime={other.at}>{formatDateTime(other.at, timeZone, "short")}</time>
            </>
          ),
        }))}
        all={{ to: dashboardHref({ tab: "submissions", q: row.email }), text: `All requests from ${row.email}` }}
      />
      <RelatedRows
        title="Appointments"
        label={`Appointments of ${row.name}`}
        empty="No appointments."
        items={row.appointments.map((fitting) => ({
          id: fitting.id,
          status: fitting.status,
          text: formatSlot(fitting.preferredDate, fitting.preferredTime),
        }))}
        all={{ to: dashboardHref({ tab: "appointments", q: row.email }), text: `All appointments of ${row.email}` }}
      />
    </>
  );
}

/** A row's details: the facts, and what else staff need beside them (shown in the details panel). */
export function DetailsBody({ row, back, timeZone }: { row: DashboardRow; back: string; timeZone: string }) {
  const at = formatDateTime(row.at, timeZone);
  const facts: Array<[string, ReactNode]> =
    row.kind === "submissions"
      ? [
          ["Name", row.name],
          ["Email", row.email],
          ["Phone", row.phone],
          ["Event", eventTypeLabel(row.eventType)],
          ["Event date", row.eventDate ? formatDay(row.eventDate) : null],
          ["Venue", row.venue],
          ["Style", row.stylePreference],
          ["Colours", row.colors],
          ["Budget", row.budget ? budgetLabel(row.budget) : null],
          ["Vision", row.vision],
          ["Account", row.userId ? "Signed in" : "Guest"],
          ["Status", statusLabel(row.status)],
          ["Received", at],
        ]
      : row.kind === "appointments"
        ? [
            ["Name", row.name],
            ["Email", row.email],
            ["Phone", row.phone],
            ["Type", appointmentTypeLabel(row.appointmentType)],
            ["Date", formatDay(row.preferredDate, "weekday")],
            ["Time", formatTimeOfDay(row.preferredTime)],
            ["Notes", row.notes],
            ["Status", statusLabel(row.status)],
            ["Booked", at],
          ]
        : [
            ["Email", row.email],
            ["Status", statusLabel(row.status)],
            ["Subscribed", at],
          ];
  return (
    <div className="grid gap-5">
      <Facts items={facts} />
      {row.kind === "submissions" ? (
        <>
          <Section title="Inspiration images">
            <InspirationImages row={row} />
          </Section>
          <CustomerHistory row={row} timeZone={timeZone} />
        </>
      ) : null}
      {row.kind === "appointments" ? (
        <>
          {isActiveAppointmentStatus(row.status) ? (
            <Section title="Change the fitting">
              <div className="flex flex-wrap gap-2">
                <RescheduleControl row={row} back={back} />
                <CancelFittingControl row={row} back={back} />
              </div>
            </Section>
          ) : null}
          <Section title="Pull list">
            <PullList name={row.name} items={row.pullList} />
          </Section>
        </>
      ) : null}
      <Section title="History">
        <History entries={row.history} timeZone={timeZone} />
      </Section>
    </div>
  );
}
