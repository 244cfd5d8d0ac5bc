import { DASHBOARD_TABS } from "../admin";
import type { DashboardCounts } from "../types";

const number = new Intl.NumberFormat("en-US");

/** The three count cards (SPEC §2). The counts are exact: kept by database triggers, read in one row each. */
export function CountCards({ counts }: { counts: DashboardCounts }) {
  return (
    <div className="grid gap-2">
      <ul aria-label="Totals" className="grid gap-4 sm:grid-cols-3">
        {DASHBOARD_TABS.map((tab) => (
          <li key={tab.id} className="rounded-md border border-border bg-surface p-5">
            <p className="text-xs tracking-[0.16em] text-muted-foreground uppercase">{tab.label}</p>
            <p className="mt-2 font-display text-4xl lining-nums tabular-nums">{number.format(counts[tab.id])}</p>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">Exact totals, kept up to date by the database as rows are added and deleted.</p>
    </div>
  );
}
