import express, { type RequestHandler } from "express";
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { OddsEvent, ProviderOdds, SureBets, ValueBets } from "#shared/contract.ts";
import { splitSureBet } from "#shared/math/sure-bet-split.ts";
import { catalogueFromFiles } from "../../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "../../catalogue/files.ts";
import { catalogueMarkets } from "../../catalogue/market-descriptors.ts";
import type { Database } from "../../db/schema.ts";
import type { OddsCache } from "../read/cache.ts";
import { toolMarketNames } from "../tools/tool-markets.ts";
import { toolRouter } from "./tool-routes.ts";

const NOW = Date.UTC(2026, 10, 22, 8, 0);
const TOMORROW = new Date(NOW + 24 * 3_600_000).toISOString();
const CATALOGUE = catalogueFromFiles(parseCatalogueFiles(CATALOGUE_FILES));
/** No event links stored: every leg links to its bookmaker's football page. */
const NO_ROWS = new Kysely<Database>({ dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() } });
const signedIn: RequestHandler = (_req, _res, next) => next();

function row(provider: number, prices: [number, number][]): ProviderOdds {
  return { provider, margin: null, updatedAt: new Date(NOW - 60_000).toISOString(), odds: prices.map(([selectionTypeId, value]) => ({ selectionTypeId, value, flags: 0 })) };
}

function event(id: string, markets: [number, ProviderOdds[]][]): OddsEvent {
  const [home, away] = id.split("+") as [string, string];
  return { id: `c1:tools:${id}`, name: `${home} vs ${away}`, home, away, date: TOMORROW, competitionId: 1, markets: markets.map(([marketId, odds]) => ({ marketId, odds })) };
}

/** Two books each 2.10 on one side and 1.80 on the other: Σ = 0.95238, 5 % before tax; b' = 2.045 each, 2.25 % after it. */
const twoWay = (a: number, b: number) => [row(1, [[a, 2.1], [b, 1.8]]), row(2, [[a, 1.8], [b, 2.1]])];
/**
 * A three-way market's best prices 3.50 (Bet9ja), 2.45 (BetKing), 4.60 (SportyBet): Σ = 0.91127,
 * 9.74 % before tax; after it 3.375, 2.3775 and 4.42: Σ' = 0.94315, 6.03 %.
 */
const threeWay = (a: number) => [row(1, [[a, 3.5], [a + 1, 2.1], [a + 2, 4.0]]), row(2, [[a, 3.1], [a + 1, 2.45], [a + 2, 4.2]]), row(3, [[a, 3.2], [a + 1, 2.2], [a + 2, 4.6]])];

/**
 * The listing: over/under 2.5 (market 4) and 1st-half 1X2 (market 22) sure bets at Arsenal; 1st-half
 * over/under 1.5 (market 17) at Everton; and at Leeds the same prices in Draw No Bet (21), Asian
 * handicap −2.5 (29), Double Chance (8) and 1UP (52), none of which makes a sure bet.
 */
const EVENTS: OddsEvent[] = [
  event("Arsenal+Chelsea", [[4, twoWay(8, 9)], [22, threeWay(45)]]),
  event("Everton+Fulham", [[17, twoWay(35, 36)]]),
  event("Leeds+Burnley", [[21, twoWay(43, 44)], [29, twoWay(95, 96)], [8, [row(1, [[16, 3.5], [17, 3.5], [18, 3.5]]), row(2, [[16, 3.5], [17, 3.5], [18, 3.5]])]], [52, threeWay(141)]]),
];

const cache = { listed: () => ({ version: 1, events: EVENTS }) } as unknown as OddsCache;

function served(withCatalogue: boolean) {
  const app = express();
  const deps = withCatalogue ? { markets: () => catalogueMarkets(CATALOGUE), names: () => toolMarketNames(CATALOGUE) } : {};
  app.use("/odds", toolRouter({ cache, db: NO_ROWS, clock: () => NOW, ...deps }, signedIn));
  return async <T>(path: string): Promise<T> => {
    const res = await request(app).get(path);
    expect(res.status, res.text).toBe(200);
    return res.body.data as T;
  };
}

describe("the served sure bets over the catalogue's markets (docs/design.md, Bettor tools)", () => {
  it("finds over/under 2.5, 1st-half over/under 1.5 and 1st-half 1X2 sure bets, each split so every result pays the same after the 5 % tax", async () => {
    const { sureBets } = await served(true)<SureBets>("/odds/sure-bets?country=1");
    expect(sureBets.map((bet) => [bet.event.name, bet.marketId, bet.profitPct, bet.netProfitPct])).toEqual([
      ["Arsenal vs Chelsea", 22, 9.74, 6.03],
      ["Arsenal vs Chelsea", 4, 5, 2.25],
      ["Everton vs Fulham", 17, 5, 2.25],
    ]);
    const [firstHalf, overUnder] = sureBets;
    expect(firstHalf!.legs.map((leg) => [leg.selectionTypeId, leg.provider, leg.value])).toEqual([[45, 1, 3.5], [46, 2, 2.45], [47, 3, 4.6]]);
    expect(overUnder!.legs.map((leg) => [leg.selectionTypeId, leg.provider, leg.value])).toEqual([[8, 1, 2.1], [9, 2, 2.1]]);
    for (const bet of [firstHalf!, overUnder!]) {
      const split = splitSureBet(bet.legs, 10_000);
      if (split.kind !== "split") throw new Error(`no split: ${split.kind}`);
      const nets = split.stakes.map((stake) => stake.net);
      expect(Math.max(...nets) - Math.min(...nets)).toBeLessThanOrEqual(1);
      expect(split.stakes.every((stake) => stake.tax > 0 && stake.net === Math.round((stake.gross - stake.tax) * 100) / 100)).toBe(true);
      // What is left after the stakes and the tax is the profit after tax, within the rounding to whole naira.
      expect(split.profit / 10_000).toBeCloseTo(bet.netProfitPct / 100, 2);
    }
  });

  it("finds none in Draw No Bet, an Asian line, Double Chance or 1UP, and no value there either", async () => {
    const get = served(true);
    const markets = (await get<SureBets>("/odds/sure-bets?country=1")).sureBets.map((bet) => bet.marketId);
    for (const id of [21, 29, 8, 52]) expect(markets).not.toContain(id);
    const valued = (await get<ValueBets>("/odds/value-bets?country=1")).valueBets.map((bet) => bet.marketId);
    for (const id of [21, 29, 8, 52]) expect(valued).not.toContain(id);
  });

  it("names the markets it reads, by group, and the selections of those beyond the eight it shows", async () => {
    const { markets } = await served(true)<SureBets>("/odds/sure-bets?country=1");
    const ids = markets!.map((market) => market.marketId);
    // Exclusive two- and three-way markets and complete many-way ones: 1X2, BTTS, the .5 totals, halves, HT/FT, correct score, handicaps, either half.
    expect(ids).toEqual([1, 7, 2, 3, 4, 5, 6, 9, 54, 16, 17, 18, 19, 20, 22, 23, 10, 11, 12, 13, 14, 15, 50, 51, 24, 25, 26, 27, 28]);
    expect(markets!.find((market) => market.marketId === 17)).toEqual({ marketId: 17, name: "1st Half Over/Under 1.5", group: "halves", selections: [{ id: 35, label: "Over 1.5" }, { id: 36, label: "Under 1.5" }] });
    expect(markets!.find((market) => market.marketId === 22)).toEqual({ marketId: 22, name: "1st Half 1X2", group: "halves", selections: [{ id: 45, label: "Home" }, { id: 46, label: "Draw" }, { id: 47, label: "Away" }] });
    // Not shown, or one of the eight the client names: no selections.
    expect(markets!.find((market) => market.marketId === 4)).toEqual({ marketId: 4, name: "OU2.5", group: "goals" });
    expect(markets!.find((market) => market.marketId === 23)).toEqual({ marketId: 23, name: "Half Time/Full Time", group: "halves" });
  });

  it("keeps to the eight, naming none, without the catalogue", async () => {
    const answer = await served(false)<SureBets>("/odds/sure-bets?country=1");
    expect(answer.sureBets.map((bet) => bet.marketId)).toEqual([4]);
    expect(answer.markets).toBeUndefined();
  });
});
