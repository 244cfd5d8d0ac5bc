import { useEffect, useRef, type ElementType, type ReactNode } from "react";

/*
 * One observer for every block on the page: each `new IntersectionObserver` costs the browser a few
 * milliseconds at hydration, and the home page has eleven blocks. The first report for an element
 * says where it is; later ones say it came into view.
 */
const firstReportPending = new Map<HTMLElement, boolean>();
let observer: IntersectionObserver | null = null;

function report(entries: IntersectionObserverEntry[]) {
  for (const entry of entries) {
    const element = entry.target as HTMLElement;
    const first = firstReportPending.get(element);
    if (first === undefined) continue;
    if (first) {
      firstReportPending.set(element, false);
      // Already in (or above) the viewport: never hide what the visitor can see.
      if (entry.isIntersecting || entry.boundingClientRect.top < window.innerHeight) unwatch(element);
      else element.dataset.reveal = "hidden";
    } else if (entry.isIntersecting) {
      element.dataset.reveal = "shown";
      unwatch(element);
    }
  }
}

function watch(element: HTMLElement) {
  observer ??= new IntersectionObserver(report, { rootMargin: "0px 0px -8% 0px" });
  firstReportPending.set(element, true);
  observer.observe(element);
}

function unwatch(element: HTMLElement) {
  if (firstReportPending.delete(element)) observer?.unobserve(element);
}

/**
 * A block that fades in as it scrolls into view. The server renders it
 * visible; after hydration, script hides only blocks still below the fold
 * and shows each as it arrives. Without JavaScript, without
 * IntersectionObserver, or under reduced motion, nothing is ever hidden.
 */
export function Reveal({
  as: Tag = "div",
  className,
  children,
  ...rest
}: { as?: ElementType; className?: string; children: ReactNode } & Record<string, unknown>) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // Where the block is comes from the observer's first report, not from getBoundingClientRect(): asked for
    // at once, each block's position would make the browser lay the page out again (eleven times on the home page).
    watch(element);
    return () => {
      unwatch(element);
      delete element.dataset.reveal;
    };
  }, []);
  return (
    <Tag ref={ref} className={className} {...rest}>
      {children}
    </Tag>
  );
}
