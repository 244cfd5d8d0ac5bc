import { ChevronRight } from "lucide-react";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { cx } from "~/lib/class-names";

// Tabs whose panels are all on the page are in panel-tabs.tsx (Radix), apart from these so that the pages with
// link tabs (sign-in, account, admin) do not load Radix's tabs for them.

// The list's bottom rule is an inset shadow, not a border: a scrolling list clips what hangs below it, so the chosen
// tab's underline is drawn inside (over the rule), whole, and the tab itself is never cut by the list's edge.
export const listStyles = "relative flex w-full gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-border)]";
export const triggerStyles =
  "inline-flex min-h-11 shrink-0 items-center justify-center border-b-2 border-transparent px-4 text-xs font-medium tracking-[0.16em] whitespace-nowrap text-muted-foreground uppercase transition-colors hover:text-foreground aria-selected:border-gold aria-selected:text-foreground disabled:opacity-50";
export const panelStyles = "pt-6 focus-visible:outline-2 focus-visible:outline-offset-4";

const noSubscription = () => () => {};
const hydrated = () => true;
const notHydrated = () => false;

export type LinkTab = {
  /** Where the tab leads: its own URL, so it works as a plain link before JavaScript. */
  to: string;
  label: ReactNode;
  selected: boolean;
};

/**
 * Tabs that are links: each tab has its own URL and the server renders the
 * chosen tab's panel, so they work without JavaScript. They carry the tab
 * roles (tablist, tab with aria-selected, tabpanel labelled by its tab); once
 * hydrated, the arrow keys, Home and End move between tabs as in any tab list
 * and Enter follows the focused one.
 */
export function LinkTabs({
  label,
  tabs,
  children,
  className,
  panelClassName,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly LinkTab[];
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
  panelClassName?: string;
}) {
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.selected),
  );
  const list = useRef<HTMLDivElement>(null);
  // Before hydration every tab stays in the Tab order (nothing else would reach them); after it, one tab stop as ARIA expects.
  const enhanced = useSyncExternalStore(noSubscription, hydrated, notHydrated);

  // Whether the list has more to either side (on a phone it scrolls sideways): a fade on that edge says so.
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const box = list.current;
    if (!box) return;
    const measure = () => {
      const before = box.scrollLeft > 1;
      const after = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setMore((known) => (known.before === before && known.after === after ? known : { before, after }));
    };
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    return () => {
      box.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, []);

  // The list starts at its first tab; only a selected tab out of view (a link may open the last one) moves it, just enough.
  useEffect(() => {
    const box = list.current;
    const selected = box?.children[selectedIndex] as HTMLElement | undefined;
    if (!box || !selected) return;
    if (selectedIndex === 0) {
      box.scrollLeft = 0;
      return;
    }
    const start = selected.offsetLeft;
    const end = start + selected.offsetWidth;
    if (start < box.scrollLeft) box.scrollLeft = Math.max(0, start - 32);
    else if (end > box.scrollLeft + box.clientWidth) box.scrollLeft = end - box.clientWidth + 32;
  }, [selectedIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = Array.from(list.current?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? []);
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (current < 0) return;
    const last = links.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (current + 1) % links.length
        : event.key === "ArrowLeft"
          ? (current - 1 + links.length) % links.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    links[next]?.focus();
  };

  return (
    <div className={className}>
      {/* Paper has no tabs: printed, only the chosen panel shows. */}
      <div className="relative print:hidden">
        <div ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown} className={listStyles}>
          {tabs.map((tab, index) => {
            const selected = index === selectedIndex;
            return (
              <Link
                key={tab.to}
                id={tabId(index)}
                role="tab"
                to={tab.to}
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                tabIndex={enhanced && !selected ? -1 : undefined}
                preventScrollReset
                className={triggerStyles}
              >
                {tab.label}
              </Link>
            );
          })}
        </div>
        <EdgeFade side="start" shown={more.before} />
        <EdgeFade side="end" shown={more.after} />
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selectedIndex)} tabIndex={0} className={cx(panelStyles, panelClassName)}>
        {children}
      </div>
    </div>
  );
}

/** A fade over one edge of a sideways-scrolling list, with a chevron: there is more that way. */
function EdgeFade({ side, shown }: { side: "start" | "end"; shown: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cx(
        "pointer-events-none absolute top-0 bottom-px flex w-12 items-center transition-opacity duration-200",
        side === "start" ? "left-0 justify-start bg-linear-to-r" : "right-0 justify-end bg-linear-to-l",
        "from-background via-background/80 to-transparent",
        shown ? "opacity-100" : "opacity-0",
      )}
    >
      <ChevronRight className={cx("size-4 text-muted-foreground", side === "start" && "rotate-180")} />
    </div>
  );
}
