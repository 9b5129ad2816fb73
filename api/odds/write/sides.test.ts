import { describe, expect, it } from "vitest";
import { selectionLabel } from "#shared/reference.ts";
import type { OfferPrice } from "../../feeds/types.ts";
import { swapSides } from "./sides.ts";
import { orient } from "./store.ts";

describe("swapSides", () => {
  it("swaps home and away in 1X2 and 1X and X2 in Double Chance, with the exact prices", () => {
    const prices: OfferPrice[] = [
      { marketId: 1, selectionTypeId: 1, price: 1.85, boosted: true },
      { marketId: 1, selectionTypeId: 2, price: 3.6, boosted: false },
      { marketId: 1, selectionTypeId: 3, price: 4.2, boosted: false },
      { marketId: 8, selectionTypeId: 16, price: 1.22, boosted: false },
      { marketId: 8, selectionTypeId: 17, price: 1.3, boosted: false },
      { marketId: 8, selectionTypeId: 18, price: 1.95, boosted: false },
    ];
    const swapped = swapSides(prices);
    const bySelection = new Map(swapped.map((price) => [selectionLabel(price.selectionTypeId), price]));
    expect(bySelection.get("Away")).toEqual({ marketId: 1, selectionTypeId: 3, price: 1.85, boosted: true });
    expect(bySelection.get("Home")?.price).toBe(4.2);
    expect(bySelection.get("Draw")?.price).toBe(3.6);
    expect(bySelection.get("X2")?.price).toBe(1.22);
    expect(bySelection.get("1X")?.price).toBe(1.95);
    expect(bySelection.get("12")?.price).toBe(1.3);
  });

  it("leaves Over/Under and BTTS untouched, and the input unchanged", () => {
    const prices: OfferPrice[] = [
      { marketId: 4, selectionTypeId: 8, price: 1.9, boosted: false },
      { marketId: 4, selectionTypeId: 9, price: 1.95, boosted: false },
      { marketId: 7, selectionTypeId: 14, price: 1.7, boosted: false },
      { marketId: 7, selectionTypeId: 15, price: 2.05, boosted: false },
      { marketId: 1, selectionTypeId: 1, price: 2.5, boosted: false },
    ];
    const swapped = swapSides(prices);
    expect(swapped.slice(0, 4)).toEqual(prices.slice(0, 4));
    expect(prices[4]?.selectionTypeId).toBe(1);
    expect(swapSides(swapped)).toEqual(prices);
  });
});

describe("orient (api/odds/write/store.ts)", () => {
  const fixture = (sidesReversed: boolean) => ({
    key: "c1:2026-11-28:orient",
    competitionId: 1,
    home: "Arsenal",
    away: "Chelsea",
    kickoff: new Date("2026-11-28T15:00:00Z"),
    sidesReversed,
    // 1X2 Home, and market 10 (Home Over/Under 0.5), whose side swapSides does not know.
    prices: [
      { bookmaker: 1, marketId: 1, selectionTypeId: 1, price: 2.1, boosted: false },
      { bookmaker: 1, marketId: 10, selectionTypeId: 21, price: 1.3, boosted: false },
    ],
  });

  it("swaps a reversed book's eight markets and drops its others rather than guess their side", () => {
    expect(orient(fixture(true), undefined).prices.map((p) => [p.marketId, p.selectionTypeId])).toEqual([[1, 3]]);
    expect(orient(fixture(false), undefined).prices.map((p) => [p.marketId, p.selectionTypeId])).toEqual([[1, 1], [10, 21]]);
  });
});
