import { describe, expect, it } from "vitest";
import { bestLegs, fairProbabilities, legReturn, netEvPct, netInverseSum, netPrice, netSureBetProfitPct, powerDevig, sureBetProfitPct, sureBetStakes, valuePct, type Leg } from "./bettor-math.ts";
import { TAX_ON_WINNINGS_RATE } from "./bookmaker-rules.ts";
import type { BookmakerPrices } from "./odds-math.ts";

const book = (provider: number, prices: [number, number][]): BookmakerPrices => ({ provider, odds: prices.map(([selectionTypeId, value]) => ({ selectionTypeId, value })) });

describe("sure bets", () => {
  // 1X2: the best home at Bet9ja, draw at BetKing, away at SportyBet.
  const threeWay = [book(1, [[1, 2.6], [2, 3.3], [3, 3.0]]), book(2, [[1, 2.4], [2, 3.8], [3, 3.1]]), book(3, [[1, 2.5], [2, 3.5], [3, 3.4]])];

  it("finds a three-way sure bet: Σ(1/best) = 1/2.60 + 1/3.80 + 1/3.40 = 0.94189, a 6.17 % profit, 2.57 % after tax", () => {
    // Net prices b - 0.05(b - 1): 2.52, 3.66, 3.28; Σ' = 0.396825 + 0.273224 + 0.304878 = 0.974927, 1/Σ' - 1 = 2.5717 %.
    const legs = bestLegs(1, threeWay)!;
    expect(legs.map((l) => [l.selectionTypeId, l.provider, l.value])).toEqual([[1, 1, 2.6], [2, 2, 3.8], [3, 3, 3.4]]);
    expect(sureBetProfitPct(legs)).toBeCloseTo(6.1694, 3);
    expect(netSureBetProfitPct(legs)).toBeCloseTo(2.5717, 3);
  });

  it("before tax, stakes ₦10,000 in whole naira so each result returns the same within ₦1, leaving a few naira unstaked", () => {
    // Decision 018's worked example, at no tax: exact shares 4,083.4 / 2,793.9 / 3,122.7 staked exactly return
    // 10,615.8 / 10,617.2 / 10,618.2 (₦2.40 apart): a naira moves a return by its price. 4,076 / 2,789 / 3,117
    // (₦9,982) agree within ₦0.60.
    const stakes = sureBetStakes(bestLegs(1, threeWay)!, 10_000, 0);
    expect(stakes.map((s) => s.stake)).toEqual([4076, 2789, 3117]);
    expect(stakes.map((s) => [s.gross, s.tax, s.net])).toEqual([[10597.6, 0, 10597.6], [10598.2, 0, 10598.2], [10597.8, 0, 10597.8]]);
    const staked = stakes.reduce((sum, s) => sum + s.stake, 0);
    expect(staked).toBe(9982);
    for (const s of stakes) expect(s.net).toBeGreaterThan(staked * 1.06);
  });

  it("keeps the net returns within ₦1 for totals from ₦1,000 to ₦100,000 on ordinary prices, staking at least 99.5 %", () => {
    const legs = bestLegs(1, threeWay)!;
    for (let total = 1_000; total <= 100_000; total += 997) {
      const stakes = sureBetStakes(legs, total);
      const exactNet = stakes.map((s) => s.stake * netPrice(s.value));
      const staked = stakes.reduce((sum, s) => sum + s.stake, 0);
      // Within ₦1 as the split judges it: exactly ₦1 apart counts, give or take floating-point dust.
      expect(Math.max(...exactNet) - Math.min(...exactNet), `₦${total}`).toBeLessThanOrEqual(1 + 1e-9);
      expect(staked).toBeLessThanOrEqual(total);
      expect(staked).toBeGreaterThanOrEqual(total - Math.max(20, Math.floor(total * 0.005)));
      for (const s of stakes) {
        expect(s.gross, `₦${total}`).toBe(Math.round(s.stake * s.value * 100) / 100);
        expect(s.net, `₦${total}`).toBeCloseTo(s.gross - s.tax, 9);
        expect(Math.abs(s.net - s.stake * netPrice(s.value)), `₦${total}`).toBeLessThanOrEqual(0.01);
      }
    }
  });

  it("stakes nothing for a total too small to put a naira on every leg", () => {
    expect(sureBetStakes(bestLegs(1, threeWay)!, 2).map((s) => s.stake)).toEqual([0, 0, 0]);
    expect(sureBetStakes(bestLegs(1, threeWay)!, 3).every((s) => s.stake >= 1)).toBe(true);
  });

  it("finds a two-way one: Over 2.5 at 2.10, Under at 2.05 is Σ = 0.96399, a 3.74 % profit before tax and 1.05 % after", () => {
    // Net prices 2.10 - 0.05 x 1.10 = 2.045 and 2.05 - 0.05 x 1.05 = 1.9975: Σ' = 0.488998 + 0.500626 = 0.989624,
    // 1/Σ' - 1 = 1.0485 %. ₦10,000 in proportion to 1/b': ₦4,941 on Over pays ₦10,376.10, less 5 % of
    // its ₦5,435.10 winnings (₦271.76), ₦10,104.34; ₦5,058 on Under pays ₦10,368.90, less ₦265.55, ₦10,103.35.
    const legs = bestLegs(4, [book(2, [[8, 2.1], [9, 1.8]]), book(4, [[8, 1.9], [9, 2.05]])])!;
    expect(sureBetProfitPct(legs)).toBeCloseTo(3.7352, 3);
    expect(netSureBetProfitPct(legs)).toBeCloseTo(1.0485, 3);
    const stakes = sureBetStakes(legs, 10_000);
    expect(stakes.map((s) => s.stake)).toEqual([4941, 5058]);
    expect(stakes.map((s) => [s.gross, s.tax, s.net])).toEqual([[10376.1, 271.76, 10104.34], [10368.9, 265.55, 10103.35]]);
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

const legsAt = (prices: number[]): Leg[] => prices.map((value, i) => ({ selectionTypeId: i + 1, provider: i + 1, value }));

describe("sure bets after the 5 % tax on winnings (docs/design.md, Tax on sure bets and value bets)", () => {
  it("takes the tax off a leg's winnings: b' = b - 0.05(b - 1)", () => {
    expect(TAX_ON_WINNINGS_RATE).toBe(0.05);
    // 3.80 pays 3.80 per naira, 2.80 of it winnings, taxed 0.14: 3.66. Evens 2.00 keeps 1.95.
    expect(netPrice(3.8)).toBeCloseTo(3.66, 12);
    expect(netPrice(2)).toBeCloseTo(1.95, 12);
    expect(netPrice(2.115, 0)).toBe(2.115);
  });

  it("turns a 2 % three-way sure bet into a loss: the tax on the winning leg is more than the margin", () => {
    // 1/2.13 + 1/3.60 + 1/4.30 = 0.469484 + 0.277778 + 0.232558 = 0.979820: 1/0.979820 - 1 = 2.06 % before tax.
    // Net prices: 2.13 - 0.05 x 1.13 = 2.0735, 3.60 - 0.05 x 2.60 = 3.47, 4.30 - 0.05 x 3.30 = 4.135;
    // Σ' = 0.482276 + 0.288184 + 0.241838 = 1.012299 > 1: 1/1.012299 - 1 = -1.21 % after tax.
    const legs = legsAt([2.13, 3.6, 4.3]);
    expect(sureBetProfitPct(legs)).toBeCloseTo(2.0596, 3);
    expect(netInverseSum(legs)).toBeCloseTo(1.012299, 5);
    expect(netSureBetProfitPct(legs)).toBeCloseTo(-1.2149, 3);
    // ₦10,000 split to pay the same after tax: ₦4,764 / ₦2,847 / ₦2,389. The draw wins: 2,847 x 3.60 =
    // ₦10,249.20 paid, 5 % of its ₦7,402.20 winnings (₦370.11) withheld: ₦9,879.09, ₦120.91 short of the stakes.
    const stakes = sureBetStakes(legs, 10_000);
    expect(stakes.map((s) => s.stake)).toEqual([4764, 2847, 2389]);
    expect(stakes[1]).toMatchObject({ gross: 10249.2, tax: 370.11, net: 9879.09 });
    for (const s of stakes) expect(s.net).toBeLessThan(10_000);
  });

  it("keeps a 5.33 % sure bet profitable after tax, at 1.78 %, and splits ₦10,000 so every result pays the same after tax", () => {
    // 1/2.55 + 1/3.80 + 1/3.40 = 0.392157 + 0.263158 + 0.294118 = 0.949433: 5.3261 % before tax.
    // Net prices 2.4725, 3.66, 3.28: Σ' = 0.404449 + 0.273224 + 0.304878 = 0.982551: 1/Σ' - 1 = 1.7759 %.
    const legs = legsAt([2.55, 3.8, 3.4]);
    expect(sureBetProfitPct(legs)).toBeCloseTo(5.3261, 3);
    expect(netSureBetProfitPct(legs)).toBeCloseTo(1.7759, 3);
    // Exact shares of ₦10,000 in proportion to 1/b': 4,116.3 / 2,780.8 / 3,102.9, each ₦10,177.59 after tax.
    // Whole naira, net returns within ₦1: ₦4,115 / ₦2,780 / ₦3,102 (₦9,997 staked):
    //   home 4,115 x 2.55 = 10,493.25, tax 5 % of 6,378.25 = 318.91, net 10,174.34
    //   draw 2,780 x 3.80 = 10,564.00, tax 5 % of 7,784.00 = 389.20, net 10,174.80
    //   away 3,102 x 3.40 = 10,546.80, tax 5 % of 7,444.80 = 372.24, net 10,174.56
    // At least ₦177.34 over the ₦9,997 staked whichever result (1.77 %). Split in proportion to 1/b instead
    // (₦4,129 / ₦2,771 / ₦3,097, each paying ₦10,529 or so before tax), the draw would keep ₦10,141.86
    // after tax and the home ₦10,208.95: the long price's larger winnings pay more tax.
    const stakes = sureBetStakes(legs, 10_000);
    expect(stakes.map((s) => [s.stake, s.gross, s.tax, s.net])).toEqual([
      [4115, 10493.25, 318.91, 10174.34],
      [2780, 10564, 389.2, 10174.8],
      [3102, 10546.8, 372.24, 10174.56],
    ]);
    expect(Math.min(...stakes.map((s) => s.net)) - 9997).toBeCloseTo(177.34, 2);
  });

  it("returns a leg's gross, tax and net to the kobo, and no tax on a leg with no stake", () => {
    expect(legReturn(legsAt([3.8])[0]!, 2780)).toMatchObject({ stake: 2780, gross: 10564, tax: 389.2, net: 10174.8 });
    expect(legReturn(legsAt([3.8])[0]!, 0)).toMatchObject({ stake: 0, gross: 0, tax: 0, net: 0 });
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

  it("expects +0.38 % after tax from that 4.40: b' = 4.40 - 0.05 x 3.40 = 4.23, and 4.23 x 0.237303 - 1 = 0.379 %", () => {
    const fair = fairProbabilities(1, rows)!;
    expect(netEvPct(4.4, fair.get(3)!)).toBeCloseTo(0.379, 2);
    expect(netEvPct(4.4, fair.get(3)!, 0)).toBeCloseTo(valuePct(4.4, fair.get(3)!), 10);
  });

  it("finds a 3 % value at 3.00 a loss after tax: p = 1.03 / 3 = 0.343333, b' = 2.90, 2.90 x 0.343333 - 1 = -0.43 %", () => {
    expect(valuePct(3, 1.03 / 3)).toBeCloseTo(3, 10);
    expect(netEvPct(3, 1.03 / 3)).toBeCloseTo(-0.4333, 3);
  });

  it("skips a bookmaker missing a selection, and knows nothing without a whole market", () => {
    const withPartial = [...rows, book(5, [[1, 9.0], [3, 9.0]])];
    expect(fairProbabilities(1, withPartial)).toEqual(fairProbabilities(1, rows));
    expect(fairProbabilities(1, [book(5, [[1, 9.0]])])).toBeUndefined();
  });
});
