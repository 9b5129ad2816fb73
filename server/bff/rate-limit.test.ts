import { describe, expect, it } from "vitest";
import { tokenBuckets } from "./rate-limit.ts";

function buckets(options: { burst?: number; perSecond?: number; maxClients?: number } = {}) {
  let now = 1_000_000;
  const limiter = tokenBuckets({ burst: options.burst ?? 3, perSecond: options.perSecond ?? 1, maxClients: options.maxClients ?? 100, clock: () => now });
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe("tokenBuckets", () => {
  it("allows a burst, then answers the whole seconds until the next token", () => {
    const { limiter } = buckets({ burst: 3, perSecond: 0.5 });
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([0, 0, 0]);
    expect(limiter.take("a")).toBe(2);
  });

  it("refills at its rate, never above the burst", () => {
    const { limiter, advance } = buckets({ burst: 2, perSecond: 1 });
    limiter.take("a");
    limiter.take("a");
    advance(1_000);
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(1);
    advance(60_000);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([0, 0, 1]);
  });

  it("keeps clients apart", () => {
    const { limiter } = buckets({ burst: 1 });
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(1);
    expect(limiter.take("b")).toBe(0);
  });

  it("remembers at most maxClients, forgetting the one seen longest ago", () => {
    const { limiter } = buckets({ burst: 1, maxClients: 3 });
    for (const key of ["a", "b", "c"]) limiter.take(key);
    // "a" is seen again, so "b" is now the oldest.
    expect(limiter.take("a")).toBe(1);
    limiter.take("d");
    expect(limiter.size).toBe(3);
    expect(limiter.take("b")).toBe(0);
    expect(limiter.take("a")).toBe(1);
    for (let i = 0; i < 1_000; i++) limiter.take(`flood-${i}`);
    expect(limiter.size).toBe(3);
  });
});
