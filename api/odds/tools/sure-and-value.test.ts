import { describe, expect, it } from "vitest";
import type { OddsEvent, ProviderOdds } from "#shared/contract.ts";
import { FLAGS } from "#shared/reference.ts";
import { catalogueFromFiles } from "../../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "../../catalogue/files.ts";
import { catalogueMarkets } from "../../catalogue/market-descriptors.ts";
import type { LinkBook } from "../read/link-book.ts";
import { eventsShown, findSureBets, findValueBets } from "./sure-and-value.ts";

const NOW = Date.UTC(2026, 10, 22, 8, 0);
const TOMORROW = new Date(NOW + 24 * 3_600_000).toISOString();
const EPOCH = new Date(0).toISOString();
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

/** One bookmaker's prices of a market: [selection, price] pairs, last changed `minutesAgo`. */
function row(provider: number, prices: [number, number][], minutesAgo = 5, stale = false): ProviderOdds {
  return { provider, margin: null, updatedAt: at(minutesAgo), ...(stale ? { stale: true as const } : {}), odds: prices.map(([selectionTypeId, value]) => ({ selectionTypeId, value, flags: 0 })) };
}

function event(id: string, markets: [number, ProviderOdds[]][], date = TOMORROW): OddsEvent {
  const [home, away] = id.split("+") as [string, string];
  return { id: `c1:test:${id}`, name: `${home} vs ${away}`, home, away, date, competitionId: 1, markets: markets.map(([marketId, odds]) => ({ marketId, odds })) };
}

/** Bet9ja's feed listed Arsenal vs Chelsea as event 123456: its link is exact; the others fall back to their football pages. */
const BOOK: LinkBook = new Map([["c1:test:Arsenal+Chelsea", new Map([[1, { externalId: "123456", home: "Arsenal", away: "Chelsea", competitionId: 1 }]])]]);
const NO_LINKS: LinkBook = new Map();

// 1X2: the best home at Bet9ja (2.60), draw at BetKing (3.80), away at SportyBet (3.40): Σ(1/best) = 0.94189, a 6.17 % profit.
// After the 5 % tax on winnings each leg pays b' = b - 0.05(b - 1): 2.52, 3.66, 3.28; Σ' = 0.97493, 2.57 %.
const THREE_WAY: ProviderOdds[] = [
  row(1, [[1, 2.6], [2, 3.3], [3, 3.0]], 10),
  row(2, [[1, 2.4], [2, 3.8], [3, 3.1]], 3),
  row(3, [[1, 2.5], [2, 3.5], [3, 3.4]], 1),
];

describe("sure bets", () => {
  it("finds a three-way sure bet with each leg's bookmaker, price age and page", () => {
    const { sureBets, updatedAt } = findSureBets([event("Arsenal+Chelsea", [[1, THREE_WAY]])], BOOK, NOW);
    expect(sureBets).toHaveLength(1);
    expect(sureBets[0]).toEqual({
      event: { id: "c1:test:Arsenal+Chelsea", name: "Arsenal vs Chelsea", home: "Arsenal", away: "Chelsea", date: TOMORROW, competitionId: 1 },
      marketId: 1,
      profitPct: 6.17,
      netProfitPct: 2.57,
      legs: [
        { selectionTypeId: 1, provider: 1, value: 2.6, updatedAt: at(10), link: { provider: 1, url: "https://sports.bet9ja.com/event/123456", exact: true } },
        { selectionTypeId: 2, provider: 2, value: 3.8, updatedAt: at(3), link: { provider: 2, url: "https://m.betking.com/sports/prematch/football", exact: false } },
        { selectionTypeId: 3, provider: 3, value: 3.4, updatedAt: at(1), link: { provider: 3, url: "https://www.sportybet.com/ng/sport/football", exact: false } },
      ],
    });
    expect(updatedAt).toBe(at(1));
  });

  it("finds a two-way sure bet: over 2.10 at Bet9ja and under 2.10 at BetKing give Σ = 0.95238, a 5 % profit, 2.25 % after tax", () => {
    // Each leg after tax: 2.10 - 0.05 x 1.10 = 2.045; Σ' = 2 / 2.045 = 0.97800, 1/Σ' - 1 = 2.25 %.
    const ou = [row(1, [[8, 2.1], [9, 1.8]]), row(2, [[8, 1.8], [9, 2.1]])];
    const [bet] = findSureBets([event("Arsenal+Chelsea", [[4, ou]])], NO_LINKS, NOW).sureBets;
    expect(bet!.profitPct).toBe(5);
    expect(bet!.netProfitPct).toBe(2.25);
    expect(bet!.legs.map((l) => [l.selectionTypeId, l.provider, l.value])).toEqual([[8, 1, 2.1], [9, 2, 2.1]]);
  });

  it("marks a leg whose price the bookmaker boosts (usually for small stakes), and only that one", () => {
    const boosted = THREE_WAY.map((r) => (r.provider === 2 ? { ...r, odds: r.odds.map((o) => (o.selectionTypeId === 2 ? { ...o, flags: FLAGS.Boosted } : o)) } : r));
    const [bet] = findSureBets([event("Arsenal+Chelsea", [[1, boosted]])], NO_LINKS, NOW).sureBets;
    expect(bet!.legs.map((l) => [l.selectionTypeId, l.boosted])).toEqual([[1, undefined], [2, true], [3, undefined]]);
    expect("boosted" in bet!.legs[0]!).toBe(false);
  });

  it("leaves out a bookmaker missing a selection: its 3.00 home win alone would make 1X2 a sure bet", () => {
    const market: ProviderOdds[] = [row(1, [[1, 2.0], [2, 3.3], [3, 3.6]]), row(2, [[1, 1.9], [2, 3.4], [3, 3.8]]), row(4, [[1, 3.0], [2, 3.5]])];
    // With NairaBet's 3.00: 1/3.00 + 1/3.50 + 1/3.80 = 0.88; without it: 1/2.00 + 1/3.40 + 1/3.80 = 1.06.
    expect(findSureBets([event("Arsenal+Chelsea", [[1, market]])], NO_LINKS, NOW).sureBets).toEqual([]);
  });

  it("leaves out a stale bookmaker's unconfirmed prices", () => {
    const market = [row(1, [[1, 2.0], [2, 3.3], [3, 3.6]]), row(2, [[1, 1.9], [2, 3.4], [3, 3.8]]), row(5, [[1, 4.0], [2, 4.0], [3, 4.0]], 30, true)];
    expect(findSureBets([event("Arsenal+Chelsea", [[1, market]])], NO_LINKS, NOW).sureBets).toEqual([]);
  });

  it("never calls Double Chance a sure bet, whose selections overlap", () => {
    const dc = [row(1, [[16, 3.5], [17, 3.5], [18, 3.5]])];
    expect(findSureBets([event("Arsenal+Chelsea", [[8, dc]])], NO_LINKS, NOW)).toEqual({ sureBets: [], updatedAt: EPOCH });
  });

  it("lists the largest profit after tax first, whatever the order before tax, and leaves out events that have kicked off", () => {
    const ou = [row(1, [[8, 2.1], [9, 1.8]]), row(2, [[8, 1.8], [9, 2.1]])];
    // 3.16 on each result at its own bookmaker: Σ = 3 / 3.16 = 0.94937, 5.33 % before tax, more than the
    // over/under's 5 %; but long prices' winnings pay more tax: b' = 3.052, Σ' = 0.98296, 1.73 % after it.
    const long = [row(1, [[1, 3.16], [2, 3.0], [3, 3.0]]), row(2, [[1, 3.0], [2, 3.16], [3, 3.0]]), row(3, [[1, 3.0], [2, 3.0], [3, 3.16]])];
    const events = [
      event("Everton+Fulham", [[4, ou]]),
      event("Arsenal+Chelsea", [[1, THREE_WAY]]),
      event("Spurs+Wolves", [[1, long]]),
      event("Leeds+Burnley", [[1, THREE_WAY]], new Date(NOW).toISOString()),
    ];
    const { sureBets } = findSureBets(events, NO_LINKS, NOW);
    expect(sureBets.map((b) => [b.event.name, b.marketId, b.profitPct, b.netProfitPct])).toEqual([
      ["Arsenal vs Chelsea", 1, 6.17, 2.57],
      ["Everton vs Fulham", 4, 5, 2.25],
      ["Spurs vs Wolves", 1, 5.33, 1.73],
    ]);
  });

  it("leaves out a 2 % sure bet that the tax on winnings turns into a loss", () => {
    // Best prices 2.13 (Bet9ja), 3.60 (BetKing), 4.30 (NairaBet): Σ = 0.469484 + 0.277778 + 0.232558 = 0.97982,
    // 2.06 % before tax. After it, 2.0735, 3.47 and 4.135: Σ' = 0.482276 + 0.288184 + 0.241838 = 1.01230,
    // -1.21 %: whichever result comes, the winning leg's tax takes more than the 2 %.
    const thin = [row(1, [[1, 2.13], [2, 3.4], [3, 4.0]]), row(2, [[1, 2.0], [2, 3.6], [3, 4.1]]), row(4, [[1, 2.05], [2, 3.5], [3, 4.3]])];
    const events = [event("Everton+Fulham", [[1, thin]]), event("Arsenal+Chelsea", [[1, THREE_WAY]])];
    const { sureBets, updatedAt } = findSureBets(events, NO_LINKS, NOW);
    expect(sureBets.map((b) => b.event.name)).toEqual(["Arsenal vs Chelsea"]);
    expect(updatedAt).toBe(at(1));
    expect(findSureBets([event("Everton+Fulham", [[1, thin]])], NO_LINKS, NOW)).toEqual({ sureBets: [], updatedAt: EPOCH });
  });

  it("leaves out a sure bet whose profit after tax rounds to 0.00 %", () => {
    // Over 1.51 at Bet9ja, under 3.173 at 1xBet: 2.31 % before tax. After it, 1.4845 and 3.06435:
    // Σ' = 0.673627 + 0.326333 = 0.999961, +0.0039 %, which shows as 0.00. Under at 3.180 (3.071 after
    // tax, 1/3.071 = 0.325627): Σ' = 0.999254, +0.07 %, listed.
    const ou = (under: number) => [row(1, [[8, 1.51], [9, 2.5]]), row(5, [[8, 1.4], [9, under]])];
    expect(findSureBets([event("Arsenal+Chelsea", [[4, ou(3.173)]])], NO_LINKS, NOW).sureBets).toEqual([]);
    expect(findSureBets([event("Arsenal+Chelsea", [[4, ou(3.18)]])], NO_LINKS, NOW).sureBets.map((b) => [b.profitPct, b.netProfitPct])).toEqual([[2.38, 0.07]]);
  });
});

// 1X2, margins removed per bookmaker by the power method ((1/price)^k summing to 1), then the mean (decision 018):
//   Bet9ja 2.00 / 3.50 / 4.00 -> 0.48814 0.27358 0.23828
//   BetKing 2.10 / 3.40 / 3.60 -> 0.46017 0.27798 0.26185
//   SportyBet 1.90 / 3.60 / 4.40 -> 0.51595 0.26697 0.21708
//   fair: home 0.48809, draw 0.27284, away 0.23907 (fair price 4.18)
// SportyBet's away 4.40 x 0.23907 - 1 = 5.19 %; no other price comes near (BetKing's home: 2.5 % before tax).
// After the 5 % tax on winnings the 4.40 pays 4.40 - 0.05 x 3.40 = 4.23: 4.23 x 0.23907 - 1 = +1.13 % expected.
const VALUE_1X2: ProviderOdds[] = [row(1, [[1, 2.0], [2, 3.5], [3, 4.0]]), row(2, [[1, 2.1], [2, 3.4], [3, 3.6]]), row(3, [[1, 1.9], [2, 3.6], [3, 4.4]], 7)];
// BTTS: yes 1.80 / 1.90 / 2.11 and no 2.00 / 1.90 / 1.70 give a fair yes of 0.48987 (2.04): SportyBet's 2.11 is 3.36 % over it;
// after tax 2.0545 x 0.48987 - 1 = +0.64 %.
const VALUE_BTTS: ProviderOdds[] = [row(1, [[14, 1.8], [15, 2.0]]), row(2, [[14, 1.9], [15, 1.9]]), row(3, [[14, 2.11], [15, 1.7]], 2)];

describe("value bets", () => {
  it("finds the price above the consensus fair price, worked by hand", () => {
    const { valueBets, minNetEvPct, updatedAt } = findValueBets([event("Arsenal+Chelsea", [[1, VALUE_1X2]])], BOOK, NOW);
    expect(minNetEvPct).toBe(1);
    expect(valueBets).toEqual([
      {
        event: { id: "c1:test:Arsenal+Chelsea", name: "Arsenal vs Chelsea", home: "Arsenal", away: "Chelsea", date: TOMORROW, competitionId: 1 },
        marketId: 1,
        selectionTypeId: 3,
        provider: 3,
        value: 4.4,
        fairPrice: 4.18,
        valuePct: 5.2,
        netEvPct: 1.1,
        updatedAt: at(7),
        link: { provider: 3, url: "https://www.sportybet.com/ng/sport/football", exact: false },
      },
    ]);
    expect(updatedAt).toBe(at(7));
  });

  it("marks a value price the bookmaker boosts", () => {
    const boosted = VALUE_1X2.map((r) => (r.provider === 3 ? { ...r, odds: r.odds.map((o) => ({ ...o, flags: o.selectionTypeId === 3 ? FLAGS.Boosted : 0 })) } : r));
    const [bet] = findValueBets([event("Arsenal+Chelsea", [[1, boosted]])], NO_LINKS, NOW).valueBets;
    expect(bet).toMatchObject({ selectionTypeId: 3, provider: 3, boosted: true });
  });

  it("ranks by expected value after tax: a short price's 7.1 % (4.1 % after tax) above a long price's 7.7 % (2.8 % after tax)", () => {
    // The long price's winnings are most of what it pays, so the tax takes more of its value:
    // Leeds' away 10.20 against a fair 9.47 pays 10.20 - 0.05 x 9.20 = 9.74 after tax, 9.74 / 9.47 - 1 = +2.8 %;
    // Everton's home 2.26 against a fair 2.11 pays 2.197, 2.197 / 2.11 - 1 = +4.1 %.
    const short = [row(1, [[1, 2.26], [2, 3.4], [3, 3.6]]), row(2, [[1, 1.95], [2, 3.4], [3, 3.9]]), row(3, [[1, 1.95], [2, 3.5], [3, 3.8]])];
    const long = [row(1, [[1, 1.4], [2, 4.5], [3, 7.0]]), row(2, [[1, 1.4], [2, 4.5], [3, 7.0]]), row(3, [[1, 1.36], [2, 4.4], [3, 10.2]])];
    const { valueBets } = findValueBets([event("Leeds+Burnley", [[1, long]]), event("Everton+Fulham", [[1, short]])], NO_LINKS, NOW);
    expect(valueBets.map((b) => [b.event.name, b.selectionTypeId, b.provider, b.value, b.fairPrice, b.valuePct, b.netEvPct])).toEqual([
      ["Everton vs Fulham", 1, 1, 2.26, 2.11, 7.1, 4.1],
      ["Leeds vs Burnley", 3, 3, 10.2, 9.47, 7.7, 2.8],
    ]);
  });

  it("leaves out a price above its fair price that expects less than +1 % after tax: 3.36 % before tax, 0.64 % after", () => {
    const { valueBets } = findValueBets([event("Everton+Fulham", [[7, VALUE_BTTS]]), event("Arsenal+Chelsea", [[1, VALUE_1X2]])], NO_LINKS, NOW);
    expect(valueBets.map((b) => [b.event.name, b.marketId, b.selectionTypeId, b.provider, b.valuePct, b.netEvPct, b.fairPrice])).toEqual([["Arsenal vs Chelsea", 1, 3, 3, 5.2, 1.1, 4.18]]);
  });

  it("leaves out a value price the tax turns into a loss: value before tax is no profit after it", () => {
    // Bet9ja 2.00 / 3.50 / 4.00, BetKing 1.95 / 3.40 / 3.60, SportyBet 1.90 / 3.60 / 4.40: fair away 0.23497
    // (4.26), so SportyBet's 4.40 is 3.39 % over it; after tax it pays 4.23: 4.23 x 0.23497 - 1 = -0.61 %.
    const market = [row(1, [[1, 2.0], [2, 3.5], [3, 4.0]]), row(2, [[1, 1.95], [2, 3.4], [3, 3.6]]), row(3, [[1, 1.9], [2, 3.6], [3, 4.4]])];
    expect(findValueBets([event("Arsenal+Chelsea", [[1, market]])], NO_LINKS, NOW).valueBets).toEqual([]);
  });

  it("needs three confirmed bookmakers pricing the whole market: fewer are no consensus", () => {
    // Two books that disagree: by their mean, Bet9ja's home 2.60 would be 11 % value and BetKing's away 4.00 15 %.
    const two = [row(1, [[1, 2.6], [2, 3.3], [3, 2.9]]), row(2, [[1, 2.0], [2, 3.5], [3, 4.0]])];
    const third = row(3, [[1, 2.3], [2, 3.4], [3, 3.4]]);
    const valuesWith = (rows: ProviderOdds[]) => findValueBets([event("Arsenal+Chelsea", [[1, rows]])], NO_LINKS, NOW).valueBets.map((b) => [b.provider, b.selectionTypeId]);
    expect(valuesWith(two)).toEqual([]);
    expect(valuesWith([...two, row(3, [[1, 2.3], [3, 3.4]])])).toEqual([]);
    expect(valuesWith([...two, { ...third, stale: true as const }])).toEqual([]);
    expect(valuesWith([...two, third])).toEqual([[2, 3], [1, 1]]);
  });

  it("leaves out a stale bookmaker from the consensus and from the prices shown", () => {
    // A stale 1xBet at 9.00 away would both drag the fair away price and be shown as value.
    const market = [...VALUE_1X2, row(5, [[1, 1.5], [2, 3.0], [3, 9.0]], 40, true)];
    const { valueBets } = findValueBets([event("Arsenal+Chelsea", [[1, market]])], NO_LINKS, NOW);
    expect(valueBets.map((b) => [b.provider, b.selectionTypeId, b.valuePct, b.fairPrice])).toEqual([[3, 3, 5.2, 4.18]]);
  });

  it("leaves out Double Chance and events that have kicked off", () => {
    const dc = [row(1, [[16, 1.2], [17, 1.3], [18, 1.8]]), row(2, [[16, 1.25], [17, 1.3], [18, 1.7]]), row(3, [[16, 1.5], [17, 1.5], [18, 2.5]])];
    const events = [event("Arsenal+Chelsea", [[8, dc]]), event("Leeds+Burnley", [[1, VALUE_1X2]], new Date(NOW - 60_000).toISOString())];
    expect(findValueBets(events, NO_LINKS, NOW)).toEqual({ minNetEvPct: 1, valueBets: [], updatedAt: EPOCH });
  });
});

describe("the events a board shows", () => {
  it("names each event once, from sure bets and value bets alike", () => {
    const events = [event("Arsenal+Chelsea", [[1, THREE_WAY], [7, VALUE_BTTS]]), event("Everton+Fulham", [[1, VALUE_1X2]]), event("Leeds+Burnley", [[2, [row(1, [[4, 1.1], [5, 6.0]])]]])];
    const shown = eventsShown(findSureBets(events, NO_LINKS, NOW), findValueBets(events, NO_LINKS, NOW));
    expect(shown.map((e) => e.name).sort()).toEqual(["Arsenal vs Chelsea", "Everton vs Fulham"]);
  });
});

/** The build's catalogue, as the API passes it (api/catalogue/market-descriptors.ts). */
const CATALOGUE = catalogueMarkets(catalogueFromFiles(parseCatalogueFiles(CATALOGUE_FILES)));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const HT_FT = range(48, 56);
const priced = (provider: number, selections: readonly number[], values: readonly number[]) => row(provider, selections.map((id, i) => [id, values[i]!]));

describe("sure and value bets over the catalogue's markets (docs/design.md, Market catalogue)", () => {
  it("answer the spec's eight exactly as without the catalogue", () => {
    const events = [event("Arsenal+Chelsea", [[1, THREE_WAY], [7, VALUE_BTTS]]), event("Everton+Fulham", [[1, VALUE_1X2], [4, [row(1, [[8, 2.1], [9, 1.8]]), row(2, [[8, 1.8], [9, 2.1]])]]])];
    expect(findSureBets(events, BOOK, NOW, CATALOGUE)).toEqual(findSureBets(events, BOOK, NOW));
    expect(findValueBets(events, BOOK, NOW, CATALOGUE)).toEqual(findValueBets(events, BOOK, NOW));
    expect(findSureBets(events, BOOK, NOW).sureBets.map((b) => [b.event.name, b.marketId])).toEqual([["Arsenal vs Chelsea", 1], ["Everton vs Fulham", 4], ["Arsenal vs Chelsea", 7]]);
    expect(findValueBets(events, BOOK, NOW).valueBets.map((b) => [b.event.name, b.marketId])).toEqual([["Arsenal vs Chelsea", 1], ["Arsenal vs Chelsea", 1], ["Everton vs Fulham", 1]]);
  });

  it("find a first-half 1X2 sure bet (market 22), which the spec's eight alone do not know", () => {
    const firstHalf = [row(1, [[45, 3.5], [46, 2.1], [47, 4.0]]), row(2, [[45, 3.1], [46, 2.45], [47, 4.2]]), row(3, [[45, 3.2], [46, 2.2], [47, 4.6]])];
    const events = [event("Arsenal+Chelsea", [[22, firstHalf]])];
    const [bet] = findSureBets(events, NO_LINKS, NOW, CATALOGUE).sureBets;
    expect([bet!.marketId, bet!.profitPct, bet!.netProfitPct]).toEqual([22, 9.74, 6.03]);
    expect(bet!.legs.map((l) => [l.selectionTypeId, l.provider])).toEqual([[45, 1], [46, 2], [47, 3]]);
    expect(findSureBets(events, NO_LINKS, NOW).sureBets).toEqual([]);
  });

  it("find an HT/FT sure bet only while every book counted quotes all nine", () => {
    const bet9ja = [3.86, 21.6, 36, 7.2, 6.35, 8, 20, 16, 6.15];
    const betking = [2.86, 16, 26.67, 5.33, 4.71, 10.8, 27, 21.6, 8.31];
    const whole = [priced(1, HT_FT, bet9ja), priced(2, HT_FT, betking)];
    const [bet] = findSureBets([event("Arsenal+Chelsea", [[23, whole]])], NO_LINKS, NOW, CATALOGUE).sureBets;
    expect([bet!.marketId, bet!.profitPct, bet!.netProfitPct, bet!.legs.length]).toEqual([23, 8.02, 3.44, 9]);
    const drawDrawMissing = { ...whole[1]!, odds: whole[1]!.odds.filter((o) => o.selectionTypeId !== 52) };
    expect(findSureBets([event("Arsenal+Chelsea", [[23, [whole[0]!, drawDrawMissing]]])], NO_LINKS, NOW, CATALOGUE).sureBets).toEqual([]);
  });

  it("find none in Draw No Bet, an Asian line, Double Chance or 1UP, whatever the prices", () => {
    const twoWay = (a: number, b: number) => [row(1, [[a, 2.3], [b, 1.6]]), row(2, [[a, 1.6], [b, 2.3]]), row(3, [[a, 2.2], [b, 1.7]])];
    const threeWay = (a: number) => [row(3, [[a, 3.5], [a + 1, 3.5], [a + 2, 3.5]])];
    const events = [event("Arsenal+Chelsea", [[21, twoWay(43, 44)], [29, twoWay(95, 96)], [8, [row(1, [[16, 3.5], [17, 3.5], [18, 3.5]])]], [52, threeWay(141)]])];
    expect(findSureBets(events, NO_LINKS, NOW, CATALOGUE).sureBets).toEqual([]);
    expect(findValueBets(events, NO_LINKS, NOW, CATALOGUE).valueBets).toEqual([]);
    // The same Draw No Bet prices as first-half totals (market 16, exclusive) make a sure bet.
    expect(findSureBets([event("Arsenal+Chelsea", [[16, twoWay(33, 34)]])], NO_LINKS, NOW, CATALOGUE).sureBets).toHaveLength(1);
  });

  it("find value in a catalogue market by the consensus of three books", () => {
    // VALUE_1X2's prices as first-half 1X2: SportyBet's away 4.40 is the same 5.2 % over the fair 4.18.
    const firstHalf = VALUE_1X2.map((r) => ({ ...r, odds: r.odds.map((o) => ({ ...o, selectionTypeId: o.selectionTypeId + 44 })) }));
    const { valueBets } = findValueBets([event("Arsenal+Chelsea", [[22, firstHalf]])], NO_LINKS, NOW, CATALOGUE);
    expect(valueBets.map((b) => [b.marketId, b.selectionTypeId, b.provider, b.fairPrice, b.valuePct, b.netEvPct])).toEqual([[22, 47, 3, 4.18, 5.2, 1.1]]);
  });
});
