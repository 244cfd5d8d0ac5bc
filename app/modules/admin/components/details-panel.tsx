import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet } from "~/components/ui/sheet";
import { useHydrated } from "~/lib/hydrated";
import { tabInfo, type DashboardTab } from "../admin";
import type { DashboardRow } from "../types";
import { DetailsBody, rowLabel } from "./row-details";
import { StatusBadge } from "./status-badge";

/** The details panel the URL asks for (`?tab=…&id=…`): the row, or null when the id names none (or is malformed). */
export interface DetailsPanelState {
  id: string;
  row: DashboardRow | null;
}

const detailsButtonId = (id: string) => `details-${id}`;

const KIND_WORDS: Record<DashboardTab, string> = {
  submissions: "Custom design request",
  appointments: "Fitting",
  subscribers: "Newsletter subscriber",
};

/** The mobile breakpoint (SPEC §9: 768 px): below it the panel is a bottom sheet. */
const PHONE = "(max-width: 767px)";
function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/**
 * A row's button that opens its details panel: a link to the panel's URL before the page is interactive, a button
 * after (the panel opens on a new history entry, so Back closes it, and focus comes back here when it closes).
 */
export function DetailsButton({ row, href }: { row: DashboardRow; href: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const text = (
    <>
      Details and history<span className="sr-only"> of {rowLabel(row)}</span>
    </>
  );
  if (!hydrated) {
    return (
      <Button asChild variant="outline" size="sm" className="min-h-10">
        <Link id={detailsButtonId(row.id)} to={href} preventScrollReset>
          {text}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      id={detailsButtonId(row.id)}
      variant="outline"
      size="sm"
      className="min-h-10"
      aria-haspopup="dialog"
      onClick={() => void navigate(href, { preventScrollReset: true })}
    >
      {text}
    </Button>
  );
}

function PanelBody({ panel, tab, back, timeZone }: { panel: DetailsPanelState; tab: DashboardTab; back: string; timeZone: string }) {
  if (!panel.row) {
    return (
      <p role="alert" className="text-sm leading-relaxed">
        Not found: {tabInfo(tab).label} has no row with this id. It may have been deleted, or the link may be incomplete.
      </p>
    );
  }
  return (
    <div className="grid gap-5">
      <div>
        <StatusBadge status={panel.row.status} />
      </div>
      <DetailsBody row={panel.row} back={back} timeZone={timeZone} />
    </div>
  );
}

const titleOf = (panel: DetailsPanelState) =>
  panel.row ? (
    <>
      <span className="sr-only">Details of </span>
      {rowLabel(panel.row)}
    </>
  ) : (
    "Details not found"
  );

/**
 * The open row's details, in a side panel (a bottom sheet on a phone): a dialog named by the row, with a URL of its
 * own. Without JavaScript, the same details in a section above the table, with a link that closes them.
 */
export function DetailsPanel({
  panel,
  tab,
  closeHref,
  back,
  timeZone,
}: {
  panel: DetailsPanelState | null;
  tab: DashboardTab;
  /** The list's own URL, without the panel's id. */
  closeHref: string;
  back: string;
  timeZone: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const phone = usePhone();
  const trigger = useRef<HTMLElement | null>(null);
  // The last panel shown stays in it while it slides away.
  const [shown, setShown] = useState(panel);
  if (panel && panel !== shown) setShown(panel);
  const openId = panel?.id;
  useEffect(() => {
    if (openId) trigger.current = document.getElementById(detailsButtonId(openId));
  }, [openId]);

  if (!hydrated) {
    if (!panel) return null;
    return (
      <section aria-labelledby="details-panel-title" className="grid gap-4 rounded-md border border-border bg-surface p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-xs tracking-[0.14em] text-muted-foreground uppercase">{KIND_WORDS[tab]}</p>
            <h2 id="details-panel-title" className="font-display text-2xl">
              {titleOf(panel)}
            </h2>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to={closeHref}>Close details</Link>
          </Button>
        </div>
        <PanelBody panel={panel} tab={tab} back={back} timeZone={timeZone} />
      </section>
    );
  }
  if (!shown) return null;
  // Back to the list's address in place of the panel's (Back, while it is open, closes it as well).
  const close = () => void navigate(closeHref, { replace: true, preventScrollReset: true });
  return (
    <Sheet
      open={Boolean(panel)}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      triggerRef={trigger}
      side={phone ? "bottom" : "right"}
      title={titleOf(shown)}
      description={shown.row ? KIND_WORDS[tab] : undefined}
      testId="details-panel"
    >
      <div className="px-6 py-5">
        <PanelBody panel={shown} tab={tab} back={back} timeZone={timeZone} />
      </div>
    </Sheet>
  );
}
