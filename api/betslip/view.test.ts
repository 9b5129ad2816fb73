import { describe, expect, it } from "vitest";
import type { BetslipLegView } from "#shared/contract.ts";
import { betslipView, bookmakerSlips } from "./view.ts";

const DATE = "2026-11-28T15:00:00.000Z";

/** A leg priced `prices[provider]`; `started` when its event has kicked off. */
function leg(eventId: string, prices: Record<number, number>, started = false): BetslipLegView {
  return {
    eventId,
    marketId: 1,
    selectionTypeId: 1,
    event: { id: eventId, name: "Home vs Away", home: "Home", away: "Away", date: DATE, competitionId: 1 },
    started,
    prices: Object.entries(prices).map(([provider, value]) => ({ provider: Number(provider), value })),
    links: [],
  };
}

describe("every bookmaker's total for a slip", () => {
  it("multiplies each bookmaker's prices and pays the stake times the exact product, the best payout first", () => {
    // Bet9ja 2.10 x 3.35 x 1.85 = 13.01475: ₦1,000 pays ₦13,014.75 (total odds shown 13.01).
    // BetKing 2.00 x 3.40 x 1.90 = 12.92; SportyBet 2.20 x 3.30 x 1.80 = 13.068.
    const legs = [leg("a", { 1: 2.1, 2: 2.0, 3: 2.2 }), leg("b", { 1: 3.35, 2: 3.4, 3: 3.3 }), leg("c", { 1: 1.85, 2: 1.9, 3: 1.8, 4: 1.9 })];
    expect(bookmakerSlips(100_000, legs)).toEqual([
      { provider: 3, totalOdds: 13.07, payout: 13_068, missing: 0 },
      { provider: 1, totalOdds: 13.01, payout: 13_014.75, missing: 0 },
      { provider: 2, totalOdds: 12.92, payout: 12_920, missing: 0 },
      { provider: 4, totalOdds: null, payout: null, missing: 2 },
      { provider: 5, totalOdds: null, payout: null, missing: 3 },
    ]);
  });

  it("pays to the kobo for a stake with kobo", () => {
    // ₦1,234.56 x 2.37 = ₦2,925.9072 -> ₦2,925.91.
    expect(bookmakerSlips(123_456, [leg("a", { 1: 2.37 })])[0]).toEqual({ provider: 1, totalOdds: 2.37, payout: 2925.91, missing: 0 });
  });

  it("counts a leg whose event has started as missing at every bookmaker, whatever prices it shows", () => {
    const slips = bookmakerSlips(100_000, [leg("a", { 1: 2.0, 2: 2.1 }), leg("b", { 1: 1.5, 2: 1.6 }, true)]);
    expect(slips.map((s) => [s.provider, s.payout, s.missing])).toEqual([
      [1, null, 1],
      [2, null, 1],
      [3, null, 2],
      [4, null, 2],
      [5, null, 2],
    ]);
  });

  it("lists no bookmaker for an empty slip", () => {
    expect(bookmakerSlips(100_000, [])).toEqual([]);
  });
});

describe("the slip as answered", () => {
  it("gives the stake in naira and the time it was saved", () => {
    const view = betslipView(150_050, [leg("a", { 5: 1.5 })], Date.parse("2026-11-22T08:00:00Z"));
    expect(view.stake).toBe(1500.5);
    expect(view.updatedAt).toBe("2026-11-22T08:00:00.000Z");
    expect(view.bookmakers[0]).toEqual({ provider: 5, totalOdds: 1.5, payout: 2250.75, missing: 0 });
  });

  it("is ₦1,000 with no legs and no save time for a user who never saved one", () => {
    expect(betslipView(100_000, [], null)).toEqual({ stake: 1000, legs: [], bookmakers: [], updatedAt: null });
  });
});
