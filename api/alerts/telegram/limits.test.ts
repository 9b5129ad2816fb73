import { describe, expect, it, vi } from "vitest";
import { tokenBucket, windowLimiter } from "./limits.ts";

describe("the bot's limits", () => {
  it("lets a window's worth through, warns once, then stays silent until the window passes", () => {
    let now = 0;
    const limiter = windowLimiter(() => now);
    const limit = { max: 3, windowMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6].map(() => limiter.take("chat:1", limit))).toEqual(["ok", "ok", "ok", "warn", "silent", "silent"]);
    // Another key has its own window.
    expect(limiter.take("chat:2", limit)).toBe("ok");
    now = 59_999;
    expect(limiter.take("chat:1", limit)).toBe("silent");
    now = 60_000;
    expect(limiter.take("chat:1", limit)).toBe("ok");
  });

  it("never lets more than its rate a second through the bucket: a burst, then one every 1/rate s", async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const bucket = tokenBucket(5, () => Date.now());
      const times: number[] = [];
      const takes = Array.from({ length: 8 }, () => bucket.take().then(() => void times.push(Date.now())));
      await vi.advanceTimersByTimeAsync(2_000);
      await Promise.all(takes);
      expect(times).toEqual([0, 0, 0, 0, 0, 200, 400, 600]);
    } finally {
      vi.useRealTimers();
    }
  });
});
