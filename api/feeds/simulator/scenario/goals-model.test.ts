import { describe, expect, it } from "vitest";
import { outcomeProbabilities } from "./goals-model.ts";
import { applyMargin, marginPercent, roundPrice } from "./margins.ts";

describe("goals model and margins", () => {
  it("turns expected goals into probabilities that sum to one and favour the stronger side", () => {
    const p = outcomeProbabilities({ home: 2.4, away: 0.8 });
    expect(p.home + p.draw + p.away).toBeCloseTo(1, 10);
    expect(p.home).toBeGreaterThan(0.6);
    expect(p.away).toBeLessThan(0.15);
    const even = outcomeProbabilities({ home: 1.3, away: 1.3 });
    expect(even.draw).toBeGreaterThan(0.25);
    expect(even.draw).toBeLessThan(0.32);
    expect(even.over.get(0.5)).toBeGreaterThan(even.over.get(2.5) ?? 1);
    expect(even.bothScore).toBeGreaterThan(0.4);
  });

  it("applies the target margin with the power method, counting Double Chance twice", () => {
    const prices = applyMargin([0.5, 0.3, 0.2], 0.05);
    expect(marginPercent(prices)).toBeCloseTo(5, 6);
    // Long shots carry more of the margin than favourites, as real books price them.
    expect(1 / (prices[2] ?? 1) / 0.2).toBeGreaterThan(1 / (prices[0] ?? 1) / 0.5);
    const dc = applyMargin([0.8, 0.7, 0.5], 0.06, 2);
    expect(marginPercent(dc, 2)).toBeCloseTo(6, 6);
  });

  it("never quotes a live price at the 1.01 placeholder level", () => {
    expect(roundPrice(1.004, 2)).toBe(1.02);
    expect(roundPrice(2.1049, 3)).toBe(2.105);
    expect(marginPercent(applyMargin([0.95, 0.05], 0.06).map((p) => roundPrice(p, 2)))).toBeGreaterThan(3);
  });
});
