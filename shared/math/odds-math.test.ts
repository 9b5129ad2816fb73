import { describe, it, expect } from "vitest";
import { FLAGS } from "../reference.ts";
import {
  annotateMarket,
  bestPrices,
  isBestPrice,
  marketMargin,
  movementFlag,
  priceFlags,
} from "./odds-math.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2025, 10, 21, 12, 0, 0);

const prices = (...pairs: [number, number][]) =>
  pairs.map(([selectionTypeId, value]) => ({ selectionTypeId, value }));

describe("marketMargin", () => {
  it("computes a 1X2 margin by hand: 1/2 + 1/3 + 1/4 = 1.0833 gives 8.33%", () => {
    expect(marketMargin(1, prices([1, 2], [2, 3], [3, 4]))).toBeCloseTo(8.3333333, 6);
  });

  it("computes an uneven 1X2 book: 2.10, 3.40, 3.60 gives 4.8086%", () => {
    // 0.4761905 + 0.2941176 + 0.2777778 = 1.0480859
    expect(marketMargin(1, prices([1, 2.1], [2, 3.4], [3, 3.6]))).toBeCloseTo(4.8085901, 6);
  });

  it("computes an Over/Under margin over its two selections", () => {
    // OU2.5 at 1.90 / 1.90: 2 / 1.9 = 1.0526316
    expect(marketMargin(4, prices([8, 1.9], [9, 1.9]))).toBeCloseTo(5.2631579, 6);
  });

  it("halves the implied sum for Double Chance", () => {
    // (1/1.30 + 1/1.33 + 1/1.60) / 2 = 2.1461105 / 2 = 1.0730552
    expect(marketMargin(8, prices([16, 1.3], [17, 1.33], [18, 1.6]))).toBeCloseTo(7.3055234, 6);
  });

  it("is null when a selection of the set is missing", () => {
    expect(marketMargin(1, prices([1, 2], [3, 4]))).toBeNull();
    expect(marketMargin(8, prices([16, 1.3], [17, 1.33]))).toBeNull();
    expect(marketMargin(1, [])).toBeNull();
  });

  it("is null when any price of the set is a placeholder or not a number", () => {
    expect(marketMargin(1, prices([1, 2], [2, 1], [3, 4]))).toBeNull();
    expect(marketMargin(1, prices([1, 2], [2, 0], [3, 4]))).toBeNull();
    expect(marketMargin(1, prices([1, 2], [2, Number.NaN], [3, 4]))).toBeNull();
    expect(marketMargin(1, prices([1, 2], [2, Number.POSITIVE_INFINITY], [3, 4]))).toBeNull();
  });

  it("ignores selections of other markets and is null for an unknown market", () => {
    expect(marketMargin(1, prices([1, 2], [2, 3], [3, 4], [8, 1.01]))).toBeCloseTo(8.3333333, 6);
    expect(marketMargin(4, prices([1, 2], [2, 3], [3, 4]))).toBeNull();
    expect(marketMargin(42, prices([1, 2], [2, 3], [3, 4]))).toBeNull();
  });
});

describe("best prices", () => {
  it("marks the single highest price of each selection as Best", () => {
    const best = bestPrices([
      { provider: 1, odds: prices([1, 2.1], [2, 3.3]) },
      { provider: 2, odds: prices([1, 2.2], [2, 3.2]) },
    ]);
    expect(best.get(1)).toBe(2.2);
    expect(best.get(2)).toBe(3.3);
    expect(isBestPrice(best, 1, 2.2)).toBe(true);
    expect(isBestPrice(best, 1, 2.1)).toBe(false);
    expect(isBestPrice(best, 2, 3.3)).toBe(true);
  });

  it("marks every holder of a tied highest price as Best", () => {
    const rows = [
      { provider: 1, odds: prices([1, 2.5]) },
      { provider: 2, odds: prices([1, 2.5]) },
      { provider: 3, odds: prices([1, 2.4]) },
    ];
    const best = bestPrices(rows);
    expect(rows.map((r) => isBestPrice(best, 1, r.odds[0]?.value ?? 0))).toEqual([true, true, false]);
  });

  it("judges Best as shown: 3.475 and 3.47 print 3.48 and 3.47, so only 3.475 is Best", () => {
    const rows = [
      { provider: 1, odds: prices([1, 3.475]) },
      { provider: 2, odds: prices([1, 3.47]) },
    ];
    const best = bestPrices(rows);
    expect(rows.map((r) => isBestPrice(best, 1, r.odds[0]?.value ?? 0))).toEqual([true, false]);
  });

  it("makes every price that prints as the best Best: 3.47 and 3.4700001 show 3.47, 3.468 shows 3.468", () => {
    const rows = [
      { provider: 1, odds: prices([1, 3.47]) },
      { provider: 2, odds: prices([1, 3.4700001]) },
      { provider: 3, odds: prices([1, 3.468]) },
      { provider: 4, odds: prices([1, 3.464]) },
    ];
    const best = bestPrices(rows);
    expect(rows.map((r) => isBestPrice(best, 1, r.odds[0]?.value ?? 0))).toEqual([true, true, false, false]);
  });

  it("never makes a placeholder price Best, even when it is the only one", () => {
    const best = bestPrices([{ provider: 1, odds: prices([1, 1], [2, Number.NaN]) }]);
    expect(best.has(1)).toBe(false);
    expect(isBestPrice(best, 1, 1)).toBe(false);
  });
});

describe("movementFlag", () => {
  it("shows Increased or Decreased for a change inside the window", () => {
    expect(movementFlag({ direction: "up", at: NOW - 10 * MINUTE }, NOW)).toBe(FLAGS.Increased);
    expect(movementFlag({ direction: "down", at: NOW - 59 * MINUTE }, NOW)).toBe(FLAGS.Decreased);
    expect(movementFlag({ direction: "up", at: NOW }, NOW)).toBe(FLAGS.Increased);
  });

  it("still shows a change exactly 60 minutes old and drops it one millisecond later", () => {
    const change = { direction: "up", at: NOW - HOUR } as const;
    expect(movementFlag(change, NOW)).toBe(FLAGS.Increased);
    expect(movementFlag(change, NOW + 1)).toBe(0);
  });

  it("expires as time passes and ignores no change or a change dated in the future", () => {
    const change = { direction: "down", at: NOW } as const;
    expect(movementFlag(change, NOW + 30 * MINUTE)).toBe(FLAGS.Decreased);
    expect(movementFlag(change, NOW + 2 * HOUR)).toBe(0);
    expect(movementFlag(null, NOW)).toBe(0);
    expect(movementFlag(undefined, NOW)).toBe(0);
    expect(movementFlag({ direction: "up", at: NOW + MINUTE }, NOW)).toBe(0);
  });

  it("honours a custom window", () => {
    expect(movementFlag({ direction: "up", at: NOW - 6 * MINUTE }, NOW, 5 * MINUTE)).toBe(0);
    expect(movementFlag({ direction: "up", at: NOW - 4 * MINUTE }, NOW, 5 * MINUTE)).toBe(FLAGS.Increased);
  });
});

describe("priceFlags", () => {
  it("combines Boosted, movement and Best into one bitmask", () => {
    const recentUp = { direction: "up", at: NOW - MINUTE } as const;
    expect(priceFlags({ boosted: true, lastChange: recentUp, isBest: true }, NOW)).toBe(1 | 2 | 8);
    expect(
      priceFlags({ boosted: false, lastChange: { direction: "down", at: NOW - MINUTE }, isBest: true }, NOW),
    ).toBe(4 | 8);
    expect(priceFlags({ boosted: true }, NOW)).toBe(1);
    expect(priceFlags({ lastChange: { direction: "up", at: NOW - 2 * HOUR }, isBest: false }, NOW)).toBe(0);
    expect(priceFlags({}, NOW)).toBe(0);
  });
});

describe("annotateMarket", () => {
  it("builds the contract's entries with margin and flags for each bookmaker", () => {
    const result = annotateMarket(
      1,
      [
        {
          provider: 1,
          updatedAt: "2025-11-21T11:59:00Z",
          odds: [
            {
              selectionTypeId: 1,
              value: 2.2,
              boosted: true,
              lastChange: { direction: "up", at: NOW - 5 * MINUTE },
            },
            { selectionTypeId: 2, value: 3.2 },
            { selectionTypeId: 3, value: 3.5, lastChange: { direction: "down", at: NOW - 2 * HOUR } },
          ],
        },
        {
          provider: 3,
          updatedAt: "2025-11-21T11:58:00Z",
          odds: [
            { selectionTypeId: 3, value: 3.6, lastChange: { direction: "down", at: NOW - 5 * MINUTE } },
            { selectionTypeId: 1, value: 2.1 },
            { selectionTypeId: 2, value: 3.2 },
          ],
        },
      ],
      NOW,
    );
    expect(result).toEqual([
      {
        provider: 1,
        margin: expect.closeTo((1 / 2.2 + 1 / 3.2 + 1 / 3.5 - 1) * 100, 9),
        updatedAt: "2025-11-21T11:59:00Z",
        odds: [
          { selectionTypeId: 1, value: 2.2, flags: FLAGS.Boosted | FLAGS.Increased | FLAGS.Best },
          { selectionTypeId: 2, value: 3.2, flags: FLAGS.Best },
          { selectionTypeId: 3, value: 3.5, flags: 0 },
        ],
      },
      {
        provider: 3,
        margin: expect.closeTo((1 / 2.1 + 1 / 3.2 + 1 / 3.6 - 1) * 100, 9),
        updatedAt: "2025-11-21T11:58:00Z",
        odds: [
          { selectionTypeId: 1, value: 2.1, flags: 0 },
          { selectionTypeId: 2, value: 3.2, flags: FLAGS.Best },
          { selectionTypeId: 3, value: 3.6, flags: FLAGS.Decreased | FLAGS.Best },
        ],
      },
    ]);
  });

  it("gives an incomplete bookmaker a null margin but still competes for Best", () => {
    const [full, partial] = annotateMarket(
      8,
      [
        { provider: 2, updatedAt: "t1", odds: prices([16, 1.3], [17, 1.33], [18, 1.6]) },
        { provider: 5, updatedAt: "t2", odds: prices([17, 1.4]) },
      ],
      NOW,
    );
    expect(full?.margin).toBeCloseTo(7.3055234, 6);
    expect(partial).toEqual({
      provider: 5,
      margin: null,
      updatedAt: "t2",
      odds: [{ selectionTypeId: 17, value: 1.4, flags: FLAGS.Best }],
    });
    expect(full?.odds.find((o) => o.selectionTypeId === 17)?.flags).toBe(0);
  });

  it("drops placeholder prices, other markets' selections, duplicates and bookmakers left empty", () => {
    const result = annotateMarket(
      4,
      [
        { provider: 1, updatedAt: "a", odds: prices([8, 1.9], [8, 5], [9, 1], [1, 2]) },
        { provider: 2, updatedAt: "b", odds: prices([9, 0], [1, 2.5]) },
        { provider: 4, updatedAt: "c", odds: [] },
      ],
      NOW,
    );
    expect(result).toEqual([
      {
        provider: 1,
        margin: null,
        updatedAt: "a",
        odds: [{ selectionTypeId: 8, value: 1.9, flags: FLAGS.Best }],
      },
    ]);
  });

  it("flags Best on the prices as shown but keeps the margin of the raw prices", () => {
    const [sharp, round] = annotateMarket(
      7,
      [
        { provider: 5, updatedAt: "a", odds: prices([14, 1.705], [15, 2.048]) },
        { provider: 2, updatedAt: "b", odds: prices([14, 1.71], [15, 2.05]) },
      ],
      NOW,
    );
    // 1.705 and 2.048 show as they are, not rounded up into a false tie with 1.71 and 2.05.
    expect(sharp?.odds.map((o) => o.flags)).toEqual([0, 0]);
    expect(round?.odds.map((o) => o.flags)).toEqual([FLAGS.Best, FLAGS.Best]);
    expect(sharp?.margin).toBeCloseTo((1 / 1.705 + 1 / 2.048 - 1) * 100, 10);
    expect(sharp?.margin).not.toBeCloseTo((1 / 1.71 + 1 / 2.05 - 1) * 100, 4);
  });

  it("answers nothing for an unknown market", () => {
    expect(annotateMarket(99, [{ provider: 1, updatedAt: "a", odds: prices([1, 2]) }], NOW)).toEqual([]);
  });
});
