/**
 * A small store kept in localStorage under `key`, validated on read (a
 * tampered or outdated value starts afresh instead of breaking the page),
 * and kept in step across tabs. Components read it with
 * useSyncExternalStore; the server always sees `initial`.
 */
export interface LocalStore<T> {
  get(): T;
  set(update: (current: T) => T): void;
  subscribe(listener: () => void): () => void;
  readonly initial: T;
}

/** Returns the value when it has the stored shape, or null. (Not zod: it would triple this page's JavaScript.) */
export type Guard<T> = (value: unknown) => T | null;

export function createLocalStore<T>(key: string, guard: Guard<T>, initial: T): LocalStore<T> {
  let state: T | undefined;
  // False once a write failed (storage full or refused): from then on this page's copy is the truth.
  let stored = true;
  const listeners = new Set<() => void>();

  const read = (): T => {
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return initial;
      return guard(JSON.parse(raw)) ?? initial;
    } catch {
      return initial;
    }
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  // Another tab changed the value: take it, so both tabs show one bag.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    state = read();
    notify();
  };

  return {
    initial,
    get() {
      if (typeof window === "undefined") return initial;
      state ??= read();
      return state;
    },
    set(update) {
      // From what storage holds now, not this tab's copy: another tab's change may not have reached us yet
      // (two tabs adding the last piece at once must not both count from an empty bag).
      state = update(stored && typeof window !== "undefined" ? read() : this.get());
      try {
        localStorage.setItem(key, JSON.stringify(state));
        stored = true;
      } catch {
        // full or unavailable storage: the change still holds for this page
        stored = false;
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
  };
}
