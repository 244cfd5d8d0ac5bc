/**
 * An in-memory cache for catalogue reads in the manner of Hydrogen's
 * CacheShort (max-age=1, stale-while-revalidate=9): a fresh entry is served
 * as is; a stale one is served at once while one background call refreshes
 * it; concurrent misses for a key share a single call. `invalidate()` drops
 * everything, and a call that was already under way when it happened does
 * not put its now-outdated answer back.
 */
export interface ReadCacheOptions {
  maxAgeMs?: number;
  staleWhileRevalidateMs?: number;
  maxEntries?: number;
  now?: () => number;
  onBackgroundError?: (key: string, error: unknown) => void;
}

interface Entry<T> {
  value: T;
  storedAt: number;
}

export interface ReadCacheStats {
  hits: number;
  staleHits: number;
  misses: number;
  entries: number;
}

export class ReadCache {
  readonly maxAgeMs: number;
  readonly staleWhileRevalidateMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly onBackgroundError: (key: string, error: unknown) => void;
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private generation = 0;
  private counts = { hits: 0, staleHits: 0, misses: 0 };

  constructor(options: ReadCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 1_000;
    this.staleWhileRevalidateMs = options.staleWhileRevalidateMs ?? 9_000;
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
    this.onBackgroundError = options.onBackgroundError ?? (() => {});
  }

  /**
   * The cached value for `key`, or what `load` gives. Values for which
   * `keep` says false (an empty answer from a store that refused us) are
   * passed on but not stored.
   */
  async get<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age < this.maxAgeMs) {
      this.counts.hits += 1;
      return entry.value;
    }
    if (entry && age < this.maxAgeMs + this.staleWhileRevalidateMs) {
      this.counts.staleHits += 1;
      if (!this.inFlight.has(key)) this.fetch(key, load, keep).catch((error: unknown) => this.onBackgroundError(key, error));
      return entry.value;
    }
    this.counts.misses += 1;
    return (this.inFlight.get(key) as Promise<T> | undefined) ?? this.fetch(key, load, keep);
  }

  private fetch<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    const generation = this.generation;
    const pending = load()
      .then((value) => {
        if (generation === this.generation && keep(value)) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      });
    this.inFlight.set(key, pending);
    return pending;
  }

  private store(key: string, value: unknown) {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    // Map order is insertion order: the first keys are the least recently stored.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forget everything: the next read of any key goes to the store. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  stats(): ReadCacheStats {
    return { ...this.counts, entries: this.entries.size };
  }
}
