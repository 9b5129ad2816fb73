import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_EVENTS_MS } from "#api/feeds/collector/cycle.ts";
import { oddsChecksum } from "#shared/checksum.ts";
import type { MarketHistory, MatchDetail, OddsEvent } from "#shared/contract.ts";
import { MARKETS } from "#shared/reference.ts";
import { marketMargin } from "#shared/math/odds-math.ts";
import { catalogueMarkets } from "#api/catalogue/market-descriptors.ts";
import { descriptorOf } from "#client/match/market-stats.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startPipeline } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const MINUTE = 60_000;
/** As in the pipeline suite: a fixed start keeps the seeded simulator's fixtures and prices the same. */
const START = Date.UTC(2026, 10, 22, 8, 21);
/** Each bookmaker's site, by our bookmaker id. */
const HOSTS: Record<number, string> = { 1: "sports.bet9ja.com", 2: "m.betking.com", 3: "www.sportybet.com", 4: "nairabet.com", 5: "1xbet.ng" };

describe.each(dialects)("the match page's data from the simulated feeds on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let pipeline: Awaited<ReturnType<typeof startPipeline>>;
  let token = "";
  /** A Premier League event after the first cycle. */
  let event: OddsEvent;

  async function bearer() {
    if ((decodeJwt(token || "e30.e30.e30").exp ?? 0) * 1000 <= t.clock() + MINUTE) {
      const account = newAccount();
      await t.http.put("/users/register").send(account);
      token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
    }
    return { authorization: `Bearer ${token}` };
  }
  const get = async (path: string) => t.http.get(path).set(await bearer());
  async function listing(market: number): Promise<OddsEvent[]> {
    const auth = await bearer();
    const k = oddsChecksum(String(decodeJwt(token).ak), { country: 1, competition: 1, market });
    return (await t.http.get(`/odds?country=1&competition=1&market=${market}&k=${k}`).set(auth)).body.data.events as OddsEvent[];
  }
  const detail = async (id: string) => (await get(`/odds/events/${encodeURIComponent(id)}`)).body.data as MatchDetail;
  const history = async (id: string, market: number) => (await get(`/odds/events/${encodeURIComponent(id)}/history?market=${market}`)).body.data as MarketHistory;
  const advanceTo = (at: number) => (t.clock as ReturnType<typeof testClock>).advance(at - t.clock());

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, testClock(START));
    pipeline = await startPipeline(t);
    await pipeline.runCycle();
    // The soonest one every bookmaker lists (the simulator leaves one bookmaker off some fixtures).
    event = (await listing(1)).find((e) => e.markets[0]!.odds.length === 5)!;
  });
  afterAll(async () => {
    await pipeline?.close();
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  it("answers every market the listing shows for the event, each price with an opening price equal to its history's first point", async () => {
    const data = await detail(event.id);
    const listed = [];
    for (const market of MARKETS) {
      const same = (await listing(market.id)).find((e) => e.id === event.id);
      if (same) listed.push(same.markets[0]!);
    }
    expect(data.event.markets.filter((m) => m.marketId <= 8).map((m) => m.marketId)).toEqual(listed.map((m) => m.marketId));
    expect(listed).toHaveLength(8);
    // Beyond the eight, the markets the simulated books quote (Over/Under 5.5, team totals), each named by the catalogue.
    const beyond = data.event.markets.filter((m) => m.marketId > 8);
    expect(beyond.length).toBeGreaterThan(0);
    expect(beyond.filter((m) => !m.name || !m.selections?.length)).toEqual([]);
    expect(data.event.markets.filter((m) => m.marketId <= 8).every((m) => m.name === undefined)).toBe(true);
    // Every market carries its picker group (docs/design.md, Market groups); beyond the eight its shape too.
    const groups = new Map(data.event.markets.map((m) => [m.marketId, m.group]));
    expect([1, 4, 7, 8].map((id) => groups.get(id))).toEqual(["main", "goals", "main", "main"]);
    const catalogue = t.api.catalogue.current();
    const typeOf = (marketId: number) => catalogue.types.get(catalogue.markets.get(marketId)!.typeId)!;
    expect(beyond.map((m) => [m.marketId, m.group, m.shape])).toEqual(beyond.map((m) => [m.marketId, typeOf(m.marketId).group, typeOf(m.marketId).shape]));
    // The simulated books quote every group beyond the eight, SportyBet's book-only 1UP and 2UP among them.
    expect(new Set(beyond.map((m) => m.group))).toEqual(new Set(["goals", "halves", "teams", "specials", "main"]));
    expect(beyond.filter((m) => m.bookOnly !== undefined).map((m) => [m.marketId, m.bookOnly])).toEqual(beyond.filter((m) => typeOf(m.marketId).bookOnly !== null).map((m) => [m.marketId, 3]));
    expect(beyond.some((m) => m.bookOnly !== undefined)).toBe(true);
    expect(beyond.filter((m) => m.coverage !== undefined)).toEqual([]);
    // Each book's margin is the API's with the catalogue's descriptor, and the page's descriptor built
    // from the answer is the catalogue's (decision 055), so Highest, Average and payout read alike.
    const lookup = catalogueMarkets(t.api.catalogue.current());
    for (const market of data.event.markets) {
      const catalogued = lookup(market.marketId)!;
      const { exclusive: _e, ...read } = descriptorOf(market);
      const { exclusive: _x, ...expected } = catalogued;
      expect(read, `market ${market.marketId}`).toEqual({ ...expected, selections: [...expected.selections] });
      for (const row of market.odds) expect(row.margin, `market ${market.marketId}, book ${row.provider}`).toBe(marketMargin(catalogued, row.odds));
    }
    for (const market of data.event.markets) {
      const series = (await history(event.id, market.marketId)).series;
      for (const row of market.odds) {
        for (const price of row.odds) {
          const points = series.find((s) => s.provider === row.provider && s.selectionTypeId === price.selectionTypeId)!.points;
          expect(points[0]![1], `market ${market.marketId} provider ${row.provider}`).toBe(price.opening);
          expect(points.at(-1)![1]).toBe(price.value);
        }
      }
    }
  });

  it("links every bookmaker's own event page, built from the ids its feed carries, with no parameters", async () => {
    const { links } = (await detail(event.id)).event;
    const rows = await t.api.db.kysely.selectFrom("event_links").select(["bookmaker", "external_id"]).where("event_id", "=", event.id).orderBy("bookmaker").execute();
    expect(rows.map((r) => r.bookmaker)).toEqual([1, 2, 3, 4, 5]);
    expect(links.map((l) => [l.provider, l.exact])).toEqual([[1, true], [2, true], [3, true], [4, true], [5, true]]);
    for (const link of links) {
      const url = new URL(link.url);
      expect(url.protocol).toBe("https:");
      expect(url.host).toBe(HOSTS[link.provider]);
      expect(url.search + url.hash).toBe("");
      const externalId = rows.find((r) => r.bookmaker === link.provider)!.external_id;
      expect(url.pathname.includes(`/${externalId}`), `${link.url} names ${externalId}`).toBe(true);
    }
  });

  it("keeps the opening price while prices move, and adds each change to the history", async () => {
    const openings = (d: MatchDetail) =>
      new Map(d.event.markets.flatMap((m) => m.odds.flatMap((o) => o.odds.map((p) => [`${m.marketId}:${o.provider}:${p.selectionTypeId}`, p] as const))));
    // Every market the page shows, the eight and those beyond.
    const shown = (await detail(event.id)).event.markets.map((m) => m.marketId);
    const histories = async () => {
      const all = new Map<string, [number, number][]>();
      for (const id of shown) for (const s of (await history(event.id, id)).series) all.set(`${id}:${s.provider}:${s.selectionTypeId}`, s.points);
      return all;
    };
    const before = openings(await detail(event.id));
    const pointsBefore = await histories();
    // The simulator reprices a few markets every 5 minutes.
    for (let step = 0; step < 3; step += 1) {
      (t.clock as ReturnType<typeof testClock>).advance(5 * MINUTE);
      await pipeline.runCycle();
    }
    const after = openings(await detail(event.id));
    const pointsAfter = await histories();
    const grown = [...pointsAfter].filter(([key, points]) => points.length > (pointsBefore.get(key)?.length ?? 0));
    expect(grown.length).toBeGreaterThan(0);
    for (const [key, price] of after) {
      if (before.has(key)) expect(price.opening, key).toBe(before.get(key)!.opening);
      const points = pointsAfter.get(key)!;
      expect(points[0]![1], key).toBe(price.opening);
      expect(points.at(-1)![1], key).toBe(price.value);
      expect(points.map((p) => p[0])).toEqual(points.map((p) => p[0]).sort((a, b) => a - b));
    }
  }, 60_000);

  it("answers 404 for an unknown event and 400 for a market the catalogue does not list", async () => {
    expect((await get("/odds/events/c1:2026-11-28:nobody+none")).status).toBe(404);
    expect((await get(`/odds/events/${encodeURIComponent(event.id)}/history?market=9`)).status).toBe(200);
    const bad = await get(`/odds/events/${encodeURIComponent(event.id)}/history?market=9999`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");
  });

  it("keeps a started event's page readable (started, prices as last seen) while it leaves the listing, until it is pruned 14 days after kick-off", async () => {
    const kickoff = Date.parse(event.date);
    advanceTo(kickoff - MINUTE);
    await pipeline.runCycle();
    advanceTo(kickoff + MINUTE);
    await pipeline.runCycle();
    expect((await listing(1)).map((e) => e.id)).not.toContain(event.id);
    const started = (await detail(event.id)).event;
    expect(started.started).toBe(true);
    expect(started.markets.length).toBeGreaterThan(0);
    expect(started.links).toHaveLength(5);

    advanceTo(kickoff + KEEP_EVENTS_MS - MINUTE);
    await pipeline.runCycle();
    expect((await get(`/odds/events/${encodeURIComponent(event.id)}`)).status).toBe(200);

    advanceTo(kickoff + KEEP_EVENTS_MS + MINUTE);
    await pipeline.runCycle();
    const gone = await get(`/odds/events/${encodeURIComponent(event.id)}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("NOT_FOUND");
    expect((await get(`/odds/events/${encodeURIComponent(event.id)}/history?market=1`)).status).toBe(404);
    for (const table of ["prices", "price_history", "event_links"] as const) {
      expect(await t.api.db.kysely.selectFrom(table).select("event_id").where("event_id", "=", event.id).execute(), table).toEqual([]);
    }
  }, 60_000);
});
