/**
 * A sliding-window limit per key (here: per client IP), kept in this
 * process's memory. Behind a load balancer each instance counts on its own,
 * so the effective limit is the per-instance limit times the instances.
 */
export interface RateLimitVerdict {
  allowed: boolean;
  /** Attempts left in the window after this one. */
  remaining: number;
  /** When refused: how long until the oldest attempt leaves the window. */
  retryAfterMs: number;
}

export interface RateLimiter {
  consume(key: string): RateLimitVerdict;
  /** Keys currently tracked (for tests and metrics). */
  size(): number;
}

export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
  maxKeys = 50_000,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}): RateLimiter {
  const attempts = new Map<string, number[]>();

  // Drop keys whose attempts have all left the window, so memory follows
  // recent traffic and not every address ever seen.
  const sweep = (at: number) => {
    for (const [key, times] of attempts) {
      if ((times.at(-1) ?? 0) <= at - windowMs) attempts.delete(key);
    }
  };

  return {
    consume(key) {
      const at = now();
      const recent = (attempts.get(key) ?? []).filter((time) => time > at - windowMs);
      if (recent.length >= limit) {
        attempts.set(key, recent);
        return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, recent[0]! + windowMs - at) };
      }
      recent.push(at);
      attempts.set(key, recent);
      if (attempts.size > maxKeys) sweep(at);
      return { allowed: true, remaining: limit - recent.length, retryAfterMs: 0 };
    },
    size: () => attempts.size,
  };
}
