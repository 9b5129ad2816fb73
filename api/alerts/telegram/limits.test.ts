import { describe, expect, it, vi } from "vitest";
import type { ActionRates } from "../../http/action-rates.ts";
import { botLimiter, tokenBucket } from "./limits.ts";

describe("the bot's limits", () => {
  it("lets a burst through, warns once, then stays silent until one fits again; each subject and action apart", async () => {
    let now = 0;
    const answers: boolean[] = [];
    // The one limiter's answers, scripted: three fit, then none until t = 20 s.
    const rates = {
      async take() {
        const ok = answers.length < 3 || now >= 20_000;
        answers.push(ok);
        return ok ? ({ ok: true } as const) : ({ ok: false, waitMs: 20_000 - now } as const);
      },
    } as unknown as ActionRates;
    const limiter = botLimiter(rates, () => now);
    const limit = { max: 3, windowMs: 60_000 };
    const verdicts = [];
    for (let i = 0; i < 6; i += 1) verdicts.push(await limiter.take("tg:1", "chat", limit));
    expect(verdicts).toEqual(["ok", "ok", "ok", "warn", "silent", "silent"]);
    now = 19_999;
    expect(await limiter.take("tg:1", "chat", limit)).toBe("silent");
    now = 20_000;
    expect(await limiter.take("tg:1", "chat", limit)).toBe("ok");
  });

  it("never lets more than its rate a second through the bucket: one at once, then one every 1/rate s", async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const bucket = tokenBucket(5, () => Date.now());
      const times: number[] = [];
      const takes = Array.from({ length: 8 }, () => bucket.take().then(() => void times.push(Date.now())));
      await vi.advanceTimersByTimeAsync(2_000);
      await Promise.all(takes);
      expect(times).toEqual([0, 200, 400, 600, 800, 1_000, 1_200, 1_400]);
    } finally {
      vi.useRealTimers();
    }
  });
});
