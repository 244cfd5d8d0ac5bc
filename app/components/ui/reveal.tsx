import { useEffect, useRef, type ElementType, type ReactNode } from "react";

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
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]!;
        if (first) {
          first = false;
          // Already in (or above) the viewport: never hide what the visitor can see.
          if (entry.isIntersecting || entry.boundingClientRect.top < window.innerHeight) observer.disconnect();
          else element.dataset.reveal = "hidden";
          return;
        }
        if (entry.isIntersecting) {
          element.dataset.reveal = "shown";
          observer.disconnect();
        }
      },
      { rootMargin: "0px 0px -8% 0px" },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      delete element.dataset.reveal;
    };
  }, []);
  return (
    <Tag ref={ref} className={className} {...rest}>
      {children}
    </Tag>
  );
}
