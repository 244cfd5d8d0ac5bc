import { Suspense, type ReactNode } from "react";

/**
 * Server-rendered content that the browser hydrates as a unit of its own: React hydrates the page's shell first and
 * each Suspense boundary after it, in separate tasks, so a long page does not hydrate (and run every effect) in one
 * long task that holds up the first tap. Nothing here suspends: the server always renders the content, and a tap on
 * a part not yet hydrated makes React hydrate that part first and then handle the tap.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
