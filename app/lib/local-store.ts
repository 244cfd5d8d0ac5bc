import type { z } from "zod";

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

export function createLocalStore<T>(key: string, schema: z.ZodType<T>, initial: T): LocalStore<T> {
  let state: T | undefined;
  const listeners = new Set<() => void>();

  const read = (): T => {
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return initial;
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : initial;
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
      state = update(this.get());
      try {
        localStorage.setItem(key, JSON.stringify(state));
      } catch {
        // full or unavailable storage: the change still holds for this page
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
