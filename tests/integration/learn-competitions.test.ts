import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, type ApiInstance } from "#api/app.ts";
import { learntRows } from "#api/catalogue/learn-repository.ts";
import { learnFromBoards } from "#api/catalogue/learn-cycle.ts";
import { learnState } from "#api/catalogue/learn.ts";
import { OperatorError, operatorJoin, operatorRename, operatorSplit } from "#api/catalogue/operator.ts";
import { loadApiConfig } from "#api/config.ts";
import { useFeedCatalogue } from "#api/feeds/bookmakers/feed-catalogue.ts";
import { createCollector, runCycle } from "#api/feeds/collector/cycle.ts";
import { learntRowLines } from "#api/feeds/collector/reports.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { feedSources } from "#api/feeds/runtime.ts";
import { startSimulator } from "#api/feeds/simulator/index.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS } from "#api/feeds/types.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";

const dialects = await testDialects();
/** Friday 27 November 2026, 06:00 UTC: the simulated weekend's whole board lies ahead. */
const FRIDAY = Date.UTC(2026, 10, 27, 6);

const opened: { database: TestDatabase; api: ApiInstance }[] = [];
afterEach(async () => {
  for (const { database, api } of opened.splice(0)) {
    await api.close();
    await database.drop();
  }
});

async function seededApi(dialect: "sqlite" | "postgres") {
  const database = await createTestDatabase(dialect);
  const api = await createApi(loadApiConfig({ NODE_ENV: "test", API_PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.url, FEEDS: "off", LOG_LEVEL: "silent" }));
  opened.push({ database, api });
  return api;
}

describe.each(dialects)("learning competitions on %s (docs/design.md, Catalogue steps, step 4)", (dialect) => {
  it("reads every book's board each cycle beside the leagues, learns its competitions, and still prices competitions 1-4 only", async () => {
    const api = await seededApi(dialect);
    let now = FRIDAY;
    const simulator = await startSimulator({ seed: 42, now: () => now, world: "board" });
    const fetcher = createFetcher({ retries: 1, backoffMs: 1, bodyTimeoutMs: 20_000, sleep: async () => undefined });
    const collector = createCollector({ sources: feedSources((key) => simulator.baseUrl(key)), fetcher, db: api.db.kysely, clock: () => now, logger: pino({ level: "silent" }), politeDelayMs: [0, 0], learnCompetitions: true });
    const reports = [];
    try {
      for (let cycle = 0; cycle < 4; cycle += 1) {
        useFeedCatalogue(await api.catalogue.reload());
        reports.push(await runCycle(collector));
        now += 60_000;
      }
    } finally {
      useFeedCatalogue(undefined);
      await fetcher.close();
      await simulator.close();
    }
    expect(reports.map((r) => r.bookmakers.map((b) => b.ok))).toEqual(reports.map(() => BOOKMAKER_KEYS.map(() => true)));
    expect(reports[0]?.learning?.counts.joined).toBeGreaterThan(600);
    const books = await api.db.kysely.selectFrom("competition_books").selectAll().execute();
    const competitions = await api.db.kysely.selectFrom("competitions").selectAll().execute();
    expect(competitions.length).toBeGreaterThan(150);
    expect(competitions.filter((c) => c.id > 4).every((c) => c.id >= 10_000)).toBe(true);
    // The seed's rows joined by the listings, and nothing of the board's priced yet.
    const seedRows = books.filter((b) => b.joined_by === "seed");
    expect(seedRows.map((b) => [b.competition_id, b.status, b.last_seen_at !== null])).toEqual(seedRows.map((b) => [b.competition_id, "joined", true]));
    const priced = await api.db.kysely.selectFrom("events").select("competition_id").distinct().execute();
    expect(priced.map((e) => e.competition_id).sort()).toEqual([1, 2, 3, 4]);
    // Every book's rows joined as world.json says: one competition of ours per competition of the world.
    const ours = new Map<string, Set<number | null>>();
    for (const book of BOOKMAKER_KEYS) {
      for (const listed of simulator.sim.board.listed(book, FRIDAY)) {
        const found = books.find((b) => b.bookmaker === BOOKMAKER_ID_BY_KEY[book] && b.book_id === listed.competition.id);
        if (found?.status !== "joined") continue;
        const key = listed.fixture.competition.key;
        ours.set(key, new Set([...(ours.get(key) ?? []), found.competition_id]));
      }
    }
    expect([...ours].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    expect(new Set([...ours.values()].map((ids) => [...ids][0])).size).toBe(ours.size);
    // A league only 1xBet lists appeared by itself in the fourth cycle, and the report lists it.
    expect(books.find((b) => b.bookmaker === BOOKMAKER_ID_BY_KEY["1xbet"] && b.book_id === "145198")).toMatchObject({ joined_by: "new", status: "joined" });
    expect(learntRowLines(await learntRows(api.db.kysely)).find((line) => line.includes("145198"))).toMatch(/Vietnam\. V\.League 1 \(Vietnam\).*-> \d+ V\.League 1/);
  }, 240_000);

  it("lets an operator join, split and rename; refuses bad input changing nothing; the rules never undo the operator", async () => {
    const api = await seededApi(dialect);
    const db = api.db.kysely;
    const atlantis = { bookId: "777", name: "Atlantis. Premier League", country: "Atlantis", upcoming: 1, fixtures: [{ home: "Poseidon FC", away: "Trident United", kickoff: FRIDAY + 86_400_000 }] };
    const state = learnState();
    const first = await learnFromBoards(db, [{ bookmaker: "1xbet", competitions: [atlantis] }], state, FRIDAY);
    expect(first.counts.held).toBe(1);
    const before = await db.selectFrom("competition_books").selectAll().orderBy("book_id").execute();
    await expect(operatorJoin(db, "1xbet", "777", 99_999)).rejects.toThrow(new OperatorError("no competition 99999"));
    await expect(operatorJoin(db, "bet365", "777", 1)).rejects.toThrow(/unknown bookmaker "bet365"/);
    await expect(operatorSplit(db, "1xbet", "778", FRIDAY)).rejects.toThrow(/1xbet has no competition row "778"/);
    await expect(operatorRename(db, 1, "  ")).rejects.toThrow(/blank/);
    await expect(operatorRename(db, 1, "EPL")).rejects.toThrow(/competition 1 is the seed's/);
    expect(await db.selectFrom("competition_books").selectAll().orderBy("book_id").execute()).toEqual(before);
    expect((await db.selectFrom("competitions").select("name").where("id", "=", 1).executeTakeFirstOrThrow()).name).toBe("Premier League (ENG)");

    await operatorJoin(db, "1xbet", "777", 1);
    for (let cycle = 1; cycle <= 4; cycle += 1) await learnFromBoards(db, [{ bookmaker: "1xbet", competitions: [atlantis] }], state, FRIDAY + cycle * 60_000);
    const joined = await db.selectFrom("competition_books").selectAll().where("book_id", "=", "777").executeTakeFirstOrThrow();
    expect(joined).toMatchObject({ competition_id: 1, joined_by: "operator", status: "joined" });

    const split = await operatorSplit(db, "1xbet", "777", FRIDAY);
    expect(split).toBeGreaterThanOrEqual(10_000);
    expect(await db.selectFrom("competitions").selectAll().where("id", "=", split).executeTakeFirstOrThrow()).toMatchObject({ key: "OTHER/atlantis-premier-league", name: "Atlantis. Premier League", region_id: null });
    await operatorRename(db, split, "Atlantean Premier League");
    expect((await db.selectFrom("competitions").select("name").where("id", "=", split).executeTakeFirstOrThrow()).name).toBe("Atlantean Premier League");
    expect(await db.selectFrom("competition_books").select(["competition_id", "joined_by"]).where("book_id", "=", "777").executeTakeFirstOrThrow()).toEqual({ competition_id: split, joined_by: "operator" });
  }, 60_000);
});
