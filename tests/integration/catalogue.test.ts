import { afterEach, describe, expect, it } from "vitest";
import { bookSelection, type Catalogue } from "#api/catalogue/catalogue.ts";
import { CATALOGUE_FILES, CatalogueFileError, parseCatalogueFiles, type RawCatalogueFiles } from "#api/catalogue/files.ts";
import { readCatalogueRows, writeCatalogue } from "#api/catalogue/repository.ts";
import { startCatalogue } from "#api/catalogue/start.ts";
import { createApi } from "#api/app.ts";
import { loadApiConfig } from "#api/config.ts";
import { openDatabase, type Db } from "#api/db/database.ts";
import { SELECTIONS, type MarketIds } from "#api/feeds/bookmakers/common.ts";
import { leagueIds } from "#api/feeds/bookmakers/leagues.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "#api/feeds/types.ts";
import { COMPETITIONS, MARKETS, competitionName, marketSelections, overUnderMarketId, selectionLabel } from "#shared/reference.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";

const dialects = await testDialects();
const T0 = Date.parse("2026-11-29T05:00:00Z");
const LINES = MARKETS.flatMap((m) => (m.line === null ? [] : [m.line]));

/** One mapping, as a book names it and as we do: "bookmaker market/outcome@line -> selection". */
type Mapping = string;
const mapping = (bookmaker: number, market: string | number, outcome: string | number, line: number | null, selection: number): Mapping =>
  `${bookmaker} ${market}/${outcome}${line === null ? "" : `@${line}`} -> ${selection}`;

/** Every mapping an adapter's own table makes, its totals at the lines we compare. */
function adapterMappings(bookmaker: number, ids: MarketIds<string | number>): Mapping[] {
  const fixed = Object.entries(ids.fixed).flatMap(([market, outcomes]) =>
    Object.entries(outcomes).map(([outcome, selection]) => mapping(bookmaker, market, outcome, null, selection.selectionTypeId)),
  );
  const totals = Object.entries(ids.totalSides).flatMap(([outcome, side]) =>
    LINES.map((line) => mapping(bookmaker, ids.totals, outcome, line, marketSelections(overUnderMarketId(line)!)[side === "over" ? 0 : 1]!)),
  );
  return [...fixed, ...totals].sort();
}

/**
 * The tables the adapters held as constants until step 2 (docs/design.md, Market catalogue: each
 * book's ids for the eight markets), kept here as what the catalogue's rows must say: the adapters
 * now read those rows, and their fixture tests, unchanged, show they read the same prices.
 */
const { home, draw, away, bttsYes, bttsNo, homeOrDraw, homeOrAway, drawOrAway } = SELECTIONS;
const ADAPTER_TABLES: Record<BookmakerKey, MarketIds<string>> = {
  bet9ja: {
    fixed: { S_1X2: { 1: home, X: draw, 2: away }, S_DC: { "1X": homeOrDraw, 12: homeOrAway, X2: drawOrAway }, S_GGNG: { Y: bttsYes, N: bttsNo } },
    totals: "S_OU",
    totalSides: { O: "over", U: "under" },
  },
  betking: {
    fixed: { 110: { 4: home, 2: draw, 5: away }, 146: { 9: homeOrDraw, 10: homeOrAway, 11: drawOrAway }, 302: { 74: bttsYes, 76: bttsNo } },
    totals: "160",
    totalSides: { 12: "over", 13: "under" },
  },
  sportybet: {
    fixed: { 1: { 1: home, 2: draw, 3: away }, 10: { 9: homeOrDraw, 10: homeOrAway, 11: drawOrAway }, 29: { 74: bttsYes, 76: bttsNo } },
    totals: "18",
    totalSides: { 12: "over", 13: "under" },
  },
  nairabet: {
    fixed: { 1: { 1: home, 2: draw, 3: away }, 10: { 9: homeOrDraw, 10: homeOrAway, 11: drawOrAway }, 29: { 74: bttsYes, 76: bttsNo } },
    totals: "18",
    totalSides: { 12: "over", 13: "under" },
  },
  "1xbet": {
    fixed: { 1: { 1: home, 2: draw, 3: away }, 8: { 4: homeOrDraw, 5: homeOrAway, 6: drawOrAway }, 19: { 180: bttsYes, 181: bttsNo } },
    totals: "17",
    totalSides: { 9: "over", 10: "under" },
  },
};

/** Every mapping the catalogue makes for a book: each outcome row at each live market of its type. */
function catalogueMappings(catalogue: Catalogue, bookmaker: number): Mapping[] {
  return catalogue.rows.outcomeBooks
    .filter((o) => o.bookmaker === bookmaker && o.retired_at === null)
    .flatMap((o) =>
      [...catalogue.markets.values()]
        .filter((m) => m.typeId === o.type_id && !m.retired)
        .map((m) => mapping(bookmaker, o.book_market, o.book_outcome, m.line, bookSelection(catalogue, bookmaker, o.book_market, o.book_outcome, m.line)!.selectionTypeId)),
    )
    .sort();
}

/** The build's files with markets.json changed by `edit` (a deep copy: the build's own stay as they are). */
function filesWith(edit: (markets: { types: { key: string; books: { bookmaker: string; outcomes: Record<string, string> }[] }[] }) => void): RawCatalogueFiles {
  const markets = structuredClone(CATALOGUE_FILES.markets) as Parameters<typeof edit>[0];
  edit(markets);
  return { ...CATALOGUE_FILES, markets };
}

describe.each(dialects)("the catalogue on %s", (dialect) => {
  const opened: { database: TestDatabase; db: Db }[] = [];
  async function freshDatabase(): Promise<Db> {
    const database = await createTestDatabase(dialect);
    const db = await openDatabase(database.url);
    opened.push({ database, db });
    return db;
  }
  afterEach(async () => {
    for (const { db, database } of opened.splice(0)) {
      await db.close();
      await database.drop();
    }
  });

  it("is written when the API starts: the four leagues with each book's ids, the eight markets with their selections as the constants have them, and the compared markets after them", async () => {
    const database = await createTestDatabase(dialect);
    const config = loadApiConfig({ NODE_ENV: "test", API_PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.url, FEEDS: "off", LOG_LEVEL: "silent" });
    const api = await createApi(config);
    try {
      const catalogue = api.catalogue.current();
      expect(catalogue.rows.competitions.map((c) => [c.id, c.name, c.status])).toEqual(COMPETITIONS.map((c) => [c.id, competitionName(c.id), "active"]));
      for (const { id } of COMPETITIONS) {
        const books = catalogue.rows.competitionBooks.filter((b) => b.competition_id === id);
        const ids = Object.fromEntries(books.map((b) => [b.bookmaker, b.book_id]));
        const expected = leagueIds(id)!;
        expect(ids).toEqual({ 1: String(expected.bet9ja), 2: String(expected.betking), 3: expected.sportybet, 4: String(expected.nairabet), 5: String(expected.onexbet) });
        expect(books.every((b) => b.joined_by === "seed" && b.status === "joined")).toBe(true);
        expect(`sr:tournament:${catalogue.competitions.get(id)!.sr_tournament}`).toBe(expected.sportybet);
      }
      const eight = [...catalogue.markets.values()].filter((m) => m.id <= 8);
      expect(eight.map((m) => [m.id, m.code, m.name, m.line, m.selections])).toEqual(MARKETS.map((m) => [m.id, m.code, m.label, m.line, [...m.selections]]));
      expect(eight.map((m) => catalogue.types.get(m.typeId)!.coverage)).toEqual(MARKETS.map((m) => m.outcomesPerSelection));
      expect(catalogue.rows.selections.filter((s) => s.id <= 18).map((s) => [s.id, s.label])).toEqual(MARKETS.flatMap((m) => m.selections.map((id) => [id, selectionLabel(id)])));
      // The compared markets beyond the eight (docs/design.md, Market catalogue): 18 types, markets 9-54, selections 19-148.
      expect([catalogue.types.size, catalogue.markets.size, catalogue.rows.selections.length]).toEqual([18, 54, 148]);
      expect(catalogue.types.get(17)).toMatchObject({ key: "ft-1up", bookOnly: BOOKMAKER_ID_BY_KEY.sportybet, exclusive: false, settle: { rule: "by-hand" } });
    } finally {
      await api.close();
      await database.drop();
    }
  });

  it("maps each book's markets 1-8 and their outcomes as the adapters' tables did before they read it, both ways", async () => {
    const catalogue = (await startCatalogue((await freshDatabase()).kysely, { clock: () => T0 })).current();
    const ofTheEight = (m: Mapping) => Number(m.slice(m.lastIndexOf(" ") + 1)) <= 18;
    for (const [key, table] of Object.entries(ADAPTER_TABLES)) {
      const bookmaker = BOOKMAKER_ID_BY_KEY[key as BookmakerKey];
      expect(catalogueMappings(catalogue, bookmaker).filter(ofTheEight), key).toEqual(adapterMappings(bookmaker, table));
    }
  });

  it("gives a learnt competition, market or selection an id above the hand-given ranges", async () => {
    const db = await freshDatabase();
    await startCatalogue(db.kysely, { clock: () => T0 });
    const competition = await db.kysely
      .insertInto("competitions")
      .values({ key: "NGA/npfl", name: "NPFL", region_id: null, kind: "league", tier: 1, sr_tournament: null, status: "active", merged_into: null, rank: 100, created_at: T0, last_listed_at: T0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const market = await db.kysely.insertInto("markets").values({ type_id: 2, line_x100: 750, code: "OU7.5", name: "OU7.5", retired_at: null }).returning("id").executeTakeFirstOrThrow();
    const selection = await db.kysely.insertInto("selections").values({ market_id: market.id, outcome: "over", label: "Over 7.5", ord: 0, retired_at: null }).returning("id").executeTakeFirstOrThrow();
    expect([competition.id, market.id, selection.id]).toEqual([10_000, 100_000, 1_000_000]);
  });

  it("changes nothing when started twice: same rows, same version", async () => {
    const db = await freshDatabase();
    const first = (await startCatalogue(db.kysely, { clock: () => T0 })).current();
    const before = await readCatalogueRows(db.kysely);
    const second = (await startCatalogue(db.kysely, { clock: () => T0 + 86_400_000 })).current();
    expect(await readCatalogueRows(db.kysely)).toEqual(before);
    expect(second.version).toBe(first.version);
    const writes = await writeCatalogue(db.kysely, parseCatalogueFiles(CATALOGUE_FILES), T0 + 2 * 86_400_000);
    expect(Object.values(writes).every((count) => count.inserted + count.updated + count.retired === 0)).toBe(true);
  });

  it("marks a row the files no longer list retired, never deletes it, and takes it back when listed again, as a reload reads", async () => {
    const db = await freshDatabase();
    const full = (await startCatalogue(db.kysely, { clock: () => T0 })).current();
    const dropped = filesWith((markets) => {
      const btts = markets.types.find((t) => t.key === "ft-btts")!;
      delete btts.books.find((b) => b.bookmaker === "1xbet")!.outcomes["181"];
      markets.types = markets.types.filter((t) => t.key !== "ft-double-chance");
    });
    const holder = await startCatalogue(db.kysely, { clock: () => T0 + 1000, files: dropped });
    const retired = holder.current();
    expect(retired.version).not.toBe(full.version);
    const outcome = retired.rows.outcomeBooks.find((o) => o.bookmaker === 5 && o.book_market === "19" && o.book_outcome === "181");
    expect(outcome?.retired_at).toBe(T0 + 1000);
    expect(retired.markets.get(8)).toMatchObject({ code: "DC", retired: true, selections: [16, 17, 18] });
    expect(retired.rows.selections.filter((s) => s.market_id === 8).map((s) => s.retired_at)).toEqual([T0 + 1000, T0 + 1000, T0 + 1000]);
    expect(retired.types.get(4)?.retired).toBe(true);
    expect(bookSelection(retired, 5, "19", "181", null)).toBeUndefined();
    expect(retired.rows.outcomeBooks.filter((o) => o.type_id === 4 && o.retired_at === null)).toEqual([]);

    const back = (await startCatalogue(db.kysely, { clock: () => T0 + 2000 })).current();
    expect(back.rows).toEqual(full.rows);
    expect(back.version).toBe(full.version);
    // A replica that loaded the retired rows reads the restored ones when it reloads.
    expect((await holder.reload()).version).toBe(full.version);
    expect(holder.current().markets.get(8)?.retired).toBe(false);
  });

  it("refuses a file that breaks its schema at start-up, naming the file and the place, and writes nothing", async () => {
    const db = await freshDatabase();
    const bad = filesWith((markets) => {
      markets.types[0]!.books[0]!.outcomes["1"] = "first";
    });
    const refused = startCatalogue(db.kysely, { clock: () => T0, files: bad });
    await expect(refused).rejects.toThrow(CatalogueFileError);
    await expect(refused).rejects.toThrow('api/catalogue/data/markets.json is not a valid catalogue file: types.0.books.0.outcomes.1: "first" is not an outcome of ft-1x2');
    const rows = await readCatalogueRows(db.kysely);
    expect(Object.values(rows).flat()).toEqual([]);
  });
});

// Replicas share a database only on PostgreSQL; SQLite serves one process.
describe.runIf(dialects.includes("postgres"))("the catalogue on PostgreSQL, shared by replicas", () => {
  it("lets replicas starting at once write the files' rows one after the other", async () => {
    const database = await createTestDatabase("postgres");
    const replicas = [await openDatabase(database.url), await openDatabase(database.url)];
    try {
      const started = await Promise.all(replicas.map((db) => startCatalogue(db.kysely, { clock: () => T0 })));
      expect(started[1]!.current().version).toBe(started[0]!.current().version);
      expect(started[0]!.current().rows.regions).toHaveLength(218);
    } finally {
      for (const db of replicas) await db.close();
      await database.drop();
    }
  });
});
