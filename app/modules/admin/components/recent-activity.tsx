import { tabInfo } from "../admin";
import type { ActivityEntry } from "../types";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

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
              · {entry.actor}{" "}
              {entry.action === "delete"
                ? `deleted ${entry.label || "an item"} (${entry.from ?? "no status"}) from ${tabInfo(entry.entity).label}`
                : `set ${entry.label || "an item"} in ${tabInfo(entry.entity).label} from ${entry.from ?? "none"} to ${entry.to ?? "none"}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
