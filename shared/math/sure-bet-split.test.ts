import { describe, expect, it } from "vitest";
import { netPrice, sureBetStakes, type Leg } from "./bettor-math.ts";
import { legLimitsOf, splitSureBet, type SureBetSplit } from "./sure-bet-split.ts";

/**
 * 1X2: home 2.10 at SportyBet (₦10 minimum, ₦15,000,000 maximum payout), draw 4.00 at Bet9ja (₦100
 * minimum), away 4.60 at BetKing (no published limit). After tax the legs pay 2.045, 3.85 and 4.42:
 * Σ' = 0.975011, 2.56 % profit. A leg's exact share of a total T is T / (b' x Σ'): the draw's is 26.6 %.
 */
const LEGS: Leg[] = [
  { selectionTypeId: 1, provider: 3, value: 2.1 },
  { selectionTypeId: 2, provider: 1, value: 4.0 },
  { selectionTypeId: 3, provider: 2, value: 4.6 },
];

function split(result: SureBetSplit) {
  if (result.kind !== "split") throw new Error(`expected a split, got ${JSON.stringify(result)}`);
  return result;
}
const stakesOf = (result: SureBetSplit) => split(result).stakes.map((s) => s.stake);

describe("each book's limits from its rules (docs/design.md, Bookmaker rules)", () => {
  it("reads Bet9ja's ₦100 and SportyBet's ₦10 minimum, SportyBet's ₦15,000,000 maximum payout, and no limit where a rule is unknown", () => {
    expect(legLimitsOf(1)).toEqual({ minStake: 100, maxPayout: undefined });
    expect(legLimitsOf(3)).toEqual({ minStake: 10, maxPayout: 15_000_000 });
    expect(legLimitsOf(2)).toEqual({ minStake: 1, maxPayout: undefined });
  });
});

describe("a sure bet's split within the books' minimum stakes", () => {
  it("refuses ₦300, whose draw share is ₦79 at Bet9ja under its ₦100 minimum, naming ₦373 as the smallest total that works", () => {
    // The whole-naira split alone would put ₦79 on Bet9ja, a stake its betslip refuses.
    expect(sureBetStakes(LEGS, 300).map((s) => s.stake)).toEqual([149, 79, 69]);
    expect(splitSureBet(LEGS, 300)).toEqual({ kind: "below-minimums", smallestTotal: 373 });
    const smallest = split(splitSureBet(LEGS, 373));
    expect(smallest.stakes[1]!.stake).toBeGreaterThanOrEqual(100);
    expect(smallest.stakes[0]!.stake).toBeGreaterThanOrEqual(10);
    expect(smallest.staked).toBeLessThanOrEqual(373);
    expect(smallest.profit).toBeGreaterThan(0);
    // One naira less either cannot meet Bet9ja's minimum or makes no profit.
    const below = splitSureBet(LEGS, 372);
    expect(below.kind === "below-minimums" || (below.kind === "split" && below.profit <= 0)).toBe(true);
  });

  it("keeps every stake at or above its book's minimum, within the total, for totals from ₦373 to ₦50,000", () => {
    for (let total = 373; total <= 50_000; total += 311) {
      const { stakes, staked } = split(splitSureBet(LEGS, total));
      expect(stakes.map((s) => s.stake >= legLimitsOf(s.provider).minStake).every(Boolean), `₦${total}`).toBe(true);
      expect(staked, `₦${total}`).toBeLessThanOrEqual(total);
      expect(stakes.every((s) => Number.isInteger(s.stake)), `₦${total}`).toBe(true);
    }
  });

  it("splits ₦10,000 as decision 018 does where no minimum binds: returns within ₦1 after tax", () => {
    const result = split(splitSureBet(LEGS, 10_000));
    expect(result.stakes.map((s) => s.stake)).toEqual(sureBetStakes(LEGS, 10_000).map((s) => s.stake));
    expect(result.spread).toBeLessThanOrEqual(1);
    expect(result.profit).toBeCloseTo(Math.min(...result.stakes.map((s) => s.net)) - result.staked, 9);
  });

  it("finds the smallest total for a large minimum too: ₦1,000,000 at Bet9ja needs about ₦3,754,000, found in whole naira", () => {
    const limits = [legLimitsOf(3), { minStake: 1_000_000, maxPayout: undefined }, legLimitsOf(2)];
    const refused = splitSureBet(LEGS, 300, { limits });
    expect(refused.kind).toBe("below-minimums");
    const smallest = refused.kind === "below-minimums" ? refused.smallestTotal! : 0;
    // 1,000,000 x 3.85 x 0.975011 = 3,753,792: the draw's exact share reaches the minimum there.
    expect(Math.abs(smallest - 3_753_792)).toBeLessThan(500);
    expect(split(splitSureBet(LEGS, smallest, { limits })).stakes[1]!.stake).toBeGreaterThanOrEqual(1_000_000);
    expect(splitSureBet(LEGS, smallest - 1, { limits }).kind).toBe("below-minimums");
  });
});

describe("stakes rounded to ₦10, ₦50 or ₦100", () => {
  it("rounds ₦10,000 to ₦10 stakes and shows what rounding costs: the worst result leaves ₦253.65, ₦2.20 less than the exact split", () => {
    const result = split(splitSureBet(LEGS, 10_000, { rounding: 10 }));
    expect(result.stakes.map((s) => [s.stake, s.net])).toEqual([[4970, 10163.65], [2640, 10164], [2300, 10166]]);
    expect(result.staked).toBe(9910);
    expect(result.profit).toBeCloseTo(253.65, 9);
    expect(split(splitSureBet(LEGS, 10_000)).profit).toBeCloseTo(255.85, 9);
  });

  it("rounds to ₦50 and ₦100: every stake a multiple, at least its minimum, within the total, the profit the worst result's", () => {
    for (const rounding of [50, 100] as const) {
      for (const total of [5_000, 10_000, 123_456]) {
        const result = split(splitSureBet(LEGS, total, { rounding }));
        for (const s of result.stakes) {
          expect(s.stake % rounding, `₦${rounding} at ₦${total}`).toBe(0);
          expect(s.stake).toBeGreaterThanOrEqual(legLimitsOf(s.provider).minStake);
          expect(Math.abs(s.net - s.stake * netPrice(s.value))).toBeLessThanOrEqual(0.01);
        }
        expect(result.staked).toBeLessThanOrEqual(total);
        expect(result.profit).toBeCloseTo(Math.min(...result.stakes.map((s) => s.net)) - result.staked, 9);
      }
    }
    // ₦100 stakes on ₦10,000: 4,700 / 2,500 / 2,200 leave at least ₦211.50 whichever result comes.
    expect(stakesOf(splitSureBet(LEGS, 10_000, { rounding: 100 }))).toEqual([4700, 2500, 2200]);
  });

  it("shows the loss when a coarse rounding of a small total cannot pay on every result", () => {
    // ₦100 stakes on ₦1,000: the draw's ₦266 share is ₦200 or ₦300; the best is 200 / 100 / 100, and a home win pays ₦409 on ₦400.
    const result = split(splitSureBet(LEGS, 1_000, { rounding: 100 }));
    expect(result.stakes.map((s) => s.stake)).toEqual([200, 100, 100]);
    expect(result.profit).toBeCloseTo(-15, 9);
  });

  it("names the smallest total in ₦10 steps: ₦380", () => {
    expect(splitSureBet(LEGS, 300, { rounding: 10 })).toEqual({ kind: "below-minimums", smallestTotal: 380 });
    expect(split(splitSureBet(LEGS, 380, { rounding: 10 })).profit).toBeGreaterThan(0);
  });
});

describe("a sure bet's split within the books' maximum payouts", () => {
  // 5.00 on each result at three books: Σ = 0.6, 66.7 % before tax; each leg pays 4.80 after tax.
  const LONG: Leg[] = [
    { selectionTypeId: 1, provider: 3, value: 5 },
    { selectionTypeId: 2, provider: 1, value: 5 },
    { selectionTypeId: 3, provider: 2, value: 5 },
  ];

  it("refuses ₦10,000,000, whose SportyBet leg would pay ₦16,666,665 beyond its ₦15,000,000 maximum, naming ₦9,000,000 as the largest total that works", () => {
    expect(splitSureBet(LONG, 10_000_000)).toEqual({ kind: "over-max-payout", provider: 3, maxPayout: 15_000_000, largestTotal: 9_000_000 });
    const largest = split(splitSureBet(LONG, 9_000_000));
    expect(largest.stakes.find((s) => s.provider === 3)!.gross).toBeLessThanOrEqual(15_000_000);
  });

  it("finds the largest total under a cap that binds on an ordinary total, in whole naira and in ₦10 steps", () => {
    const limits = [{ minStake: 10, maxPayout: 10_000 }, legLimitsOf(1), legLimitsOf(2)];
    const whole = splitSureBet(LEGS, 10_000, { limits });
    expect(whole).toEqual({ kind: "over-max-payout", provider: 3, maxPayout: 10_000, largestTotal: 9494 });
    expect(split(splitSureBet(LEGS, 9494, { limits })).stakes[0]!.gross).toBeLessThanOrEqual(10_000);
    const rounded = splitSureBet(LEGS, 10_000, { limits, rounding: 10 });
    expect(rounded.kind).toBe("over-max-payout");
    const largest = rounded.kind === "over-max-payout" ? rounded.largestTotal! : 0;
    expect(largest % 10).toBe(0);
    expect(split(splitSureBet(LEGS, largest, { limits, rounding: 10 })).stakes[0]!.gross).toBeLessThanOrEqual(10_000);
  });
});
