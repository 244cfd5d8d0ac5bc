import { formatDateTime } from "~/lib/format";
import { auditValueText, tabInfo } from "../admin";
import type { ActivityEntry } from "../types";

function activityText(entry: ActivityEntry): string {
  const what = entry.label || "an item";
  switch (entry.action) {
    case "delete":
      return `deleted ${what} (${entry.from ?? "no status"}) from ${tabInfo(entry.entity).label}`;
    case "reschedule":
      return `moved the fitting of ${what} from ${auditValueText(entry.from)} to ${auditValueText(entry.to)}`;
    case "cancel":
      return `cancelled the fitting of ${what} (${auditValueText(entry.from)})`;
    default:
      return `set ${what} in ${tabInfo(entry.entity).label} from ${entry.from ?? "none"} to ${entry.to ?? "none"}`;
  }
}

/**
 * The latest audited changes, deletions included: a deleted row's history stays readable here and in audit_log.
 * Times are on the boutique's clock (`timeZone`).
 */
export function RecentActivity({ entries, timeZone }: { entries: ActivityEntry[]; timeZone: string }) {
  return (
    <section aria-labelledby="recent-activity" className="grid gap-3">
      <h2 id="recent-activity" className="text-2xl">
        Recent activity
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
      ) : (
        <ol className="grid gap-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="border-b border-border pb-2">
              <time dateTime={entry.at} className="text-muted-foreground">
                {formatDateTime(entry.at, timeZone, "short")}
              </time>{" "}
              · {entry.actor} {activityText(entry)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
