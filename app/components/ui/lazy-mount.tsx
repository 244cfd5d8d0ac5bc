import { Suspense, useState, type ReactNode } from "react";

/**
 * Renders `children` from the first time `when` is true, and keeps them
 * afterwards (so a closing animation can play). Wrap a React.lazy panel in it
 * to load the panel's code on first use rather than with the page.
 */
export function LazyMount({ when, children }: { when: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(when);
  if (when && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
