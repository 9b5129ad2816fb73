import { MAX_POINTS_PER_SERIES } from "#api/odds/read/history.ts";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oddsChecksum } from "#shared/checksum.ts";
import type { MarketHistory, MatchDetail, OddsEvent } from "#shared/contract.ts";
import { MARKETS } from "#shared/reference.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import type { FixtureInput } from "#api/odds/write/store.ts";

const dialects = await testDialects();
const START = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(Date.UTC(2026, 10, 28, 15, 0));
const MINUTE = 60_000;

type Price = [bookmaker: number, selection: number, price: number];

function fixture(key: string, marketId: number, prices: Price[], listing?: { bookmaker: number; externalId: string }): FixtureInput {
  return {
    key,
    competitionId: 1,
    home: "Arsenal",
    away: "Chelsea",
    kickoff: KICKOFF,
    prices: prices.map(([bookmaker, selectionTypeId, price]) => ({ bookmaker, marketId, selectionTypeId, price, boosted: false })),
    ...(listing ? { listing: { ...listing, home: "Arsenal", away: "Chelsea" } } : {}),
  };
}

/** A seeded stream of numbers in [0, 1) (mulberry32), so the size check's prices look as irregular as real ones, the same every run. */
function noise(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** One bookmaker's listing of every market at realistic, irregular prices (1.05 to 12); `moved` prices get new ones. */
function fullListing(key: string, bookmaker: number, random: () => number, previous?: FixtureInput, moved: readonly number[] = []): FixtureInput {
  const prices = MARKETS.flatMap((market) =>
    market.selections.map((selectionTypeId) => {
      const before = previous?.prices.find((p) => p.marketId === market.id && p.selectionTypeId === selectionTypeId);
      const price = before && !moved.includes(market.id) ? before.price : Math.round((1.05 + random() * random() * 11) * 100) / 100;
      return { bookmaker, marketId: market.id, selectionTypeId, price, boosted: false };
    }),
  );
  return { ...fixture(key, 1, []), prices };
}

describe.each(dialects)("GET /odds/events/:id and its history on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let token = "";
  const clock = testClock(START);

  async function bearer() {
    if ((decodeJwt(token || "e30.e30.e30").exp ?? 0) * 1000 <= clock() + MINUTE) {
      const account = newAccount();
      await t.http.put("/users/register").send(account);
      token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
    }
    return { authorization: `Bearer ${token}` };
  }
  const get = async (path: string, headers: Record<string, string> = {}) => t.http.get(path).set({ ...(await bearer()), ...headers });
  const detail = async (id: string) => (await get(`/odds/events/${encodeURIComponent(id)}`)).body.data as MatchDetail;
  const history = async (id: string, market: number) => (await get(`/odds/events/${encodeURIComponent(id)}/history?market=${market}`)).body.data as MarketHistory;
  async function listed(id: string, market: number): Promise<OddsEvent | undefined> {
    await bearer();
    const k = oddsChecksum(String(decodeJwt(token).ak), { country: 1, competition: 1, market });
    const res = await get(`/odds?country=1&competition=1&market=${market}&k=${k}`);
    return (res.body.data.events as OddsEvent[]).find((e) => e.id === id);
  }
  async function write(fixtures: FixtureInput[], at = clock()) {
    await writeStoreRun(t.api.db.kysely, fixtures, at);
    await t.api.odds.refresh();
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    await write([
      fixture("c1:ev:a", 1, [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [2, 1, 2.2], [2, 2, 3.2], [2, 3, 3.3]], { bookmaker: 1, externalId: "243311467" }),
      fixture("c1:ev:a", 4, [[3, 8, 1.8], [3, 9, 2.0]], { bookmaker: 3, externalId: "sr:match:50850623" }),
    ]);
    clock.advance(MINUTE);
    await write([fixture("c1:ev:a", 1, [[1, 1, 2.05], [1, 2, 3.3], [1, 3, 3.5]], { bookmaker: 1, externalId: "243311467" })]);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  it("answers every market in reference order as the listing shows it, each price with its opening price", async () => {
    const { event, updatedAt } = await detail("c1:ev:a");
    expect(event).toMatchObject({ id: "c1:ev:a", name: "Arsenal vs Chelsea", competitionId: 1, date: KICKOFF.toISOString(), started: false });
    expect(event.markets.map((m) => m.marketId)).toEqual([1, 4]);
    expect(updatedAt).toBe(new Date(START + MINUTE).toISOString());
    for (const market of event.markets) {
      const withoutOpening = market.odds.map((row) => ({ ...row, odds: row.odds.map(({ opening: _opening, ...price }) => price) }));
      expect((await listed("c1:ev:a", market.marketId))!.markets).toEqual([{ marketId: market.marketId, odds: withoutOpening }]);
    }
    const bet9ja = event.markets[0]!.odds.find((o) => o.provider === 1)!;
    expect(bet9ja.odds.map((p) => [p.selectionTypeId, p.value, p.opening])).toEqual([[1, 2.05, 2.1], [2, 3.3, 3.3], [3, 3.5, 3.4]]);
  });

  it("links each bookmaker that lists or prices the event, in provider order: its event page when its feed's id builds one, else its football page", async () => {
    const { event } = await detail("c1:ev:a");
    expect(event.links).toEqual([
      { provider: 1, url: "https://sports.bet9ja.com/event/243311467", exact: true },
      { provider: 2, url: "https://m.betking.com/sports/prematch/football", exact: false },
      { provider: 3, url: "https://www.sportybet.com/ng/sport/football/England/Premier_League/Arsenal_vs_Chelsea/sr:match:50850623", exact: true },
    ]);
  });

  it("answers a market's history as one series per bookmaker and selection, exactly the recorded changes, the first one the opening price", async () => {
    const answer = await history("c1:ev:a", 1);
    const s = (ms: number) => Math.floor(ms / 1000);
    expect(answer).toEqual({
      eventId: "c1:ev:a",
      marketId: 1,
      series: [
        { provider: 1, selectionTypeId: 1, points: [[s(START), 2.1], [s(START + MINUTE), 2.05]] },
        { provider: 1, selectionTypeId: 2, points: [[s(START), 3.3]] },
        { provider: 1, selectionTypeId: 3, points: [[s(START), 3.4], [s(START + MINUTE), 3.5]] },
        { provider: 2, selectionTypeId: 1, points: [[s(START), 2.2]] },
        { provider: 2, selectionTypeId: 2, points: [[s(START), 3.2]] },
        { provider: 2, selectionTypeId: 3, points: [[s(START), 3.3]] },
      ],
    });
    const { event } = await detail("c1:ev:a");
    for (const series of answer.series) {
      const price = event.markets[0]!.odds.find((o) => o.provider === series.provider)!.odds.find((p) => p.selectionTypeId === series.selectionTypeId)!;
      expect(series.points[0]![1]).toBe(price.opening);
      expect(series.points.at(-1)![1]).toBe(price.value);
    }
    expect(await history("c1:ev:a", 7)).toEqual({ eventId: "c1:ev:a", marketId: 7, series: [] });
  });

  it("answers 400 VALIDATION_ERROR for a market the catalogue does not list, and 404 for an unknown event's history", async () => {
    for (const query of ["", "?market=", "?market=0", "?market=9999", "?market=99999999", "?market=1.0", "?market=01", "?market=abc", "?market=1&market=2", "?market[a]=1"]) {
      const res = await get(`/odds/events/c1:ev:a/history${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    const unknown = await get("/odds/events/c1:nope/history?market=1");
    expect(unknown.status).toBe(404);
    // Market 10, Home Over/Under 0.5, is the catalogue's (api/catalogue/data/markets.json): an event's history of it is asked like the eight's.
    expect((await get("/odds/events/c1:nope/history?market=10")).status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
  });

  it("answers 404 NOT_FOUND for an unknown id, 400 for an absurd or broken one, 401 without a token", async () => {
    const unknown = await get("/odds/events/c1:nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "NOT_FOUND" });
    for (const id of ["x".repeat(201), "c1%00a", "c1%0Aa", "c1%zz", "c1%ED%A0%80", "c1%ED%A0%80/history?market=1"]) {
      const res = await get(`/odds/events/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    const anonymous = await t.http.get("/odds/events/c1:ev:a");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("AUTH_REQUIRED");
  });

  it("serves a memoised answer until the odds cache rebuilds, and answers 304 to a matching ETag while nothing changed", async () => {
    await write([fixture("c1:ev:b", 1, [[1, 1, 1.9]])]);
    const first = await get("/odds/events/c1:ev:b");
    expect(first.body.data.event.markets[0].odds).toHaveLength(1);
    const etag = String(first.headers.etag);
    expect((await get("/odds/events/c1:ev:b", { "if-none-match": etag })).status).toBe(304);
    // Written but not yet announced: the memo still answers what the cache was built from.
    await writeStoreRun(t.api.db.kysely, [fixture("c1:ev:b", 1, [[1, 1, 1.9], [4, 1, 1.95]])], clock());
    expect((await get("/odds/events/c1:ev:b", { "if-none-match": etag })).status).toBe(304);
    await t.api.odds.refresh();
    const moved = await get("/odds/events/c1:ev:b", { "if-none-match": etag });
    expect(moved.status).toBe(200);
    expect(moved.body.data.event.markets[0].odds.map((o: { provider: number }) => o.provider)).toEqual([1, 4]);
  });

  it("keeps the match page data of 8 markets x 5 bookmakers within 6 KB gzip, and 50 changes per series of one market's history within 8 KB", async () => {
    const runs = 50;
    // 50 runs at irregular intervals: every 1X2 price moves each run, every bookmaker's other markets are confirmed.
    const random = noise(20261122);
    let listings: FixtureInput[] = [];
    for (let run = 0; run < runs; run += 1) {
      clock.advance(30_000 + Math.floor(random() * 140_000));
      listings = [1, 2, 3, 4, 5].map((bookmaker) => fullListing("c1:ev:full", bookmaker, random, listings[bookmaker - 1], [1]));
      await writeStoreRun(t.api.db.kysely, listings, clock());
    }
    await t.api.odds.refresh();
    // supertest inflates the body itself: the wire's size is the gzip answer's Content-Length.
    const wire = async (path: string) => {
      const res = await get(path, { "accept-encoding": "gzip" });
      expect(res.headers["content-encoding"]).toBe("gzip");
      return { size: Number(res.headers["content-length"]), data: res.body.data as unknown };
    };
    const page = await wire("/odds/events/c1:ev:full");
    const { event } = page.data as MatchDetail;
    expect(event.markets).toHaveLength(8);
    expect(event.markets.every((m) => m.odds.length === 5)).toBe(true);
    expect(page.size).toBeLessThanOrEqual(6 * 1024);
    const chart = await wire("/odds/events/c1:ev:full/history?market=1");
    const { series } = chart.data as MarketHistory;
    expect(series).toHaveLength(15);
    // 51 recorded prices a series, thinned to at most 48 for the chart (history.ts): a long history still.
    expect(series.every((s) => s.points.length >= 30 && s.points.length <= MAX_POINTS_PER_SERIES)).toBe(true);
    expect(chart.size).toBeLessThanOrEqual(8 * 1024);
  });

  it("keeps a started event's page readable with its prices as at kick-off, marked started, while it leaves the listing", async () => {
    clock.advance(KICKOFF.getTime() + MINUTE - clock());
    await t.api.odds.refresh();
    expect(await listed("c1:ev:a", 1)).toBeUndefined();
    const { event } = await detail("c1:ev:a");
    expect(event.started).toBe(true);
    expect(event.markets).toEqual([]);
    // Prices confirmed up to kick-off stay on the page after it.
    await write([fixture("c1:ev:c", 1, [[2, 1, 2.4], [2, 2, 3.1], [2, 3, 3.0]], { bookmaker: 2, externalId: "48310987" })], KICKOFF.getTime() - MINUTE);
    const started = (await detail("c1:ev:c")).event;
    expect(started.started).toBe(true);
    expect(started.markets[0]!.odds.map((o) => o.odds.map((p) => [p.value, p.opening]))).toEqual([[[2.4, 2.4], [3.1, 3.1], [3.0, 3.0]]]);
    expect(started.links).toEqual([{ provider: 2, url: "https://m.betking.com/sports/prematch/48310987/arsenal-chelsea", exact: true }]);
  });
});
