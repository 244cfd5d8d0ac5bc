import { lazy, Suspense, useEffect, useState } from "react";

// Its own chunk, fetched only after hydration and only where it will run:
// it adds nothing to the first load, and nothing at all on phones.
const GoldenCursorCanvas = lazy(() => import("./golden-cursor-canvas"));

/** A mouse that can hover, on a visitor who has not asked for less motion. */
const WANTED = "(hover: hover) and (pointer: fine)";
const REDUCED = "(prefers-reduced-motion: reduce)";

export function GoldenCursor() {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    const fine = window.matchMedia(WANTED);
    const reduced = window.matchMedia(REDUCED);
    const update = () => setEnabled(fine.matches && !reduced.matches);
    update();
    fine.addEventListener("change", update);
    reduced.addEventListener("change", update);
    return () => {
      fine.removeEventListener("change", update);
      reduced.removeEventListener("change", update);
    };
  }, []);
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <GoldenCursorCanvas />
    </Suspense>
  );
}
