import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from "react";

/*
 * Toasts (sonner), loaded when the page first needs one or when the shopper first presses
 * a key or a pointer, so that a toast answering what they do next finds it ready: about
 * 10 KB compressed that no page needs for its first paint, and whose compiling and running
 * (15–20 ms of the main thread here) no longer lands while the page is still loading.
 * sonner replays a toast made before its Toaster subscribed, so a toast asked for while
 * the module is still on its way is shown when it lands.
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

/*
 * The messages a toast is showing now. A form that also writes its message beside the field or above the form
 * (FieldError, FormMessage) leaves that copy out while the toast says it: the same words twice at once read as an
 * echo, and a search for the words finds two. Once the toast has gone, the copy stays on the page as a reminder.
 */
const showing = new Map<string, number>();
let showingVersion = 0;
const showingListeners = new Set<() => void>();
/** The longest a message counts as shown: more than a toast's life (sonner's 4 s, paused while hovered, and its exit). */
const SHOWN_AT_MOST_MS = 10_000;

function countShowing(message: string, delta: 1 | -1) {
  const count = (showing.get(message) ?? 0) + delta;
  if (count > 0) showing.set(message, count);
  else showing.delete(message);
  showingVersion++;
  for (const listener of showingListeners) listener();
}

function show(kind: "success" | "error", message: string, options?: ToastOptions) {
  want();
  countShowing(message, 1);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(backstop);
    countShowing(message, -1);
  };
  const backstop = setTimeout(end, SHOWN_AT_MOST_MS);
  void loadSonner().then(({ toast: sonner }) => sonner[kind](message, { ...options, onAutoClose: end, onDismiss: end }));
}

const subscribeShowing = (listener: () => void) => {
  showingListeners.add(listener);
  return () => showingListeners.delete(listener);
};

/** Whether a toast is saying `message` now (never on the server). */
export function useToastShowing(): (message: string) => boolean {
  useSyncExternalStore(
    subscribeShowing,
    () => showingVersion,
    () => 0,
  );
  return (message) => showing.has(message);
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
};

/** sonner's Toaster, mounted with the first toast or the shopper's first key or pointer press. */
export function Toaster(props: ComponentProps<typeof LoadedToaster>) {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (wanted) return;
    const events = ["pointerdown", "keydown"] as const;
    const early = () => {
      for (const type of events) window.removeEventListener(type, early, true);
      want();
    };
    for (const type of events) window.addEventListener(type, early, { capture: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, early, true);
    };
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster {...props} />
    </Suspense>
  );
}
