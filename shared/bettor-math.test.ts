import { describe, expect, it } from "vitest";
import { bestLegs, fairProbabilities, powerDevig, sureBetProfitPct, sureBetStakes, valuePct } from "./bettor-math.ts";
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

  it("stakes ₦10,000 in whole naira so each result returns the same within ₦1, leaving a few naira unstaked", () => {
    // Exact shares 4,083.4 / 2,793.9 / 3,122.7 staked exactly return 10,615.8 / 10,617.2 / 10,618.2
    // (₦2.40 apart): a naira moves a return by its price. 4,076 / 2,789 / 3,117 (₦9,982) agree within ₦0.60.
    const stakes = sureBetStakes(bestLegs(1, threeWay)!, 10_000);
    expect(stakes.map((s) => s.stake)).toEqual([4076, 2789, 3117]);
    expect(stakes.map((s) => s.returns)).toEqual([10597.6, 10598.2, 10597.8]);
    for (const s of stakes) expect(s.returns).toBe(Math.round(s.stake * s.value * 100) / 100);
    const staked = stakes.reduce((sum, s) => sum + s.stake, 0);
    expect(staked).toBe(9982);
    const returns = stakes.map((s) => s.returns);
    expect(Math.max(...returns) - Math.min(...returns)).toBeLessThanOrEqual(1);
    for (const s of stakes) expect(s.returns).toBeGreaterThan(staked * 1.06);
  });

  it("keeps the returns within ₦1 for totals from ₦1,000 to ₦100,000 on ordinary prices, staking at least 99.5 %", () => {
    const legs = bestLegs(1, threeWay)!;
    for (let total = 1_000; total <= 100_000; total += 997) {
      const stakes = sureBetStakes(legs, total);
      const returns = stakes.map((s) => s.returns);
      const staked = stakes.reduce((sum, s) => sum + s.stake, 0);
      expect(Math.max(...returns) - Math.min(...returns), `₦${total}`).toBeLessThanOrEqual(1);
      expect(staked).toBeLessThanOrEqual(total);
      expect(staked).toBeGreaterThanOrEqual(total - Math.max(20, Math.floor(total * 0.005)));
    }
  });

  it("stakes nothing for a total too small to put a naira on every leg", () => {
    expect(sureBetStakes(bestLegs(1, threeWay)!, 2).map((s) => s.stake)).toEqual([0, 0, 0]);
    expect(sureBetStakes(bestLegs(1, threeWay)!, 3).every((s) => s.stake >= 1)).toBe(true);
  });

  it("finds a two-way one: Over 2.5 at 2.10, Under at 2.05 is Σ = 0.96399, a 3.74 % profit", () => {
    const legs = bestLegs(4, [book(2, [[8, 2.1], [9, 1.8]]), book(4, [[8, 1.9], [9, 2.05]])])!;
    expect(sureBetProfitPct(legs)).toBeCloseTo(3.7352, 3);
    const stakes = sureBetStakes(legs, 10_000);
    expect(stakes.map((s) => s.stake)).toEqual([4940, 5060]);
    expect(stakes.map((s) => s.returns)).toEqual([10374, 10373]);
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

describe("value against the consensus fair price (power method)", () => {
  // Each bookmaker's fair probabilities are (1/price)^k with k such that they sum to 1; the consensus is their mean.
  // Bet9ja  2.00 / 3.50 / 4.00: k 1.0346 -> home 0.488139, away 0.238279 (0.5^1.0346 = 0.488139, 0.25^1.0346 = 0.238279)
  // BetKing 2.10 / 3.40 / 3.80: -> home 0.465020, away 0.252155
  // NairaBet 1.95 / 3.60 / 4.40: -> home 0.506883, away 0.221476
  // Consensus away: 0.237303; 4.40 x 0.237303 - 1 = +4.41 %.
  const rows = [book(1, [[1, 2.0], [2, 3.5], [3, 4.0]]), book(2, [[1, 2.1], [2, 3.4], [3, 3.8]]), book(4, [[1, 1.95], [2, 3.6], [3, 4.4]])];

  it("removes one bookmaker's margin: (1/price)^k summing to 1", () => {
    const fair = powerDevig([2.0, 3.5, 4.0]);
    const k = Math.log(fair[0]!) / Math.log(0.5);
    expect(k).toBeCloseTo(1.0346, 4);
    expect(fair[1]).toBeCloseTo(Math.pow(1 / 3.5, k), 10);
    expect(fair[2]).toBeCloseTo(0.238279, 5);
    expect(fair.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it("takes more of the margin off a long price than proportional removal does, so it is not called value for its margin", () => {
    // 1.20 / 6.00 / 15.00 (Σ 1/price = 1.0667): proportional gives the 15.00 a fair price of 16.00, the
    // power method 20.53 (and the 1.20 favourite 1.23 against 1.28): a 17.00 elsewhere is 6 % value by
    // the first, none by the second.
    const [favourite, , longShot] = powerDevig([1.2, 6.0, 15.0]);
    const proportional = 1 / 15 / (1 / 1.2 + 1 / 6 + 1 / 15);
    expect(1 / proportional).toBeCloseTo(16.0, 2);
    expect(1 / longShot!).toBeCloseTo(20.53, 2);
    expect(1 / favourite!).toBeCloseTo(1.23, 2);
  });

  it("averages the bookmakers: the fair probabilities sum to 1", () => {
    const fair = fairProbabilities(1, rows)!;
    expect(fair.get(3)).toBeCloseTo(0.237303, 5);
    expect(fair.get(1)).toBeCloseTo(0.486681, 5);
    expect([...fair.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it("values NairaBet's 4.40 away at +4.41 % and Bet9ja's 2.00 home below zero", () => {
    const fair = fairProbabilities(1, rows)!;
    expect(valuePct(4.4, fair.get(3)!)).toBeCloseTo(4.413, 2);
    expect(valuePct(2.0, fair.get(1)!)).toBeLessThan(0);
  });

  it("skips a bookmaker missing a selection, and knows nothing without a whole market", () => {
    const withPartial = [...rows, book(5, [[1, 9.0], [3, 9.0]])];
    expect(fairProbabilities(1, withPartial)).toEqual(fairProbabilities(1, rows));
    expect(fairProbabilities(1, [book(5, [[1, 9.0]])])).toBeUndefined();
  });
});
