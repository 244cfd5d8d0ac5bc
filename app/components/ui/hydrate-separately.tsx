import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { partWaiting } from "~/lib/early-clicks";

/**
 * Server-rendered content that the browser hydrates as a unit of its own: React hydrates the page's shell first and
 * each Suspense boundary after it, in separate tasks, so a long page does not hydrate (and run every effect) in one
 * long task that holds up the first tap. Nothing here suspends: the server always renders the content, and a tap on
 * a part not yet hydrated makes React hydrate that part first and then handle the tap. Until every part has
 * hydrated, early taps stay held (lib/early-clicks.tsx), since React drops a tap that comes while it runs effects.
 */
export function HydrateSeparately({ children }: { children: ReactNode }) {
  const done = useRef<(() => void) | null>(null);
  // The shell's commit: this part is waiting (layout effects run before any part's content hydrates).
  useLayoutEffect(() => {
    const finished = partWaiting();
    done.current = finished;
    return finished;
  }, []);
  return (
    <Suspense fallback={null}>
      {children}
      <PartHydrated done={done} />
    </Suspense>
  );
}

/** The part's content has hydrated: last in the part, its effect runs after every other effect of the part. */
function PartHydrated({ done }: { done: { current: (() => void) | null } }) {
  useEffect(() => {
    done.current?.();
  }, [done]);
  return null;
}
