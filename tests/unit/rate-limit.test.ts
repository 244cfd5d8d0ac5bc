import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/lib/rate-limit.server";

describe("rate limiter", () => {
  it("allows the limit within the window, refuses the next, and says when to retry", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 5, windowMs: 600_000, now: () => now });
    for (let i = 0; i < 5; i++) {
      expect(limiter.consume("10.0.0.1")).toMatchObject({ allowed: true, remaining: 4 - i });
      now += 1000;
    }
    const refused = limiter.consume("10.0.0.1");
    expect(refused.allowed).toBe(false);
    // The first attempt leaves the window 600 s after it was made, 5 s ago.
    expect(refused.retryAfterMs).toBe(595_000);
    // Another client is not affected.
    expect(limiter.consume("10.0.0.2").allowed).toBe(true);
  });

  it("slides: each attempt frees its place when it leaves the window", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => now });
    expect(limiter.consume("a").allowed).toBe(true);
    now = 500;
    expect(limiter.consume("a").allowed).toBe(true);
    now = 999;
    expect(limiter.consume("a").allowed).toBe(false);
    now = 1000;
    expect(limiter.consume("a").allowed).toBe(true);
    expect(limiter.consume("a").allowed).toBe(false);
  });

  it("forgets clients whose attempts have all expired, so memory follows recent traffic", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 100, now: () => now, maxKeys: 10 });
    for (let i = 0; i < 10; i++) limiter.consume(`old-${i}`);
    now = 200;
    limiter.consume("new");
    expect(limiter.size()).toBe(1);
  });
});
