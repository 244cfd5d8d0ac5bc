import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from "react";

/*
 * Toasts (sonner), loaded when the page first needs one or, failing that, once the
 * browser is idle after the page is up: about 10 KB compressed that no page needs
 * for its first paint. sonner replays a toast made before its Toaster subscribed,
 * so a toast asked for while the module is still on its way is shown when it lands.
 */
const loadSonner = () => import("sonner");
const LoadedToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

type ToastOptions = { description?: string; id?: string | number };

function show(kind: "success" | "error", message: string, options?: ToastOptions) {
  want();
  void loadSonner().then(({ toast: sonner }) => sonner[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
};

/** sonner's Toaster, mounted with the first toast or when the browser is first idle. */
export function Toaster(props: ComponentProps<typeof LoadedToaster>) {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (wanted) return;
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(want, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(want, 1500);
    return () => window.clearTimeout(timer);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster {...props} />
    </Suspense>
  );
}
