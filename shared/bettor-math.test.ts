import { describe, expect, it } from "vitest";
import { bestLegs, fairProbabilities, sureBetProfitPct, sureBetStakes, valuePct } from "./bettor-math.ts";
import type { BookmakerPrices } from "./odds-math.ts";

const book = (provider: number, prices: [number, number][]): BookmakerPrices => ({ provider, odds: prices.map(([selectionTypeId, value]) => ({ selectionTypeId, value })) });

describe("sure bets", () => {
  // 1X2: the best home at Bet9ja, draw at BetKing, away at SportyBet.
  const threeWay = [book(1, [[1, 2.6], [2, 3.3], [3, 3.0]]), book(2, [[1, 2.4], [2, 3.8], [3, 3.1]]), book(3, [[1, 2.5], [2, 3.5], [3, 3.4]])];

  it("finds a three-way sure bet: Σ(1/best) = 1/2.60 + 1/3.80 + 1/3.40 = 0.94189, a 6.17 % profit", () => {
    const legs = bestLegs(1, threeWay)!;
    expect(legs.map((l) => [l.selectionTypeId, l.provider, l.value])).toEqual([[1, 1, 2.6], [2, 2, 3.8], [3, 3, 3.4]]);
    expect(sureBetProfitPct(legs)).toBeCloseTo(6.1694, 3);
  });

  it("stakes ₦10,000 in whole naira so each result returns about the same, more than the total", () => {
    // Exact shares: 4,083.4 / 2,793.9 / 3,122.7; rounding the draw and the away up keeps the returns closest.
    const stakes = sureBetStakes(bestLegs(1, threeWay)!, 10_000);
    expect(stakes.map((s) => s.stake)).toEqual([4083, 2794, 3123]);
    expect(stakes.map((s) => s.returns)).toEqual([10615.8, 10617.2, 10618.2]);
    expect(stakes.reduce((sum, s) => sum + s.stake, 0)).toBe(10_000);
    for (const s of stakes) expect(s.returns).toBeGreaterThan(10_600);
  });

  it("finds a two-way one: Over 2.5 at 2.10, Under at 2.05 is Σ = 0.96399, a 3.74 % profit", () => {
    const legs = bestLegs(4, [book(2, [[8, 2.1], [9, 1.8]]), book(4, [[8, 1.9], [9, 2.05]])])!;
    expect(sureBetProfitPct(legs)).toBeCloseTo(3.7352, 3);
    const stakes = sureBetStakes(legs, 10_000);
    expect(stakes.map((s) => s.stake)).toEqual([4940, 5060]);
    expect(Math.abs(stakes[0]!.returns - stakes[1]!.returns)).toBeLessThan(2.1);
  });

  it("is no sure bet when the price that would make one comes from a bookmaker missing a selection", () => {
    // BetKing's 3.40 away would give Σ = 0.98; but it lists no draw, so only Bet9ja's 2.60 counts: Σ = 1.07.
    const rows = [book(1, [[1, 2.6], [2, 3.3], [3, 2.6]]), book(2, [[1, 2.4], [3, 3.4]])];
    const legs = bestLegs(1, rows)!;
    expect(legs.map((l) => l.provider)).toEqual([1, 1, 1]);
    expect(sureBetProfitPct(legs)).toBeUndefined();
  });

  it("has no legs for Double Chance, whose selections overlap, or for a market nobody prices whole", () => {
    expect(bestLegs(8, [book(1, [[16, 1.3], [17, 1.3], [18, 1.3]])])).toBeUndefined();
    expect(bestLegs(1, [book(1, [[1, 2.6], [2, 3.3]])])).toBeUndefined();
  });
});

describe("value against the consensus fair price (proportional margin removal)", () => {
  // Fair probabilities per bookmaker: 1/price over Σ(1/price); the consensus is their mean.
  // Bet9ja  2.00 / 3.50 / 4.00: Σ 1.035714 -> away 0.241379
  // BetKing 2.10 / 3.40 / 3.80: Σ 1.033466 -> away 0.254636
  // NairaBet 1.95 / 3.60 / 4.40: Σ 1.017871 -> away 0.223283
  // Consensus away: 0.239766; 4.40 x 0.239766 - 1 = +5.50 %.
  const rows = [book(1, [[1, 2.0], [2, 3.5], [3, 4.0]]), book(2, [[1, 2.1], [2, 3.4], [3, 3.8]]), book(4, [[1, 1.95], [2, 3.6], [3, 4.4]])];

  it("removes each bookmaker's margin and averages: the fair probabilities sum to 1", () => {
    const fair = fairProbabilities(1, rows)!;
    expect(fair.get(3)).toBeCloseTo(0.239766, 5);
    expect(fair.get(1)).toBeCloseTo(0.482449, 5);
    expect([...fair.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it("values NairaBet's 4.40 away at +5.50 % and Bet9ja's 2.00 home below zero", () => {
    const fair = fairProbabilities(1, rows)!;
    expect(valuePct(4.4, fair.get(3)!)).toBeCloseTo(5.497, 2);
    expect(valuePct(2.0, fair.get(1)!)).toBeLessThan(0);
  });

  it("skips a bookmaker missing a selection, and knows nothing without a whole market", () => {
    const withPartial = [...rows, book(5, [[1, 9.0], [3, 9.0]])];
    expect(fairProbabilities(1, withPartial)).toEqual(fairProbabilities(1, rows));
    expect(fairProbabilities(1, [book(5, [[1, 9.0]])])).toBeUndefined();
  });
});
