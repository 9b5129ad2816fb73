import { describe, expect, it } from "vitest";
import { rulesOf, type BonusPlan } from "#shared/math/bookmaker-rules.ts";
import type { BetslipLegView, BookmakerSlip } from "#shared/contract.ts";
import { nairaReturns } from "./returns.ts";
import { betslipView, bookmakerSlips } from "./view.ts";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const DATE = "2026-11-28T15:00:00.000Z";
const AT_NOW = { now: NOW, plan: undefined };

/** A leg priced `prices[provider]`; `started` when its event has kicked off; in 1X2 unless `market` says otherwise. */
function leg(eventId: string, prices: Record<number, number>, started = false, date = DATE, market: Partial<BetslipLegView> = {}): BetslipLegView {
  return {
    eventId,
    marketId: 1,
    selectionTypeId: 1,
    ...market,
    event: { id: eventId, name: "Home vs Away", home: "Home", away: "Away", date, competitionId: 1 },
    started,
    prices: Object.entries(prices).map(([provider, value]) => ({ provider: Number(provider), value })),
    links: [],
  };
}

/** `count` legs, each priced `price` at every bookmaker given. */
const legsAt = (count: number, prices: Record<number, number>) => Array.from({ length: count }, (_, i) => leg(`e${i}`, prices));

const of = (slips: BookmakerSlip[], provider: number) => slips.find((s) => s.provider === provider)!;

/** SportyBet's plan as the adapter keeps it: 8 % at 4 qualifying legs, football factor 0.6. */
const PLAN: BonusPlan = { name: "MBB_TEST", minLegOdds: 1.2, ratios: [{ legs: 4, min: 0, max: 0.08 }], footballFactor: 0.6, fetchedAt: "2026-11-26T00:00:00.000Z" };

describe("what each bookmaker pays on a slip, in naira", () => {
  it("multiplies each bookmaker's prices, pays the stake times the exact product, and takes 5 % of the winnings", () => {
    // Bet9ja 2.10 x 3.35 x 1.85 = 13.01475: ₦1,000 grosses ₦13,014.75 (total odds shown 13.01); 3 legs earn no
    // Multiple Bonus; tax 5 % of ₦12,014.75 = ₦600.7375 -> ₦600.74; net ₦12,414.01.
    // BetKing 2.00 x 3.40 x 1.90 = 12.92 -> ₦12,920, tax ₦596, net ₦12,324. SportyBet 2.20 x 3.30 x 1.80 = 13.068
    // -> ₦13,068, tax ₦603.40, net ₦12,464.60 (its bonus not modelled: no plan read).
    const legs = [leg("a", { 1: 2.1, 2: 2.0, 3: 2.2 }), leg("b", { 1: 3.35, 2: 3.4, 3: 3.3 }), leg("c", { 1: 1.85, 2: 1.9, 3: 1.8, 4: 1.9 })];
    const slips = bookmakerSlips(100_000, legs, AT_NOW);
    expect(slips.map((s) => [s.provider, s.totalOdds, s.payout, s.grossPayout, s.bonus, s.tax, s.netPayout, s.missing])).toEqual([
      [3, 13.07, 13_068, 13_068, 0, 603.4, 12_464.6, 0],
      [1, 13.01, 13_014.75, 13_014.75, 0, 600.74, 12_414.01, 0],
      [2, 12.92, 12_920, 12_920, 0, 596, 12_324, 0],
      [4, null, null, null, null, null, null, 2],
      [5, null, null, null, null, null, null, 3],
    ]);
    expect(of(slips, 3).bonusStatus).toBe("not-modelled");
    expect(of(slips, 1).bonusStatus).toBe("none");
    expect(of(slips, 4)).toMatchObject({ placeable: false, reason: "missing-price", bonusStatus: "not-modelled" });
  });

  it("pays to the kobo for a stake with kobo", () => {
    // ₦1,234.56 x 2.37 = ₦2,925.9072 -> ₦2,925.91; winnings ₦1,691.35, tax ₦84.5675 -> ₦84.57; net ₦2,841.34.
    expect(bookmakerSlips(123_456, [leg("a", { 1: 2.37 })], AT_NOW)[0]).toMatchObject({ provider: 1, totalOdds: 2.37, payout: 2925.91, tax: 84.57, netPayout: 2841.34 });
  });

  it("adds Bet9ja's Multiple Bonus for the legs at 1.20 or more: a 10-leg slip with one leg at 1.15 earns 9 legs' 25 %", () => {
    // Nine legs at 1.60 and one at 1.15: 1.6^9 x 1.15 = 79.0273982464. ₦1,000 grosses ₦79,027.40 (79.03 shown).
    // Nine qualifying legs: 5 % at 5, +5 a leg -> 25 %. Bonus 25 % of ₦79,027.40 = ₦19,756.85. Paid ₦98,784.25.
    // Tax 5 % of (₦98,784.25 - ₦1,000) = ₦4,889.2125 -> ₦4,889.21. Net ₦93,895.04.
    const legs = [...legsAt(9, { 1: 1.6 }), leg("low", { 1: 1.15 })];
    expect(bookmakerSlips(100_000, legs, AT_NOW)[0]).toEqual({
      provider: 1,
      totalOdds: 79.03,
      payout: 79_027.4,
      missing: 0,
      grossPayout: 79_027.4,
      bonusPct: 25,
      bonus: 19_756.85,
      bonusStatus: "applied",
      // The 25 % is of the whole gross payout; 9 of the 10 legs count towards it.
      bonusBase: 79_027.4,
      bonusLegs: 9,
      bonusMinLegOdds: 1.2,
      tax: 4_889.21,
      netPayout: 93_895.04,
      capped: false,
      placeable: true,
      reason: null,
      rulesCheckedAt: "2026-11-25",
    });
  });

  it("counts no Bet9ja leg kicking off more than 12 days ahead, and pays no bonus on a win above ₦50,000,000", () => {
    // Five legs at 2.00, one of them 13 days away: four qualify, no bonus (5 needed).
    const far = new Date(NOW + 13 * 86_400_000).toISOString();
    const fiveWithFar = [...legsAt(4, { 1: 2 }), leg("far", { 1: 2 }, false, far)];
    expect(bookmakerSlips(100_000, fiveWithFar, AT_NOW)[0]).toMatchObject({ provider: 1, bonusPct: 0, bonus: 0, bonusStatus: "none" });
    // Five legs at 10.00 on ₦600: gross ₦60,000,000, above the ceiling: no bonus at all.
    expect(bookmakerSlips(60_000, legsAt(5, { 1: 10 }), AT_NOW)[0]).toMatchObject({ provider: 1, grossPayout: 60_000_000, bonus: 0, bonusStatus: "none" });
    // The same five on ₦400: gross ₦40,000,000, 5 % bonus ₦2,000,000.
    expect(bookmakerSlips(40_000, legsAt(5, { 1: 10 }), AT_NOW)[0]).toMatchObject({ provider: 1, bonusPct: 5, bonus: 2_000_000 });
  });

  it("cuts SportyBet's payout to its ₦15,000,000 maximum a ticket, bonus included, and taxes what is paid", () => {
    // Four legs at 10.00 on ₦2,000: gross ₦20,000,000. Plan estimate: 8 % x 0.6 = 4.8 % of stake x 10^4 = ₦960,000.
    // ₦20,960,000 is cut to ₦15,000,000. Tax 5 % of ₦14,998,000 = ₦749,900. Net ₦14,250,100.
    const slip = of(bookmakerSlips(200_000, legsAt(4, { 3: 10, 1: 9.9 }), { now: NOW, plan: PLAN }), 3);
    expect(slip).toMatchObject({ grossPayout: 20_000_000, bonusPct: 4.8, bonus: 960_000, bonusStatus: "estimate", capped: true, tax: 749_900, netPayout: 14_250_100, placeable: true });
  });

  it("estimates SportyBet's bonus on the product of its qualifying legs only", () => {
    // Legs 2.00 x 2.00 x 2.00 x 2.00 (qualifying) x 1.10 (under 1.20): gross ₦1,000 x 17.6 = ₦17,600.
    // Bonus 4.8 % of ₦1,000 x 16 = ₦768. Paid ₦18,368; tax 5 % of ₦17,368 = ₦868.40; net ₦17,499.60.
    const slip = of(bookmakerSlips(100_000, [...legsAt(4, { 3: 2 }), leg("low", { 3: 1.1 })], { now: NOW, plan: PLAN }), 3);
    expect(slip).toMatchObject({ grossPayout: 17_600, bonus: 768, tax: 868.4, netPayout: 17_499.6 });
  });

  it("says what each bonus is a percentage of: SportyBet's of the stake at its counted legs only, so the figures shown add up", () => {
    // The 4.8 % is of ₦16,000 (₦1,000 x 2.00^4, the four legs at 1.20 or more), not of the ₦17,600 gross: 4.8 % of it is ₦768.
    const slip = of(bookmakerSlips(100_000, [...legsAt(4, { 3: 2 }), leg("low", { 3: 1.1 })], { now: NOW, plan: PLAN }), 3);
    expect(slip).toMatchObject({ bonusPct: 4.8, bonus: 768, bonusBase: 16_000, bonusLegs: 4, bonusMinLegOdds: 1.2 });
    expect(Math.round(slip.bonusBase! * slip.bonusPct!) / 100).toBe(slip.bonus);
    // No bonus, or one not modelled: no base.
    const none = bookmakerSlips(100_000, [leg("a", { 1: 2, 2: 2, 3: 2 })], AT_NOW);
    for (const provider of [1, 2, 3]) expect(of(none, provider)).toMatchObject({ bonusBase: null, bonusLegs: null, bonusMinLegOdds: null });
  });

  it("prices a slip over BetKing's 40 selections but says BetKing cannot take it, and ranks it after the books that can", () => {
    // 41 legs at 1.02 everywhere: every book grosses ₦1,000 x 1.02^41 (no leg qualifies for a bonus); only BetKing
    // stops at 40 selections. Bet9ja and SportyBet tie and keep provider order; BetKing, as much, comes after them.
    const slips = bookmakerSlips(100_000, legsAt(41, { 1: 1.02, 2: 1.02, 3: 1.02 }), AT_NOW);
    expect(of(slips, 2)).toMatchObject({ placeable: false, reason: "over-max-selections" });
    expect(of(slips, 2).netPayout).toBe(of(slips, 3).netPayout);
    expect(slips.map((s) => s.provider)).toEqual([1, 3, 2, 4, 5]);
    expect(of(slips, 1).placeable).toBe(true);
  });

  it("says a stake below a book's minimum cannot be placed there: ₦50 at Bet9ja (₦100), not at SportyBet (₦10)", () => {
    // ₦50 at 2.00 pays ₦100; tax 5 % of ₦50 = ₦2.50; net ₦97.50 at both, but Bet9ja cannot take it.
    const slips = bookmakerSlips(5_000, [leg("a", { 1: 2, 3: 2 })], AT_NOW);
    expect(of(slips, 1)).toMatchObject({ placeable: false, reason: "below-min-stake", netPayout: 97.5 });
    expect(of(slips, 3)).toMatchObject({ placeable: true, reason: null });
    expect(slips[0]!.provider).toBe(3);
  });

  it("ranks by net payout: Bet9ja's 30 % bonus on ten legs beats BetKing's higher total odds", () => {
    // Ten legs, Bet9ja 1.80 each, BetKing 1.84 each. Bet9ja: 1.8^10 = 357.0467 -> ₦1,000 grosses ₦357,046.72, bonus
    // 30 % = ₦107,114.02, paid ₦464,160.74, tax 5 % of ₦463,160.74 = ₦23,158.04, net ₦441,002.70.
    // BetKing: 1.84^10 = 444.8138 -> ₦444,813.78 (bonus not modelled), tax ₦22,190.69, net ₦422,623.09.
    const slips = bookmakerSlips(100_000, legsAt(10, { 1: 1.8, 2: 1.84 }), AT_NOW);
    expect(slips.map((s) => [s.provider, s.totalOdds, s.netPayout])).toEqual([
      [1, 357.05, 441_002.7],
      [2, 444.81, 422_623.09],
      [3, null, null],
      [4, null, null],
      [5, null, null],
    ]);
  });
});

describe("selections that can no longer be bet", () => {
  it("prices the slip over the selections still open when one has started, at every bookmaker", () => {
    // a (2.00 / 2.10) still open; b started. Totals over a alone: Bet9ja ₦2,000, BetKing ₦2,100.
    const view = betslipView(100_000, [leg("a", { 1: 2.0, 2: 2.1 }), leg("b", { 1: 1.5, 2: 1.6 }, true)], null, AT_NOW);
    expect(view.biddable).toBe(1);
    expect(view.bookmakers.map((s) => [s.provider, s.grossPayout, s.missing])).toEqual([
      [2, 2_100, 0],
      [1, 2_000, 0],
      [3, null, 1],
      [4, null, 1],
      [5, null, 1],
    ]);
  });

  it("leaves out a selection no bookmaker prices any more, and lists no bookmaker while none can be bet", () => {
    const gone = leg("gone", {});
    expect(betslipView(100_000, [leg("a", { 1: 2 }), gone], null, AT_NOW)).toMatchObject({ biddable: 1, bookmakers: [{ provider: 1, grossPayout: 2_000 }, {}, {}, {}, {}] });
    expect(betslipView(100_000, [gone, leg("b", { 1: 2 }, true)], null, AT_NOW)).toMatchObject({ biddable: 0, bookmakers: [] });
  });
});

describe("the slip as answered", () => {
  it("gives the stake in naira and the time it was saved", () => {
    const view = betslipView(150_050, [leg("a", { 5: 1.5 })], Date.parse("2026-11-22T08:00:00Z"), AT_NOW);
    expect(view.stake).toBe(1500.5);
    expect(view.updatedAt).toBe("2026-11-22T08:00:00.000Z");
    expect(view.bookmakers[0]).toMatchObject({ provider: 5, totalOdds: 1.5, payout: 2250.75, missing: 0 });
  });

  it("is ₦1,000 with no legs and no save time for a user who never saved one", () => {
    expect(betslipView(100_000, [], null, AT_NOW)).toEqual({ stake: 1000, legs: [], bookmakers: [], biddable: 0, updatedAt: null });
  });
});

describe("a slip over markets beyond the eight", () => {
  const HOME_TOTAL = { marketId: 10, selectionTypeId: 21, marketName: "Home Over/Under 0.5", selectionName: "Over 0.5" };
  const FIRST_HALF = { marketId: 16, selectionTypeId: 33, marketName: "1st Half Over/Under 0.5", selectionName: "Over 0.5" };
  const ONE_UP = { marketId: 52, selectionTypeId: 141, marketName: "1X2 - 1UP", selectionName: "Home", bookOnly: 3 };

  it("prices each book on its own price of each leg's market, and gives a book that does not quote one no total", () => {
    // Home total: Bet9ja 1.30, BetKing 1.35, SportyBet 1.28. First-half total: Bet9ja 1.40, SportyBet 1.45; BetKing
    // does not quote first-half totals. Bet9ja 1.30 x 1.40 = 1.82 -> ₦1,820, tax ₦41, net ₦1,779.
    // SportyBet 1.28 x 1.45 = 1.856 -> ₦1,856, tax ₦42.80, net ₦1,813.20. BetKing: no price for 1 selection.
    const legs = [leg("a", { 1: 1.3, 2: 1.35, 3: 1.28 }, false, DATE, HOME_TOTAL), leg("b", { 1: 1.4, 3: 1.45 }, false, DATE, FIRST_HALF)];
    const slips = bookmakerSlips(100_000, legs, AT_NOW);
    expect(slips.map((s) => [s.provider, s.totalOdds, s.netPayout, s.missing, s.reason])).toEqual([
      [3, 1.86, 1_813.2, 0, null],
      [1, 1.82, 1_779, 0, null],
      [2, null, null, 1, "missing-price"],
      [4, null, null, 2, "missing-price"],
      [5, null, null, 2, "missing-price"],
    ]);
  });

  it("takes a slip with SportyBet's 1UP at SportyBet alone: every other book misses that leg and ranks after it", () => {
    // Home total 1.30 everywhere it is quoted, 1UP Home 2.40 at SportyBet: 1.28 x 2.40 = 3.072 -> ₦3,072, tax ₦103.60, net ₦2,968.40.
    const legs = [leg("a", { 1: 1.3, 2: 1.35, 3: 1.28 }, false, DATE, HOME_TOTAL), leg("c", { 3: 2.4 }, false, DATE, ONE_UP)];
    const slips = bookmakerSlips(100_000, legs, AT_NOW);
    expect(slips[0]).toMatchObject({ provider: 3, totalOdds: 3.07, netPayout: 2_968.4, placeable: true });
    expect(slips.slice(1).map((s) => [s.provider, s.netPayout, s.missing, s.placeable])).toEqual([
      [1, null, 1, false],
      [2, null, 1, false],
      [4, null, 2, false],
      [5, null, 2, false],
    ]);
  });

  it("counts no leg of a market a book's rules exclude from its bonus, though its price counts in the gross", () => {
    // Bet9ja's ladder with market 24 (Correct Score) excluded, as a book could state it: five legs at 2.00, one of them
    // a correct score. Gross ₦1,000 x 32 = ₦32,000; four legs count, under the five the bonus needs: none.
    const excluding = { ...rulesOf(1), bonusExcludedMarkets: { value: [24], checkedAt: "2026-11-25", source: "test" } };
    const priced = (marketId: number) => ({ marketId, value: 2, kickoff: Date.parse(DATE) });
    const legs = [priced(1), priced(1), priced(1), priced(1), priced(24)];
    expect(nairaReturns(1, excluding, { stakeKobo: 100_000, legs, now: NOW, plan: undefined })).toMatchObject({ grossPayout: 32_000, bonusPct: 0, bonus: 0, bonusStatus: "none" });
    // As the rules stand (Bet9ja states no excluded market), the correct score counts: 5 legs, 5 %.
    expect(nairaReturns(1, rulesOf(1), { stakeKobo: 100_000, legs, now: NOW, plan: undefined })).toMatchObject({ grossPayout: 32_000, bonusPct: 5, bonus: 1_600 });
  });
});
