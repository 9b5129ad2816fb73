import { afterEach, describe, expect, it } from "vitest";
import type { OddsResponse } from "#shared/contract.ts";
import { feedHealth, latestFeedRuns } from "#api/feeds/collector/feed-runs.ts";
import { bet9ja } from "#api/feeds/bookmakers/bet9ja/bet9ja.ts";
import { BOOKMAKER_ID_BY_KEY } from "#api/feeds/types.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { startPipeline, type PipelineOptions } from "../helpers/pipeline.ts";

/** Sunday 22 November 2026, 08:21 UTC, as in the pipeline suite. */
const START = Date.UTC(2026, 10, 22, 8, 21);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: PipelineOptions = {}) {
  const database: TestDatabase = await createTestDatabase("sqlite");
  const t: TestApi = await startTestApi(database, undefined, testClock(START));
  const pipeline = await startPipeline(t, options);
  cleanups.push(async () => {
    await pipeline.close();
    await t.close();
    await database.drop();
  });
  return { t, pipeline, db: t.api.db.kysely };
}

/** What the odds cache serves now (the endpoints answer these very bodies). */
function served(t: TestApi, competition: number, market: number): OddsResponse {
  return JSON.parse(t.api.odds.cache.odds(competition, market)!.json).data as OddsResponse;
}
const summary = (t: TestApi) => JSON.parse(t.api.odds.cache.summary().json).data as { numBookmakers: number; numEvents: number };
const providersIn = (response: OddsResponse) => [...new Set(response.events.flatMap((e) => e.markets[0]!.odds.map((o) => o.provider)))].sort();

describe("a slow bookmaker", () => {
  it("does not hold up the others: they are written and served at once, and it is abandoned when its time runs out", async () => {
    const siteAnswers = deferred();
    const expiries: (() => void)[] = [];
    const { t, pipeline, db } = await setUp({
      // Bet9ja's site answers only when the test lets it.
      simulatorSleep: () => siteAnswers.promise,
      // A bookmaker's time runs out only when the test says so.
      budgetTimer: () => new Promise<void>((resolve) => expiries.push(resolve)),
    });
    pipeline.simulator.sim.setFault("bet9ja", { kind: "slow", delayMs: 60_000 });

    let settled = false;
    const cycle = pipeline.runCycle().finally(() => (settled = true));
    await pipeline.writes(4);

    expect(pipeline.written.sort()).toEqual(["1xbet", "betking", "nairabet", "sportybet"]);
    expect(settled).toBe(false);
    expect(summary(t).numBookmakers).toBe(4);
    for (const competition of [1, 2, 3, 4]) expect(providersIn(served(t, competition, 1))).toEqual([2, 3, 4, 5]);
    const runs = await db.selectFrom("feed_runs").select(["bookmaker", "ok"]).execute();
    expect(new Set(runs.map((r) => r.bookmaker))).toEqual(new Set(["1xbet", "betking", "nairabet", "sportybet"]));

    for (const expire of expiries.splice(0)) expire();
    const report = await cycle;
    const bet9ja = report.bookmakers.find((b) => b.key === "bet9ja")!;
    expect(bet9ja).toMatchObject({ ok: false, abandoned: true, failed: true, offers: 0 });
    expect(bet9ja.error).toMatch(/abandoned after \d+ ms/);
    expect(pipeline.collector.breaker.failures("bet9ja")).toBe(1);
    const abandoned = await db.selectFrom("feed_runs").selectAll().where("bookmaker", "=", "bet9ja").execute();
    expect(abandoned).toHaveLength(4);
    expect(abandoned.every((r) => r.ok === 0 && /abandoned/.test(r.error ?? ""))).toBe(true);
    siteAnswers.resolve();

    // Once it answers in time again it is back, its first prices served with the others.
    pipeline.simulator.sim.setFault("bet9ja", null);
    (t.clock as ReturnType<typeof testClock>).advance(MINUTE);
    const next = await pipeline.runCycle();
    expect(next.bookmakers.every((b) => b.ok)).toBe(true);
    expect(summary(t).numBookmakers).toBe(5);
    expect(pipeline.collector.breaker.failures("bet9ja")).toBe(0);
  }, 60_000);
});

describe("Bet9ja's per-event calls", () => {
  it("rotate through the events, about half a cycle, and keep every event's BTTS fresh", async () => {
    const { t, pipeline, db } = await setUp();
    const clock = t.clock as ReturnType<typeof testClock>;
    const first = (await pipeline.runCycle()).bookmakers.find((b) => b.key === "bet9ja")!;
    // Nothing known yet: every event is called once.
    expect(first.eventCalls).toBe(first.offers);
    const confirmations: number[][] = [];
    for (let cycle = 1; cycle <= 4; cycle++) {
      clock.advance(MINUTE);
      const bet9ja = (await pipeline.runCycle()).bookmakers.find((b) => b.key === "bet9ja")!;
      expect(bet9ja.eventCalls).toBe(Math.ceil(bet9ja.offers / 2));
      expect(bet9ja.eventFailures).toBe(0);
      // Every event Bet9ja lists still shows its BTTS: the uncalled half is carried, not dropped.
      const listed = await db.selectFrom("prices").select("event_id").distinct().where("bookmaker", "=", BOOKMAKER_ID_BY_KEY.bet9ja).where("market_id", "!=", 7).execute();
      expect(listed).toHaveLength(bet9ja.offers);
      const bet9jaLists = new Set(listed.map((r) => r.event_id));
      let shown = 0;
      for (const competition of [1, 2, 3, 4]) {
        for (const event of served(t, competition, 7).events.filter((e) => bet9jaLists.has(e.id))) {
          expect(event.markets[0]!.odds.map((o) => o.provider), event.name).toContain(BOOKMAKER_ID_BY_KEY.bet9ja);
          shown += 1;
        }
      }
      expect(shown).toBe(bet9ja.offers);
      const rows = await db.selectFrom("prices").select("confirmed_at").where("bookmaker", "=", BOOKMAKER_ID_BY_KEY.bet9ja).where("market_id", "=", 7).execute();
      confirmations.push(rows.map((r) => r.confirmed_at));
    }
    // Carried prices are not confirmed by the cycles that skip them, yet none is older than two cycles.
    const now = t.clock();
    const last = confirmations.at(-1)!;
    expect(last.some((at) => at === now)).toBe(true);
    expect(last.some((at) => at < now)).toBe(true);
    expect(Math.min(...last)).toBeGreaterThanOrEqual(now - 2 * MINUTE);
  }, 60_000);

  it("count their failures in the run, give up after three in a row, and count towards the circuit breaker", async () => {
    const { t, pipeline, db } = await setUp();
    await pipeline.runCycle();
    const before = await db.selectFrom("prices").select(["event_id", "selection_type_id", "price", "confirmed_at"]).where("bookmaker", "=", 1).where("market_id", "=", 7).orderBy("event_id").orderBy("selection_type_id").execute();
    pipeline.simulator.sim.setFault("bet9ja", { kind: "malformed", path: /\/GetEvent$/ });
    (t.clock as ReturnType<typeof testClock>).advance(MINUTE);

    const bet9ja = (await pipeline.runCycle()).bookmakers.find((b) => b.key === "bet9ja")!;

    expect(bet9ja).toMatchObject({ ok: true, eventCalls: 3, eventFailures: 3, failed: true });
    expect(pipeline.collector.breaker.failures("bet9ja")).toBe(1);
    const runs = await db.selectFrom("feed_runs").selectAll().where("bookmaker", "=", "bet9ja").where("started_at", "=", t.clock()).execute();
    expect(runs.reduce((n, r) => n + r.event_failures, 0)).toBe(3);
    expect(runs.reduce((n, r) => n + r.event_calls, 0)).toBe(3);
    // The league prices are confirmed; the BTTS prices are kept as they were, unconfirmed.
    const oneXTwo = await db.selectFrom("prices").select("confirmed_at").where("bookmaker", "=", 1).where("market_id", "=", 1).execute();
    expect(oneXTwo.every((r) => r.confirmed_at === t.clock())).toBe(true);
    const after = await db.selectFrom("prices").select(["event_id", "selection_type_id", "price", "confirmed_at"]).where("bookmaker", "=", 1).where("market_id", "=", 7).orderBy("event_id").orderBy("selection_type_id").execute();
    expect(after).toEqual(before);
  }, 60_000);
});

describe("a site that turns the collector away (decision 012)", () => {
  it.each([
    ["a 403 challenge page", { kind: "forbidden" as const }],
    ["a challenge page in a 200", { kind: "challenge" as const }],
  ])("reports %s as blocked, not as a parse error, in the cycle report, the feed runs, feed health and metrics", async (_name, fault) => {
    const { pipeline, db } = await setUp();
    pipeline.simulator.sim.setFault("betking", fault);

    const report = await pipeline.runCycle();

    const betking = report.bookmakers.find((b) => b.key === "betking")!;
    expect(betking).toMatchObject({ ok: false, blocked: true, failed: true, offers: 0 });
    expect(betking.error).toMatch(/^blocked: /);
    expect(report.bookmakers.filter((b) => b.key !== "betking").every((b) => b.ok && !b.blocked)).toBe(true);
    const runs = await db.selectFrom("feed_runs").select(["error"]).where("bookmaker", "=", "betking").execute();
    expect(runs).toHaveLength(4);
    expect(runs.every((r) => /blocked: /.test(r.error ?? ""))).toBe(true);
    const health = await feedHealth(db);
    expect(health.find((h) => h.bookmaker === "betking")).toMatchObject({ blocked: true, offers: 0, lastSuccessAt: undefined });
    expect(health.find((h) => h.bookmaker === "sportybet")).toMatchObject({ blocked: false, lastSuccessAt: START });
    const metrics = await pipeline.collector.deps.metrics.registry.metrics();
    expect(metrics).toContain('afriodds_feed_blocked{bookmaker="betking"} 1');
    expect(metrics).toContain('afriodds_feed_blocked{bookmaker="sportybet"} 0');
  }, 60_000);
});

describe("the markets the collector writes (docs/design.md, Catalogue steps, step 7)", () => {
  it("are every market the adapters read: every catalogue type at the books that quote it (markets beyond 15 among them), 1UP and 2UP at SportyBet only", async () => {
    const { t, pipeline, db } = await setUp();
    const now = new Date(t.clock());
    const [request] = bet9ja.leagueRequests(pipeline.simulator.baseUrl("bet9ja"), 1, now);
    const listing = bet9ja.parseLeague(await (await fetch(request!.url, { headers: request!.headers })).text(), 1, now);
    expect(listing.ok && listing.offers.some((o) => o.prices.some((p) => p.marketId === 9))).toBe(true);

    await pipeline.runCycle();

    const rows = await db.selectFrom("prices").select(["market_id", "bookmaker"]).distinct().execute();
    const booksOf = (market: number) => [...new Set(rows.filter((r) => r.market_id === market).map((r) => r.bookmaker))].sort();
    const markets = [...new Set(rows.map((r) => r.market_id))].sort((a, b) => a - b);
    // Every market of every type but the Asian handicap's, whose lines are hung where the match is near balanced.
    const everyLine = [...Array.from({ length: 28 }, (_, i) => i + 1), 50, 51, 52, 53];
    expect(markets).toEqual(expect.arrayContaining(everyLine));
    expect(markets.filter((m) => m >= 29 && m <= 49).length).toBeGreaterThan(8);
    expect(markets.every((m) => m >= 1 && m <= 54)).toBe(true);

    const { sportybet, bet9ja: bet9jaId, betking, nairabet, "1xbet": onexbet } = BOOKMAKER_ID_BY_KEY;
    const sorted = (...ids: number[]) => ids.sort();
    // The four families at all five; team totals, HT/FT, correct score and handicaps at the three that map them.
    expect(booksOf(1)).toEqual(sorted(sportybet, bet9jaId, betking, nairabet, onexbet));
    for (const market of [10, 13, 23, 24, 26]) expect(booksOf(market), `market ${market}`).toEqual(sorted(sportybet, bet9jaId, betking));
    // Half totals, Draw No Bet, first-half 1X2 and either half at SportyBet and Bet9ja.
    for (const market of [16, 19, 21, 22, 50, 51]) expect(booksOf(market), `market ${market}`).toEqual(sorted(sportybet, bet9jaId));
    // 1UP and 2UP: SportyBet's alone.
    expect(booksOf(52)).toEqual([sportybet]);
    expect(booksOf(53)).toEqual([sportybet]);
    // NairaBet and 1xBet quote the four families only (markets 1-9).
    expect(rows.filter((r) => (r.bookmaker === nairabet || r.bookmaker === onexbet) && r.market_id > 9)).toEqual([]);
    const changed = await db.selectFrom("odds_changes").select("market_id").distinct().execute();
    expect(changed.some((r) => r.market_id > 15)).toBe(true);
  }, 60_000);
});

describe("the collector's housekeeping", () => {
  it("records a run per bookmaker and league, and reads back each bookmaker's latest for the feeds report", async () => {
    const { t, pipeline, db } = await setUp();
    await pipeline.runCycle();
    (t.clock as ReturnType<typeof testClock>).advance(MINUTE);
    await pipeline.runCycle();

    const { lastRunAt, runs } = await latestFeedRuns(db);

    expect([...lastRunAt.keys()].sort()).toEqual(["1xbet", "bet9ja", "betking", "nairabet", "sportybet"]);
    expect([...lastRunAt.values()].every((at) => at === t.clock())).toBe(true);
    expect(runs.map((r) => `${r.bookmaker}:${r.competition_id}`)).toEqual(
      ["1xbet", "bet9ja", "betking", "nairabet", "sportybet"].flatMap((b) => [1, 2, 3, 4].map((c) => `${b}:${c}`)),
    );
    expect(runs.every((r) => r.started_at === t.clock() && r.ok === 1)).toBe(true);
    expect(await db.selectFrom("feed_runs").select("id").execute()).toHaveLength(40);
  }, 60_000);

  it("asks SportyBet each league with the tournament-filtered pcEvents, unaffected by the paged list's page size", async () => {
    const { pipeline } = await setUp({ maxPageSize: 7 });
    const listed = pipeline.simulator.sim.listing("sportybet").length;
    expect(listed).toBeGreaterThan(21);
    const sportybet = (await pipeline.runCycle()).bookmakers.find((b) => b.key === "sportybet")!;
    expect(sportybet.ok).toBe(true);
    expect(sportybet.offers).toBe(listed);
  }, 60_000);

  it("records each bookmaker's changed prices per league, prunes old run records at the end of a cycle, and keeps an upcoming event's history however old", async () => {
    const { t, pipeline, db } = await setUp();
    await pipeline.runCycle();
    const event = await db.selectFrom("events").select("id").limit(1).executeTakeFirstOrThrow();
    const old = { bookmaker: "bet9ja", competition_id: 1, finished_at: 0, ok: 1, offers: 0, prices: 0, changed: 0, error: null, unmatched: "[]" };
    await db.insertInto("feed_runs").values([
      { ...old, id: "eight-days-old", started_at: START - 8 * DAY },
      { ...old, id: "six-days-old", started_at: START - 6 * DAY },
    ]).execute();
    const history = { event_id: event.id, bookmaker: 9, market_id: 1, selection_type_id: 1, price: 2 };
    await db.insertInto("price_history").values([
      { ...history, recorded_at: START - 15 * DAY },
      { ...history, recorded_at: START - 13 * DAY },
    ]).execute();

    (t.clock as ReturnType<typeof testClock>).advance(15 * MINUTE);
    const report = await pipeline.runCycle();

    const changed = report.bookmakers.reduce((n, b) => n + b.changed, 0);
    expect(changed).toBeGreaterThan(0);
    const runs = await db.selectFrom("feed_runs").select(["bookmaker", "changed"]).where("started_at", "=", t.clock()).execute();
    expect(runs.reduce((n, r) => n + r.changed, 0)).toBe(changed);
    for (const b of report.bookmakers) expect(runs.filter((r) => r.bookmaker === b.key).reduce((n, r) => n + r.changed, 0)).toBe(b.changed);
    const ids = (await db.selectFrom("feed_runs").select("id").where("id", "in", ["eight-days-old", "six-days-old"]).execute()).map((r) => r.id);
    expect(ids).toEqual(["six-days-old"]);
    // History leaves only with its event, 14 days after kick-off (docs/design.md, Collector).
    const kept = await db.selectFrom("price_history").select("recorded_at").where("bookmaker", "=", 9).orderBy("recorded_at").execute();
    expect(kept.map((r) => r.recorded_at)).toEqual([START - 15 * DAY, START - 13 * DAY]);
  }, 60_000);
});
