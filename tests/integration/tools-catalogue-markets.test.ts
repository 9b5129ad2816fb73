import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DroppingOdds, SureBets, ValueBets } from "#shared/contract.ts";
import { splitSureBet } from "#shared/math/sure-bet-split.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { storeFixture, writeStoreRun, type StorePrice } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Sunday 22 November 2026, 08:00 UTC. */
const T0 = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(T0 + 3 * 24 * HOUR);

const ARSENAL = "c1:catalogue-tools:arsenal+chelsea";
const LEEDS = "c1:catalogue-tools:leeds+burnley";
const EVERTON = "c1:catalogue-tools:everton+fulham";

/** Two books, each 2.10 on one side and 1.80 on the other: Σ = 0.95238, 5 % before tax; b' = 2.045 each, Σ' = 0.97800, 2.25 % after it. */
const twoWay = (market: number, a: number, b: number): StorePrice[] => [[1, market, a, 2.1], [1, market, b, 1.8], [2, market, a, 1.8], [2, market, b, 2.1]];
/**
 * Three books, the best 3.50 (Bet9ja), 2.45 (BetKing), 4.60 (SportyBet): Σ = 0.91127, 9.74 % before
 * tax; after it 3.375, 2.3775 and 4.42: Σ' = 0.94315, 6.03 %.
 */
const threeWay = (market: number, a: number): StorePrice[] => [
  [1, market, a, 3.5], [1, market, a + 1, 2.1], [1, market, a + 2, 4.0],
  [2, market, a, 3.1], [2, market, a + 1, 2.45], [2, market, a + 2, 4.2],
  [3, market, a, 3.2], [3, market, a + 1, 2.2], [3, market, a + 2, 4.6],
];

/** Arsenal vs Chelsea: over/under 2.5 (market 4) and 1st-half 1X2 (market 22) sure bets. */
const arsenal = () => storeFixture(ARSENAL, "Arsenal", "Chelsea", [...twoWay(4, 8, 9), ...threeWay(22, 45)], KICKOFF);
/** Leeds vs Burnley: the same prices in Draw No Bet (21), Asian handicap −2.5 (29), Double Chance (8) and 1UP (52): no sure bet, no value. */
const leeds = () =>
  storeFixture(LEEDS, "Leeds United", "Burnley", [...twoWay(21, 43, 44), ...twoWay(29, 95, 96), ...threeWay(8, 16), ...threeWay(52, 141)], KICKOFF);
/** Everton vs Fulham: SportyBet's 1st-half over 1.5 (market 17, selection 35) at `over`, its under at 1.60. */
const everton = (over: number) => storeFixture(EVERTON, "Everton", "Fulham", [[3, 17, 35, over], [3, 17, 36, 1.6]], KICKOFF);

describe.each(dialects)("the tools over the catalogue's markets, over HTTP on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let token = "";
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    const db = t.api.db.kysely;
    // Everton's 1st-half over 1.5 falls 2.50 -> 2.00 two hours ago.
    await writeStoreRun(db, [everton(2.5)], T0 - 5 * HOUR);
    await writeStoreRun(db, [everton(2.0)], T0 - 2 * HOUR);
    await writeStoreRun(db, [arsenal(), leeds(), everton(2.0)], T0);
    await t.api.odds.refresh();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  async function bearer(): Promise<{ authorization: string }> {
    if (!token || (decodeJwt(token).exp ?? 0) * 1000 < clock() + MINUTE) {
      const account = newAccount();
      await t.http.put("/users/register").send(account);
      token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
    }
    return { authorization: `Bearer ${token}` };
  }

  async function get<T>(path: string): Promise<T> {
    const res = await t.http.get(path).set(await bearer());
    expect(res.status, res.text).toBe(200);
    return res.body.data as T;
  }

  it("finds sure bets in over/under 2.5 and the 1st-half 1X2, each split so every result pays the same after the 5 % tax", async () => {
    const { sureBets, markets } = await get<SureBets>("/odds/sure-bets?country=1");
    expect(sureBets.map((bet) => [bet.event.id, bet.marketId, bet.profitPct, bet.netProfitPct])).toEqual([
      [ARSENAL, 22, 9.74, 6.03],
      [ARSENAL, 4, 5, 2.25],
    ]);
    expect(sureBets[0]!.legs.map((leg) => [leg.selectionTypeId, leg.provider, leg.value])).toEqual([[45, 1, 3.5], [46, 2, 2.45], [47, 3, 4.6]]);
    for (const bet of sureBets) {
      const split = splitSureBet(bet.legs, 10_000);
      if (split.kind !== "split") throw new Error(`no split: ${split.kind}`);
      const nets = split.stakes.map((stake) => stake.net);
      expect(Math.max(...nets) - Math.min(...nets)).toBeLessThanOrEqual(1);
      expect(split.profit / 10_000).toBeCloseTo(bet.netProfitPct / 100, 2);
    }
    // The answer names the 1st-half 1X2 it shows, by group, with its selections.
    expect(markets!.find((market) => market.marketId === 22)).toEqual({ marketId: 22, name: "1st Half 1X2", group: "halves", selections: [{ id: 45, label: "Home" }, { id: 46, label: "Draw" }, { id: 47, label: "Away" }] });
  });

  it("finds none, and no value, in Draw No Bet, an Asian line, Double Chance or 1UP, nor lists them in the Market choice", async () => {
    const sure = await get<SureBets>("/odds/sure-bets?country=1");
    const value = await get<ValueBets>("/odds/value-bets?country=1");
    expect(sure.sureBets.filter((bet) => bet.event.id === LEEDS)).toEqual([]);
    expect(value.valueBets.filter((bet) => bet.event.id === LEEDS)).toEqual([]);
    const offered = sure.markets!.map((market) => market.marketId);
    for (const id of [21, 29, 8, 52]) expect(offered).not.toContain(id);
    expect(offered).toEqual(expect.arrayContaining([1, 4, 7, 9, 17, 22, 23, 24, 50]));
  });

  it("finds value in the 1st-half 1X2 by the consensus of three books", async () => {
    const { valueBets, markets } = await get<ValueBets>("/odds/value-bets?country=1");
    expect(valueBets.filter((bet) => bet.event.id === ARSENAL).map((bet) => bet.marketId)).toContain(22);
    expect(markets!.find((market) => market.marketId === 22)!.selections).toHaveLength(3);
  });

  it("lists a drop in a 1st-half total, named, and narrows to that market when asked", async () => {
    const board = await get<DroppingOdds>("/odds/dropping?country=1&hours=24");
    const drop = board.drops.find((d) => d.marketId === 17);
    expect(drop).toMatchObject({ event: { id: EVERTON }, selectionTypeId: 35, dropPct: 20, books: [{ provider: 3, from: 2.5, to: 2.0, dropPct: 20 }] });
    expect(board.markets!.find((market) => market.marketId === 17)).toEqual({ marketId: 17, name: "1st Half Over/Under 1.5", group: "halves", selections: [{ id: 35, label: "Over 1.5" }, { id: 36, label: "Under 1.5" }] });
    // The Market choice: every catalogue market, grouped, Main first.
    expect(board.markets!.map((market) => market.marketId).sort((a, b) => a - b)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
    expect([...new Set(board.markets!.map((market) => market.group))]).toEqual(["main", "goals", "halves", "teams", "specials"]);
    const chosen = await get<DroppingOdds>("/odds/dropping?country=1&hours=24&market=17");
    expect(chosen.drops.map((d) => [d.event.id, d.marketId, d.selectionTypeId])).toEqual([[EVERTON, 17, 35]]);
    expect((await get<DroppingOdds>("/odds/dropping?country=1&hours=24&market=22")).drops).toEqual([]);
    const unknown = await t.http.get("/odds/dropping?country=1&hours=24&market=55").set(await bearer());
    expect([unknown.status, unknown.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
  });
});
