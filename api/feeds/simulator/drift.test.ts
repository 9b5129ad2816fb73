import { describe, expect, it } from "vitest";
import type { BookmakerKey } from "../types.ts";
import { PRICE_STEP_MS } from "./scenario/pricing.ts";
import type { FeedSimulator } from "./feed-simulator.ts";
import { SIM_BOOKS, harness, LEAGUE_PATHS, MINUTE, TUESDAY, type Harness } from "../../../tests/helpers/simulator/sim-harness.ts";
import { servedMarkets } from "../../../tests/helpers/simulator/served-prices.ts";

async function priceBook(h: Harness, bk: BookmakerKey): Promise<Map<string, string>> {
  const markets = await servedMarkets(h, bk);
  return new Map(markets.map((m) => [`${m.event}|${m.kind}|${m.line}`, m.prices.join("/")]));
}

/** Every open price a bookmaker quotes at t, by fixture, market and selection. */
function quotes(sim: FeedSimulator, bk: BookmakerKey, t: number): Map<string, number> {
  const prices = new Map<string, number>();
  for (const { fixture, markets } of sim.listing(bk, undefined, t)) {
    for (const m of markets) {
      if (m.suspended) continue;
      m.prices.forEach((p, i) => prices.set(`${fixture.serial}|${m.kind}${m.line ?? ""}|${i}`, p));
    }
  }
  return prices;
}

describe("price drift", () => {
  it("moves a minority of each bookmaker's served prices from one step to the next", async () => {
    const h = harness();
    const start = Math.ceil(TUESDAY / PRICE_STEP_MS) * PRICE_STEP_MS;
    for (const bk of SIM_BOOKS) {
      const shares: number[] = [];
      h.setNow(start);
      let before = await priceBook(h, bk);
      for (let step = 1; step <= 8; step++) {
        h.setNow(start + step * PRICE_STEP_MS);
        const after = await priceBook(h, bk);
        let shared = 0;
        let moved = 0;
        for (const [key, prices] of before) {
          const next = after.get(key);
          if (next === undefined) continue;
          const [a, b] = [prices.split("/"), next.split("/")];
          shared += a.length;
          moved += a.filter((p, i) => p !== b[i]).length;
        }
        shares.push(moved / shared);
        before = after;
      }
      const mean = shares.reduce((s, x) => s + x, 0) / shares.length;
      // Most prices stand still; traders reprice a few markets a step, team news a whole fixture.
      expect(mean, `${bk}: ${shares.map((x) => x.toFixed(3)).join(" ")}`).toBeGreaterThanOrEqual(0.04);
      expect(mean, bk).toBeLessThanOrEqual(0.12);
      for (const share of shares) {
        expect(share, bk).toBeGreaterThan(0.01);
        expect(share, bk).toBeLessThan(0.2);
      }
    }
  });

  it("reprices a whole fixture at once now and then, as team news does", () => {
    const h = harness();
    const start = Math.ceil(TUESDAY / PRICE_STEP_MS) * PRICE_STEP_MS;
    let wholeFixtureMoves = 0;
    for (let step = 0; step < 36; step++) {
      const t = start + step * PRICE_STEP_MS;
      const before = quotes(h.sim, "betking", t);
      const after = quotes(h.sim, "betking", t + PRICE_STEP_MS);
      const byFixture = new Map<string, { markets: Set<string>; moved: Set<string> }>();
      for (const [key, price] of before) {
        const [fixture = "", market = ""] = key.split("|");
        const entry = byFixture.get(fixture) ?? { markets: new Set(), moved: new Set() };
        byFixture.set(fixture, entry);
        entry.markets.add(market);
        if (after.has(key) && after.get(key) !== price) entry.moved.add(market);
      }
      for (const { markets, moved } of byFixture.values()) if (markets.size >= 6 && moved.size >= markets.size - 1) wholeFixtureMoves += 1;
    }
    expect(wholeFixtureMoves).toBeGreaterThan(0);
    expect(wholeFixtureMoves).toBeLessThan(36);
  });

  it("moves some prices at every bookmaker when the clock advances ten minutes, but not all", async () => {
    const h = harness();
    for (const bk of SIM_BOOKS) {
      h.setNow(TUESDAY);
      const before = await priceBook(h, bk);
      h.setNow(TUESDAY + 10 * MINUTE);
      const after = await priceBook(h, bk);
      const shared = [...before.keys()].filter((k) => after.has(k));
      const changed = shared.filter((k) => before.get(k) !== after.get(k));
      expect(shared.length).toBeGreaterThan(100);
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.length).toBeLessThan(shared.length);
    }
  });

  it("serves identical payloads throughout one price bucket", async () => {
    const bucketStart = Math.ceil(TUESDAY / PRICE_STEP_MS) * PRICE_STEP_MS;
    const h = harness(42, bucketStart);
    const paths = SIM_BOOKS.flatMap((bk) => LEAGUE_PATHS[bk]);
    const first = await Promise.all(paths.map(async (p) => (await h.get(p)).text));
    h.setNow(bucketStart + PRICE_STEP_MS - 1);
    const last = await Promise.all(paths.map(async (p) => (await h.get(p)).text));
    expect(last).toEqual(first);
    h.setNow(bucketStart + PRICE_STEP_MS);
    const next = await Promise.all(paths.map(async (p) => (await h.get(p)).text));
    expect(next).not.toEqual(first);
  });

  it("spreads the best 1X2 home price across several bookmakers, and it changes hands over a day", async () => {
    const h = harness();
    const bestHolders = () => {
      const listings = SIM_BOOKS.map((bk) => ({ bk, listed: h.sim.listing(bk) }));
      return h.sim.upcoming().map((f) => {
        const quotes = listings.flatMap(({ bk, listed }) => {
          const markets = listed.find((p) => p.fixture.srId === f.srId)?.markets;
          const home = markets?.find((m) => m.kind === "1X2" && !m.suspended)?.prices[0];
          return home ? [{ bk, home }] : [];
        });
        const best = Math.max(...quotes.map((q) => q.home));
        return quotes
          .filter((q) => q.home === best)
          .map((q) => q.bk)
          .join("+");
      });
    };
    const now = bestHolders();
    expect(new Set(now.flatMap((x) => x.split("+"))).size).toBeGreaterThanOrEqual(3);
    h.setNow(TUESDAY + 24 * 60 * MINUTE);
    const tomorrow = bestHolders();
    expect(tomorrow).not.toEqual(now);
  });
});
