import { describe, expect, it } from "vitest";
import type { Bet9jaList, BetkingList, SportyList } from "../../../tests/helpers/simulator/payload-types.ts";
import { SIM_BOOKS, harness, HOUR, LEAGUE_PATHS, TUESDAY } from "../../../tests/helpers/simulator/sim-harness.ts";
import { servedMarkets } from "../../../tests/helpers/simulator/served-prices.ts";

describe("suspended markets and partial coverage", () => {
  it("suspends some markets at every bookmaker over a few hours, shown the way each site does", async () => {
    const h = harness();
    const suspended = new Map<string, number>();
    for (let t = TUESDAY; t < TUESDAY + 3 * HOUR; t += HOUR / 2) {
      h.setNow(t);
      for (const bk of SIM_BOOKS) {
        const closed = (await servedMarkets(h, bk)).filter((m) => !m.open).length;
        suspended.set(bk, (suspended.get(bk) ?? 0) + closed);
      }
    }
    for (const bk of SIM_BOOKS) expect(suspended.get(bk)).toBeGreaterThan(0);
  });

  it("marks suspension with status and isActive at SportyBet, a closed \"1\" at Bet9ja and 1.00 placeholders at BetKing", async () => {
    const h = harness();
    let sporty = false;
    let bet9ja = false;
    let betking = false;
    for (let t = TUESDAY; t < TUESDAY + 6 * HOUR && !(sporty && bet9ja && betking); t += HOUR / 4) {
      h.setNow(t);
      const s = await h.json<SportyList>(LEAGUE_PATHS.sportybet[0] as string);
      const markets = s.data?.tournaments.flatMap((x) => x.events.flatMap((e) => e.markets)) ?? [];
      sporty ||= markets.some((m) => m.status !== 0 && m.outcomes.every((o) => o.isActive === 0));
      const b9 = await Promise.all(LEAGUE_PATHS.bet9ja.map((p) => h.json<Bet9jaList>(p)));
      bet9ja ||= b9.some((l) => l.D.E.some((e) => Object.values(e.O).includes("1")));
      const bk = await Promise.all(LEAGUE_PATHS.betking.map((p) => h.json<BetkingList>(p)));
      betking ||= bk.some((l) =>
        l.AreaMatches.some((a) =>
          a.Items.some((i) =>
            i.OddsCollection.some((c) => c.MatchOdds.every((o) => o.Outcome.OddOutcome === 1)),
          ),
        ),
      );
    }
    expect([sporty, bet9ja, betking]).toEqual([true, true, true]);
  });

  it("leaves at most one bookmaker out of any fixture's market at any time, so every market compares four or more", () => {
    const h = harness();
    for (let t = TUESDAY; t < TUESDAY + 24 * HOUR; t += HOUR / 3) {
      const quoting = new Map<string, number>();
      for (const bk of SIM_BOOKS) {
        for (const { fixture, markets } of h.sim.listing(bk, undefined, t)) {
          for (const m of markets) {
            // The product shows goal lines 0.5 to 4.5; Bet9ja alone quotes 5.5 and 6.5.
            if (m.suspended || (m.line !== null && m.line > 4.5)) continue;
            const key = `${fixture.srId} ${m.kind}${m.line ?? ""}`;
            quoting.set(key, (quoting.get(key) ?? 0) + 1);
          }
        }
      }
      const thin = [...quoting].filter(([, n]) => n < 4);
      expect(thin, new Date(t).toISOString()).toEqual([]);
      expect(quoting.size).toBeGreaterThan(300);
    }
  });

  it("does not list every fixture at every bookmaker", async () => {
    const h = harness();
    const all = h.sim.upcoming().length;
    const counts = SIM_BOOKS.map((bk) => h.sim.listing(bk).length);
    expect(counts.every((n) => n > all * 0.85)).toBe(true);
    expect(counts.some((n) => n < all)).toBe(true);
  });
});
