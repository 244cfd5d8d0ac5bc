import { tabInfo } from "../admin";
import type { ActivityEntry } from "../types";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function activityText(entry: ActivityEntry): string {
  const what = entry.label || "an item";
  switch (entry.action) {
    case "delete":
      return `deleted ${what} (${entry.from ?? "no status"}) from ${tabInfo(entry.entity).label}`;
    case "reschedule":
      return `moved the fitting of ${what} from ${entry.from ?? "none"} to ${entry.to ?? "none"}`;
    case "cancel":
      return `cancelled the fitting of ${what} (${entry.from ?? "none"})`;
    default:
      return `set ${what} in ${tabInfo(entry.entity).label} from ${entry.from ?? "none"} to ${entry.to ?? "none"}`;
  }
}

/** The latest audited changes, deletions included: a deleted row's history stays readable here and in audit_log. */
export function RecentActivity({ entries }: { entries: ActivityEntry[] }) {
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
                {dateTime.format(new Date(entry.at))} UTC
              </time>{" "}
              · {entry.actor} {activityText(entry)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
