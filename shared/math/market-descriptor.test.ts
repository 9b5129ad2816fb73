/**
 * The odds and bettor maths over market descriptors (docs/design.md, Market catalogue, "How the tools
 * read a type"): margins per shape, Best and Average, and which markets sure and value bets take.
 * The descriptors are written here as api/catalogue/market-descriptors.ts builds them from
 * markets.json (its own test checks that), with the file's selection ids.
 */
import { describe, expect, it } from "vitest";
import { bestLegs, fairProbabilities, netSureBetProfitPct, sureBetProfitPct, sureBetStakes } from "./bettor-math.ts";
import { TAX_ON_WINNINGS_RATE } from "./bookmaker-rules.ts";
import { describeMarket, referenceDescriptor, type MarketDescriptor } from "./market-descriptor.ts";
import { annotateMarket, averagePrices, bestPrices, marketMargin, type BookmakerPrices } from "./odds-math.ts";
import { FLAGS } from "../reference.ts";

const market = (id: number, selections: number[], shape: MarketDescriptor["shape"], extra: Partial<MarketDescriptor> = {}): MarketDescriptor => ({ id, selections, shape, coverage: 1, exclusive: true, bookOnly: false, ...extra });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const OVER_UNDER_25 = market(4, [8, 9], "two-way");
const DOUBLE_CHANCE = market(8, [16, 17, 18], "overlapping", { coverage: 2, exclusive: false });
const DRAW_NO_BET = market(21, [43, 44], "two-way", { exclusive: false });
const FIRST_HALF_1X2 = market(22, [45, 46, 47], "three-way");
const HT_FT = market(23, range(48, 56), "many-way");
/** 0:0 to 4:4 (57-81) and "any other" (82). */
const CORRECT_SCORE = market(24, range(57, 82), "many-way");
const ONE_UP = market(52, [141, 142, 143], "three-way", { exclusive: false, bookOnly: true });

const book = (provider: number, prices: [number, number][]): BookmakerPrices => ({ provider, odds: prices.map(([selectionTypeId, value]) => ({ selectionTypeId, value })) });
const priced = (provider: number, selections: readonly number[], values: readonly number[]) => book(provider, selections.map((id, i) => [id, values[i]!]));
const stored = (row: BookmakerPrices) => ({ provider: row.provider, updatedAt: "t", odds: row.odds });

describe("the spec's eight as descriptors", () => {
  it("describes 1X2 three-way, the totals and BTTS two-way, Double Chance overlapping with coverage 2, all exclusive but Double Chance", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((id) => { const d = referenceDescriptor(id)!; return [d.shape, d.coverage, d.exclusive, d.bookOnly]; })).toEqual([
      ["three-way", 1, true, false],
      ...[2, 3, 4, 5, 6, 7].map(() => ["two-way", 1, true, false]),
      ["overlapping", 2, false, false],
    ]);
    expect(referenceDescriptor(4)?.selections).toEqual([8, 9]);
    expect(referenceDescriptor(9)).toBeUndefined();
    expect(describeMarket(OVER_UNDER_25)).toBe(OVER_UNDER_25);
  });

  it("answers by descriptor exactly as by id", () => {
    const dc = [16, 17, 18].map((id, i) => ({ selectionTypeId: id, value: [1.25, 1.3, 1.8][i]! }));
    expect(marketMargin(referenceDescriptor(8)!, dc)).toBe(marketMargin(8, dc));
    expect(marketMargin(DOUBLE_CHANCE, dc)).toBe(marketMargin(8, dc));
    const rows = [book(1, [[1, 2.6], [2, 3.3], [3, 3.0]]), book(2, [[1, 2.4], [2, 3.8], [3, 3.1]])];
    expect(bestLegs(referenceDescriptor(1)!, rows)).toEqual(bestLegs(1, rows));
    expect(fairProbabilities(referenceDescriptor(1)!, rows)).toEqual(fairProbabilities(1, rows));
    expect(annotateMarket(referenceDescriptor(1)!, rows.map(stored), 0)).toEqual(annotateMarket(1, rows.map(stored), 0));
  });
});

describe("margins per shape", () => {
  it("two-way and three-way: (Σ 1/price − 1) × 100", () => {
    expect(marketMargin(DRAW_NO_BET, priced(1, [43, 44], [1.4, 2.8]).odds)).toBeCloseTo((1 / 1.4 + 1 / 2.8 - 1) * 100, 10);
    expect(marketMargin(FIRST_HALF_1X2, priced(1, [45, 46, 47], [3.4, 2.1, 4.5]).odds)).toBeCloseTo((1 / 3.4 + 1 / 2.1 + 1 / 4.5 - 1) * 100, 10);
  });

  it("overlapping (Double Chance): divided by its coverage, 2", () => {
    expect(marketMargin(DOUBLE_CHANCE, priced(1, [16, 17, 18], [1.25, 1.3, 1.8]).odds)).toBeCloseTo(((1 / 1.25 + 1 / 1.3 + 1 / 1.8) / 2 - 1) * 100, 10);
  });

  it("many-way: only over the catalogue's whole set, correct score with 'any other' and HT/FT's nine", () => {
    const scores = CORRECT_SCORE.selections.map(() => 20);
    const whole = priced(1, CORRECT_SCORE.selections, scores);
    expect(marketMargin(CORRECT_SCORE, whole.odds)).toBeCloseTo((26 / 20 - 1) * 100, 10);
    // BetKing's set has no 0:0 (docs/design.md, Market catalogue): no margin, nor one without "any other".
    expect(marketMargin(CORRECT_SCORE, whole.odds.filter((p) => p.selectionTypeId !== 57))).toBeNull();
    expect(marketMargin(CORRECT_SCORE, whole.odds.filter((p) => p.selectionTypeId !== 82))).toBeNull();
    const htft = priced(1, HT_FT.selections, [3.86, 21.6, 36, 7.2, 6.35, 8, 20, 16, 6.15]);
    expect(marketMargin(HT_FT, htft.odds)).toBeCloseTo(2.96122614528, 8);
    expect(marketMargin(HT_FT, htft.odds.slice(0, 8))).toBeNull();
    const [complete, partial] = annotateMarket(HT_FT, [stored(htft), stored(book(2, htft.odds.slice(1).map((p) => [p.selectionTypeId, p.value])))], 0);
    expect(complete?.margin).toBeCloseTo(2.96122614528, 8);
    expect(partial?.margin).toBeNull();
    expect(partial?.odds).toHaveLength(8);
  });
});

describe("Best and Average", () => {
  const rows = [book(1, [[45, 3.4], [46, 2.1], [47, 4.5]]), book(2, [[45, 3.6], [47, 4.2]]), book(3, [[45, 3.5], [46, 2.2], [47, 4.5], [8, 9.9]])];

  it("per selection among the books quoting the market, its own selections only", () => {
    expect(bestPrices(rows, FIRST_HALF_1X2)).toEqual(new Map([[45, 3.6], [46, 2.2], [47, 4.5]]));
    expect(bestPrices(rows).get(8)).toBe(9.9);
    const average = averagePrices(FIRST_HALF_1X2, rows);
    expect([...average.keys()]).toEqual([45, 46, 47]);
    expect(average.get(45)).toBeCloseTo(3.5, 10);
    expect(average.get(46)).toBeCloseTo(2.15, 10);
    expect(average.get(47)).toBeCloseTo(4.4, 10);
    const flagged = annotateMarket(FIRST_HALF_1X2, rows.map(stored), 0);
    expect(flagged.map((r) => r.odds.filter((o) => o.flags & FLAGS.Best).map((o) => o.selectionTypeId))).toEqual([[47], [45], [46, 47]]);
  });

  it("a book-only type (SportyBet's 1UP) has neither, and keeps its margin", () => {
    const sporty = book(3, [[141, 1.6], [142, 4.2], [143, 4.8]]);
    expect(bestPrices([sporty], ONE_UP).size).toBe(0);
    expect(averagePrices(ONE_UP, [sporty]).size).toBe(0);
    const [row] = annotateMarket(ONE_UP, [stored(sporty)], 0);
    expect(row?.odds.map((o) => o.flags)).toEqual([0, 0, 0]);
    expect(row?.margin).toBeCloseTo((1 / 1.6 + 1 / 4.2 + 1 / 4.8 - 1) * 100, 10);
  });
});

/**
 * Legs staked ₦10,000 after the 5 % tax: each leg's tax is 5 % of its winnings (to the kobo) and every
 * result nets more than the stakes, the nets within `within` naira (₦1; with nine legs, a naira on the
 * longest price moves its net by that price, so whole naira cannot bring them closer).
 */
function expectSplitAfterTax(legs: Parameters<typeof sureBetStakes>[0], within = 1) {
  const stakes = sureBetStakes(legs, 10_000);
  const staked = stakes.reduce((sum, s) => sum + s.stake, 0);
  expect(staked).toBeLessThanOrEqual(10_000);
  expect(staked).toBeGreaterThanOrEqual(9_950);
  for (const s of stakes) {
    expect(Math.abs(s.tax - TAX_ON_WINNINGS_RATE * (s.gross - s.stake))).toBeLessThanOrEqual(0.0051);
    expect(s.net).toBeCloseTo(s.gross - s.tax, 9);
    expect(s.net).toBeGreaterThan(staked);
  }
  const nets = stakes.map((s) => s.net);
  expect(Math.max(...nets) - Math.min(...nets)).toBeLessThanOrEqual(within);
  return stakes;
}

describe("sure bets and value bets take exclusive types only", () => {
  it("finds a two-way sure bet (over/under 2.5) and splits it after the tax", () => {
    // Over 2.20 at Bet9ja, under 2.10 at BetKing: Σ = 0.93074, 7.44 %; after tax 2.14 and 2.045, 4.57 %.
    const legs = bestLegs(OVER_UNDER_25, [book(1, [[8, 2.2], [9, 1.7]]), book(2, [[8, 1.9], [9, 2.1]])])!;
    expect(legs.map((l) => [l.selectionTypeId, l.provider])).toEqual([[8, 1], [9, 2]]);
    expect(sureBetProfitPct(legs)).toBeCloseTo(7.4419, 3);
    expect(netSureBetProfitPct(legs)).toBeCloseTo(4.5711, 3);
    expectSplitAfterTax(legs);
  });

  it("finds a three-way sure bet (first-half 1X2) and splits it after the tax", () => {
    // 3.50, 2.45, 4.60 from three books: Σ = 0.91127, 9.74 %; after tax 6.03 %.
    const rows = [book(1, [[45, 3.5], [46, 2.1], [47, 4.0]]), book(2, [[45, 3.1], [46, 2.45], [47, 4.2]]), book(3, [[45, 3.2], [46, 2.2], [47, 4.6]])];
    const legs = bestLegs(FIRST_HALF_1X2, rows)!;
    expect(legs.map((l) => [l.selectionTypeId, l.provider])).toEqual([[45, 1], [46, 2], [47, 3]]);
    expect(sureBetProfitPct(legs)).toBeCloseTo(9.7371, 3);
    expect(netSureBetProfitPct(legs)).toBeCloseTo(6.0276, 3);
    expectSplitAfterTax(legs);
  });

  // Fair HT/FT chances .28 .05 .03 .15 .17 .10 .04 .05 .13: Bet9ja pays 1.08/p on the first five and 0.80/p on
  // the rest (Σ 1.0296 alone), BetKing the other way round (Σ 1.1458): together 1.08/p everywhere, 8.02 %, 3.44 % after tax.
  const bet9ja = [3.86, 21.6, 36, 7.2, 6.35, 8, 20, 16, 6.15];
  const betking = [2.86, 16, 26.67, 5.33, 4.71, 10.8, 27, 21.6, 8.31];

  it("finds a many-way sure bet (HT/FT) when both books quote all nine", () => {
    const legs = bestLegs(HT_FT, [priced(1, HT_FT.selections, bet9ja), priced(2, HT_FT.selections, betking)])!;
    expect(legs.map((l) => l.provider)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2]);
    expect(sureBetProfitPct(legs)).toBeCloseTo(8.0178, 3);
    expect(netSureBetProfitPct(legs)).toBeCloseTo(3.436, 3);
    // Whole naira keep the nets apart by less than one naira on away/home at 27.00 nets (25.65); one on home/away at 36.00 nets 34.25.
    expectSplitAfterTax(legs, 25.65);
  });

  it("finds none in HT/FT when a book leaves a selection out: its prices do not count", () => {
    const withoutDrawDraw = priced(2, HT_FT.selections, betking).odds.filter((p) => p.selectionTypeId !== 52);
    const legs = bestLegs(HT_FT, [priced(1, HT_FT.selections, bet9ja), { provider: 2, odds: withoutDrawDraw }])!;
    expect(legs.map((l) => l.provider)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(sureBetProfitPct(legs)).toBeUndefined();
    // A set every book leaves incomplete has no legs at all.
    const partial = (provider: number, values: number[]) => ({ provider, odds: priced(provider, HT_FT.selections, values).odds.filter((p) => p.selectionTypeId !== 52) });
    expect(bestLegs(HT_FT, [partial(1, bet9ja), partial(2, betking)])).toBeUndefined();
  });

  it("finds none in Draw No Bet or Double Chance, whatever the prices", () => {
    // Home 2.30 at one book and away 2.30 at another would be a sure bet were a draw not void.
    const dnb = [book(1, [[43, 2.3], [44, 1.6]]), book(2, [[43, 1.6], [44, 2.3]]), book(3, [[43, 1.9], [44, 1.9]])];
    expect(bestLegs(DRAW_NO_BET, dnb)).toBeUndefined();
    expect(fairProbabilities(DRAW_NO_BET, dnb)).toBeUndefined();
    const dc = [book(1, [[16, 1.9], [17, 1.5], [18, 1.5]]), book(2, [[16, 1.5], [17, 1.9], [18, 1.9]]), book(3, [[16, 1.6], [17, 1.6], [18, 1.6]])];
    expect(bestLegs(DOUBLE_CHANCE, dc)).toBeUndefined();
    expect(fairProbabilities(DOUBLE_CHANCE, dc)).toBeUndefined();
    const wouldBe = { ...DRAW_NO_BET, exclusive: true };
    expect(sureBetProfitPct(bestLegs(wouldBe, dnb)!)).toBeGreaterThan(0);
  });

  it("finds none in a book-only type, nor a fair price", () => {
    const rows = [book(3, [[141, 2.4], [142, 4.2], [143, 4.8]])];
    expect(bestLegs(ONE_UP, rows)).toBeUndefined();
    expect(fairProbabilities(ONE_UP, rows)).toBeUndefined();
    // Book-only alone keeps it out: the same market exclusive is still left out, and in only without the mark.
    expect(bestLegs({ ...ONE_UP, exclusive: true }, rows)).toBeUndefined();
    expect(bestLegs({ ...ONE_UP, exclusive: true, bookOnly: false }, rows)).toHaveLength(3);
  });

  it("prices a many-way market fairly only from the books quoting the whole set", () => {
    const fair = fairProbabilities(HT_FT, [priced(1, HT_FT.selections, bet9ja), { provider: 2, odds: priced(2, HT_FT.selections, betking).odds.slice(1) }])!;
    expect([...fair.keys()]).toEqual(HT_FT.selections);
    expect([...fair.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // Bet9ja alone: its 3.86 home/home is the shortest price, so the likeliest.
    expect(Math.max(...fair.values())).toBe(fair.get(48));
  });
});
