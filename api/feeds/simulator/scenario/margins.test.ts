import { describe, expect, it } from "vitest";
import type { BookmakerKey } from "../../types.ts";
import { MARGIN_PROFILES, marginPercent } from "./margins.ts";
import { SIM_BOOKS, harness } from "../../../../tests/helpers/simulator/sim-harness.ts";
import { servedMarkets, type ServedMarket } from "../../../../tests/helpers/simulator/served-prices.ts";

const served = (bk: BookmakerKey) => servedMarkets(harness(), bk);
const plainOpen = (markets: ServedMarket[], kind: ServedMarket["kind"], line: number | null = null) =>
  markets.filter((m) => m.kind === kind && m.line === line && m.open && !m.boosted);

describe("margins of served prices", () => {
  it.each(SIM_BOOKS)("keeps %s's 1X2 and O/U 2.5 margins within 1.5 points of its target", async (bk) => {
    const markets = await served(bk);
    const { margins } = MARGIN_PROFILES[bk];
    const oneXTwo = plainOpen(markets, "1X2");
    const totals = plainOpen(markets, "OU", 2.5);
    expect(oneXTwo.length).toBeGreaterThan(15);
    expect(totals.length).toBeGreaterThan(25);
    for (const m of oneXTwo)
      expect(Math.abs(marginPercent(m.prices) - margins["1X2"] * 100)).toBeLessThanOrEqual(1.5);
    for (const m of totals)
      expect(Math.abs(marginPercent(m.prices) - margins.OU * 100)).toBeLessThanOrEqual(1.5);
  });

  it("keeps every bookmaker's halved Double Chance margin sane and near its target", async () => {
    for (const bk of SIM_BOOKS) {
      const dc = plainOpen(await served(bk), "DC");
      expect(dc.length).toBeGreaterThan(25);
      for (const m of dc) {
        const margin = marginPercent(m.prices, 2);
        expect(margin).toBeGreaterThan(2);
        expect(Math.abs(margin - MARGIN_PROFILES[bk].margins.DC * 100)).toBeLessThanOrEqual(1.5);
      }
    }
  });

  // docs/design.md, Typical margins.
  it("orders bookmakers by margin as the real sites run: 1xBet cheapest, NairaBet dearest", async () => {
    const mean = async (bk: BookmakerKey) => {
      const values = plainOpen(await served(bk), "1X2").map((m) => marginPercent(m.prices));
      return values.reduce((s, v) => s + v, 0) / values.length;
    };
    const [onexbet, betking, nairabet] = await Promise.all([
      mean("1xbet"),
      mean("betking"),
      mean("nairabet"),
    ]);
    expect(onexbet).toBeLessThan(betking);
    expect(betking).toBeLessThan(nairabet);
  });
});

describe("the quick power-method margin (the catalogue's other types)", () => {
  it("prices as applyMargin's bisection does, to the fourth decimal, for two-way, many-way and overlapping sets", async () => {
    const { applyMargin, applyMarginQuick } = await import("./margins.ts");
    const sets: [number[], number, number][] = [
      [[0.55, 0.45], 0.05, 1],
      [[0.9, 0.1], 0.08, 1],
      [Array.from({ length: 26 }, (_, i) => (i === 25 ? 0.05 : 0.95 / 25)), 0.25, 1],
      [[0.6, 0.27, 0.35], 0.08, 1.22],
    ];
    for (const [probabilities, margin, covered] of sets) {
      const quick = applyMarginQuick(probabilities, margin, covered);
      applyMargin(probabilities, margin, covered).forEach((price, i) => expect(quick[i]).toBeCloseTo(price, 4));
      expect(marginPercent(quick, covered)).toBeCloseTo(margin * 100, 6);
    }
  });
});
