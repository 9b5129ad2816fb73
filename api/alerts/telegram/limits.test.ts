import { describe, expect, it, vi } from "vitest";
import type { ActionRates } from "../../http/action-rates.ts";
import { botLimiter, sendWindow } from "./limits.ts";

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

  it("never lets more than its rate into any second: a burst of the rate, then each place again a second after its answer", async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const window = sendWindow(5);
      const sent: number[] = [];
      const answered: number[] = [];
      // Each send is answered 100 ms after it went.
      const sends = Array.from({ length: 12 }, async () => {
        const done = await window.take();
        sent.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 100));
        answered.push(Date.now());
        done();
      });
      await vi.advanceTimersByTimeAsync(5_000);
      await Promise.all(sends);
      expect(sent).toEqual([0, 0, 0, 0, 0, 1_110, 1_110, 1_110, 1_110, 1_110, 2_220, 2_220]);
      // Whatever second Telegram counts, no more than five of its messages reached it then.
      const reached = sent.map((at, i) => [at, answered[i]!] as const);
      for (let t = 0; t <= 3_000; t += 10) expect(reached.filter(([from, to]) => from <= t && to > t - 1_000).length, `the second ending at ${t}`).toBeLessThanOrEqual(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
