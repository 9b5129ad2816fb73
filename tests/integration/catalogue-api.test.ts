/**
 * GET /odds/competitions and GET /odds/markets (docs/design.md, Catalogue API) over HTTP, on both
 * databases: competitions counted from the listing, a learnt competition beside the four leagues,
 * narrowing by region, refusals, revalidation, and the market catalogue as the files give it.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oddsChecksum } from "#shared/checksum.ts";
import type { CompetitionList, MarketList, NextOdds, OddsResponse } from "#shared/contract.ts";
import { MARKETS } from "#shared/reference.ts";
import type { FixtureInput } from "#api/odds/write/store.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const HOUR = 3_600_000;
/** Tuesday 1 December 2026, 12:00 UTC. */
const T0 = Date.UTC(2026, 11, 1, 12, 0);
/** A competition as step 4's learning writes one (docs/design.md, Learning competitions): a learnt id, in Europe. */
const CHAMPIONS_LEAGUE = 10_000;
const ENGLAND = 159;
const EUROPE = 2;
const SPAIN = 162;

function fixture(key: string, competitionId: number, home: string, away: string, kickoffIn: number, bookmakers: number[]): FixtureInput {
  return {
    key,
    competitionId,
    home,
    away,
    kickoff: new Date(T0 + kickoffIn),
    prices: bookmakers.flatMap((bookmaker) => [1, 2, 3].map((selectionTypeId) => ({ bookmaker, marketId: 1, selectionTypeId, price: 2 + selectionTypeId / 10, boosted: false }))),
  };
}

const FIXTURES = [
  fixture("c1:cat:ars+che", 1, "Arsenal", "Chelsea", 5 * HOUR, [1, 2]),
  fixture("c1:cat:liv+eve", 1, "Liverpool", "Everton", 2 * HOUR, [3]),
  fixture("c2:cat:bar+rma", 2, "Barcelona", "Real Madrid", 30 * HOUR, [1, 5]),
  fixture(`c${CHAMPIONS_LEAGUE}:cat:int+psg`, CHAMPIONS_LEAGUE, "Inter", "Paris Saint-Germain", 8 * HOUR, [2, 3, 4]),
];

describe.each(dialects)("the catalogue over HTTP on %s", (dialect) => {
  let database: TestDatabase;
  let t: TestApi;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    const db = t.api.db.kysely;
    await db
      .insertInto("competitions")
      .values({ id: CHAMPIONS_LEAGUE, key: "UEFA/champions-league", name: "UEFA Champions League", region_id: EUROPE, kind: "continental", tier: null, sr_tournament: "7", status: "active", merged_into: null, rank: 5, created_at: T0, last_listed_at: T0 })
      .execute();
    await t.api.catalogue.reload();
    await writeStoreRun(db, FIXTURES, T0 - 60_000);
    await t.api.odds.refresh();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  /** A new verified user's access token. */
  async function newToken(): Promise<string> {
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    return (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token as string;
  }

  async function competitions(query: Record<string, string | number> = { country: 1 }): Promise<CompetitionList> {
    const res = await t.http.get("/odds/competitions").query(query);
    expect(res.status, res.text).toBe(200);
    return res.body.data as CompetitionList;
  }

  it("lists each competition with upcoming matches in picker order: its count, soonest kick-off and the bookmakers pricing it, and each region once with its area", async () => {
    const list = await competitions();
    expect(list.competitions).toEqual([
      { id: 1, name: "Premier League (ENG)", regionId: ENGLAND, kind: "league", upcoming: 2, nextKickoff: new Date(T0 + 2 * HOUR).toISOString(), books: [1, 2, 3] },
      { id: 2, name: expect.any(String), regionId: SPAIN, kind: "league", upcoming: 1, nextKickoff: new Date(T0 + 30 * HOUR).toISOString(), books: [1, 5] },
      { id: CHAMPIONS_LEAGUE, name: "UEFA Champions League", regionId: EUROPE, kind: "continental", upcoming: 1, nextKickoff: new Date(T0 + 8 * HOUR).toISOString(), books: [2, 3, 4] },
    ]);
    expect(list.regions).toEqual([
      { id: EUROPE, code: "UEFA", name: "Europe", parentId: null },
      { id: ENGLAND, code: "ENG", name: "England", parentId: EUROPE },
      { id: SPAIN, code: "ESP", name: "Spain", parentId: EUROPE },
    ]);
  });

  it("keeps the spec's summary to the four leagues and eight markets however much more is listed", async () => {
    const res = await t.http.get("/odds/summary").query({ country: 1 });
    expect(res.body.data).toMatchObject({ numEvents: 3, competitionIds: [1, 2], marketIds: [1], numBookmakers: 4 });
  });

  it("narrows to a region and the countries within it", async () => {
    expect((await competitions({ country: 1, region: ENGLAND })).competitions.map((c) => c.id)).toEqual([1]);
    expect((await competitions({ country: 1, region: EUROPE })).competitions.map((c) => c.id)).toEqual([1, 2, CHAMPIONS_LEAGUE]);
  });

  it("answers Ghana and Kenya with no competitions, and refuses a missing country or an unknown region in the envelope", async () => {
    expect((await competitions({ country: 2 })).competitions).toEqual([]);
    for (const query of [{}, { country: 9 }, { country: 1, region: 999_999 }, { country: 1, region: "ENG" }, { country: 1, region: "-1" }]) {
      const res = await t.http.get("/odds/competitions").query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("drops a match that has kicked off from its count, and a competition left without one", async () => {
    clock.advance(3 * HOUR);
    try {
      const list = await competitions();
      expect(list.competitions.find((c) => c.id === 1)).toMatchObject({ upcoming: 1, nextKickoff: new Date(T0 + 5 * HOUR).toISOString() });
      clock.advance(6 * HOUR);
      expect((await competitions()).competitions.map((c) => c.id)).toEqual([2]);
    } finally {
      clock.advance(T0 - clock());
    }
  });

  it("answers the same bytes with an ETag while nothing moved, and 304 to a client holding them, public for 30 seconds", async () => {
    const first = await t.http.get("/odds/competitions").query({ country: 1 });
    const again = await t.http.get("/odds/competitions").query({ country: 1 }).set("If-None-Match", first.headers.etag!);
    expect(again.status).toBe(304);
    expect(first.headers["cache-control"]).toBe("public, max-age=30");
    // A price that moved changes no count: the list keeps its bytes.
    const moved = fixture("c2:cat:bar+rma", 2, "Barcelona", "Real Madrid", 30 * HOUR, [1, 5]);
    moved.prices[0]!.price = 9.99;
    const version = t.api.odds.cache.listed().version;
    await writeStoreRun(t.api.db.kysely, [...FIXTURES.filter((f) => f.competitionId !== 2), moved], T0 - 30_000);
    await t.api.odds.refresh();
    expect(t.api.odds.cache.listed().version).toBe(version + 1);
    const afterMove = await t.http.get("/odds/competitions").query({ country: 1 }).set("If-None-Match", first.headers.etag!);
    expect(afterMove.status).toBe(304);
  });

  it("serves the market catalogue: the spec's eight markets with their selections as the constants name them, tagged with the catalogue's version", async () => {
    const res = await t.http.get("/odds/markets");
    expect(res.status, res.text).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    const list = res.body.data as MarketList;
    expect(list.version).toBe(t.api.catalogue.current().version);
    for (const market of MARKETS) {
      const served = list.markets.find((m) => m.id === market.id);
      expect(served, market.label).toBeDefined();
      expect(served!.selections.map((s) => s.id)).toEqual([...market.selections]);
      expect(list.types.some((type) => type.id === served!.typeId)).toBe(true);
    }
    // Each type's picker group (docs/design.md, Market groups), as markets.json gives it.
    const groupOf = (typeName: string) => list.types.find((type) => type.name === typeName)?.group;
    expect(["1X2", "Over/Under", "Half Time/Full Time", "Home Over/Under", "Correct Score", "1X2 - 1UP"].map(groupOf)).toEqual(["main", "goals", "halves", "teams", "specials", "specials"]);
    const totals = list.markets.filter((m) => m.line !== null).map((m) => m.line);
    expect(totals).toEqual(expect.arrayContaining([0.5, 1.5, 2.5, 3.5, 4.5]));
    const again = await t.http.get("/odds/markets").set("If-None-Match", res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it("answers /odds for any competition and market the catalogue lists, and refuses one it does not in the envelope", async () => {
    const token = await newToken();
    const ak = String(decodeJwt(token).ak);
    const odds = (competition: number, market: number) =>
      t.http
        .get("/odds")
        .query({ country: 1, competition, market, k: oddsChecksum(ak, { country: 1, competition, market }) })
        .set("authorization", `Bearer ${token}`);
    const res = await odds(CHAMPIONS_LEAGUE, 1);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as OddsResponse;
    expect(data.events.map((e) => [e.home, e.away, e.markets.map((m) => m.odds.map((o) => o.provider))])).toEqual([["Inter", "Paris Saint-Germain", [[2, 3, 4]]]]);
    expect(((await odds(1, 1)).body.data as OddsResponse).events.map((e) => e.home)).toEqual(["Liverpool", "Arsenal"]);
    // A price that moved in a learnt competition alone moves its answer (and the listing's version).
    const version = t.api.odds.cache.listed().version;
    const moved = fixture(`c${CHAMPIONS_LEAGUE}:cat:int+psg`, CHAMPIONS_LEAGUE, "Inter", "Paris Saint-Germain", 8 * HOUR, [2, 3, 4]);
    moved.prices[0]!.price = 3.33;
    await writeStoreRun(t.api.db.kysely, [...FIXTURES.filter((f) => f.competitionId !== CHAMPIONS_LEAGUE), moved], T0);
    await t.api.odds.refresh();
    expect(t.api.odds.cache.listed().version).toBe(version + 1);
    const after = ((await odds(CHAMPIONS_LEAGUE, 1)).body.data as OddsResponse).events[0]!.markets[0]!.odds.find((o) => o.provider === 2)!;
    expect(after.odds.find((o) => o.selectionTypeId === 1)!.value).toBe(3.33);
    for (const [competition, market, field] of [[5, 1, "competition"], [10_001, 1, "competition"], [CHAMPIONS_LEAGUE, 999, "market"], [1, 0, "market"]] as const) {
      const refused = await odds(competition, market);
      expect(refused.status, `${competition}/${market}`).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION_ERROR");
      expect(refused.body.error.description).toMatch(new RegExp(`^${field} is not one we`));
    }
  });

  it("pages the board across competitions by kick-off through /odds/next, narrowed to competitions or a day, refusing what it cannot read", async () => {
    const token = await newToken();
    const next = (query: Record<string, string | number>) => t.http.get("/odds/next").query({ country: 1, ...query }).set("authorization", `Bearer ${token}`);
    const ids = async (query: Record<string, string | number>) => {
      const res = await next(query);
      expect(res.status, res.text).toBe(200);
      return (res.body.data as NextOdds).events.map((e) => `${e.competitionId}:${e.home}`);
    };
    expect(await ids({ market: 1 })).toEqual(["1:Liverpool", "1:Arsenal", `${CHAMPIONS_LEAGUE}:Inter`, "2:Barcelona"]);
    expect(await ids({ market: 1, competition: `${CHAMPIONS_LEAGUE},2` })).toEqual([`${CHAMPIONS_LEAGUE}:Inter`, "2:Barcelona"]);
    expect(await ids({ market: 1, after: `${T0 + 6 * HOUR}~`, until: T0 + 24 * HOUR })).toEqual([`${CHAMPIONS_LEAGUE}:Inter`]);
    expect(await ids({ market: 4 })).toEqual([]);
    expect((await t.http.get("/odds/next").query({ country: 1, market: 1 })).status).toBe(401);
    const refused: Record<string, string | number>[] = [{ market: 999 }, { market: 1, competition: "1,5" }, { market: 1, competition: "x" }, { market: 1, after: "yesterday" }, { market: 1, until: "-5" }, { market: 1, competition: Array.from({ length: 21 }, (_, i) => i + 1).join(",") }];
    for (const query of refused) {
      const res = await next(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("names an event beyond the four in every answer that shows it, the betslip's legs too, with its country where it has one, and never one of the four; dropping odds take any listed competition", async () => {
    const token = await newToken();
    const ak = String(decodeJwt(token).ak);
    const get = (path: string, query: Record<string, string | number>) => t.http.get(path).query(query).set("authorization", `Bearer ${token}`);
    const db = t.api.db.kysely;
    const CHAMPIONSHIP = 10_002;
    await db
      .insertInto("competitions")
      .values({ id: CHAMPIONSHIP, key: "ENG/championship", name: "Championship", region_id: ENGLAND, kind: "league", tier: 2, sr_tournament: "18", status: "active", merged_into: null, rank: 40, created_at: T0, last_listed_at: T0 })
      .execute();
    await t.api.catalogue.reload();
    const leeds = fixture(`c${CHAMPIONSHIP}:cat:lee+sun`, CHAMPIONSHIP, "Leeds United", "Sunderland", 6 * HOUR, [1, 3]);
    await writeStoreRun(db, [...FIXTURES, leeds], T0);
    await t.api.odds.refresh();

    const named = (events: readonly { home: string; competition?: string }[]) => events.map((e) => [e.home, e.competition]);
    const board = (competition: number) => get("/odds", { country: 1, competition, market: 1, k: oddsChecksum(ak, { country: 1, competition, market: 1 }) });
    expect(named(((await board(CHAMPIONS_LEAGUE)).body.data as OddsResponse).events)).toEqual([["Inter", "UEFA Champions League"]]);
    expect(named(((await board(CHAMPIONSHIP)).body.data as OddsResponse).events)).toEqual([["Leeds United", "Championship (ENG)"]]);
    // The spec's answers keep their bytes: no name on the four's events.
    expect(((await board(1)).body.data as OddsResponse).events.every((e) => !("competition" in e))).toBe(true);
    expect(named((await get("/odds/search", { country: 1, q: "Leeds" })).body.data.events)).toEqual([["Leeds United", "Championship (ENG)"]]);
    const inter = ((await board(CHAMPIONS_LEAGUE)).body.data as OddsResponse).events[0]!;
    expect((await get(`/odds/events/${encodeURIComponent(inter.id)}`, {})).body.data.event.competition).toBe("UEFA Champions League");
    expect((await t.http.get(`/odds/events/${encodeURIComponent(inter.id)}/heading`)).body.data.event.competition).toBe("UEFA Champions League");

    // The betslip names a leg's competition the same way.
    const slipped = await t.http.put("/users/betslip").set("authorization", `Bearer ${token}`).send({ stake: 1000, legs: [{ eventId: inter.id, marketId: 1, selectionTypeId: 1 }] });
    expect(slipped.status, slipped.text).toBe(200);
    expect((await get("/users/betslip", {})).body.data.legs.map((l: { event: { competition?: string } }) => l.event.competition)).toEqual(["UEFA Champions League"]);

    const dropping = await get("/odds/dropping", { country: 1, hours: 24, competition: CHAMPIONSHIP });
    expect(dropping.status, dropping.text).toBe(200);
    for (const competition of ["9999999", "10001", "0", "12345678", "1.5"]) {
      const refused = await get("/odds/dropping", { country: 1, hours: 24, competition });
      expect(refused.status, competition).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "VALIDATION_ERROR", description: "competition is not one we list (GET /odds/competitions lists them)." });
    }
  });

  // Last: it moves the clock on (docs/design.md, Collected today: the rest of the board is asked in rotation).
  it("keeps a competition beyond the four in the answers for ten feed intervals, marked stale after two, where the four's prices leave after three", async () => {
    const token = await newToken();
    const ak = String(decodeJwt(token).ak);
    const board = (competition: number) =>
      t.http
        .get("/odds")
        .query({ country: 1, competition, market: 1, k: oddsChecksum(ak, { country: 1, competition, market: 1 }) })
        .set("authorization", `Bearer ${token}`);
    await writeStoreRun(t.api.db.kysely, FIXTURES, clock());
    clock.advance(5 * 60_000);
    await t.api.odds.refresh();
    expect(((await board(1)).body.data as OddsResponse).events).toEqual([]);
    const [inter] = ((await board(CHAMPIONS_LEAGUE)).body.data as OddsResponse).events;
    expect(inter?.markets[0]?.odds.map((o) => [o.provider, o.stale])).toEqual([
      [2, true],
      [3, true],
      [4, true],
    ]);
    const detail = await t.http.get(`/odds/events/${encodeURIComponent(inter!.id)}`).set("authorization", `Bearer ${token}`);
    expect(detail.body.data.event.markets[0].odds.length).toBe(3);
    clock.advance(6 * 60_000);
    await t.api.odds.refresh();
    expect(((await board(CHAMPIONS_LEAGUE)).body.data as OddsResponse).events).toEqual([]);
  });
});
