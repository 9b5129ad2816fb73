import { describe, expect, it } from "vitest";
import type { BookmakerKey } from "../types.ts";
import { PRICE_STEP_MS } from "./pricing.ts";
import { BOOKMAKERS, harness, LEAGUE_PATHS, MINUTE, TUESDAY, type Harness } from "./testing/sim-harness.ts";
import { servedMarkets } from "./testing/served-prices.ts";

async function priceBook(h: Harness, bk: BookmakerKey): Promise<Map<string, string>> {
  const markets = await servedMarkets(h, bk);
  return new Map(markets.map((m) => [`${m.event}|${m.kind}|${m.line}`, m.prices.join("/")]));
}

describe("price drift", () => {
  it("moves some prices at every bookmaker when the clock advances ten minutes, but not all", async () => {
    const h = harness();
    for (const bk of BOOKMAKERS) {
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
    const paths = BOOKMAKERS.flatMap((bk) => LEAGUE_PATHS[bk]);
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
      const listings = BOOKMAKERS.map((bk) => ({ bk, listed: h.sim.listing(bk) }));
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
