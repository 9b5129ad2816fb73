import { describe, expect, it } from "vitest";
import { catalogueMarkets } from "#api/catalogue/market-descriptors.ts";
import { startCatalogue } from "#api/catalogue/start.ts";
import { markedStaleBefore } from "#api/odds/read/freshness.ts";
import { buildListing } from "#api/odds/read/read-model.ts";
import { oddsService, WHOLE_REBUILD_MS } from "#api/odds/read/service.ts";
import { recordExpiries } from "#api/odds/write/changes.ts";
import { writeFixtures, type FixtureInput } from "#api/odds/write/store.ts";
import { FLAGS, hasFlag } from "#shared/reference.ts";
import { testDialects } from "../helpers/databases.ts";
import { suiteDatabase } from "../helpers/open-database.ts";

const dialects = await testDialects();
const T0 = Date.parse("2026-11-22T08:00:00Z");
const MINUTE = 60_000;
/** A competition beyond the four: its prices stay ten intervals (docs/design.md, Collected today). */
const BOARD = 10_001;

type Price = [bookmaker: number, selectionTypeId: number, price: number];

function fixture(key: string, competitionId: number, kickoff: number, prices: readonly Price[]): FixtureInput {
  return {
    key,
    competitionId,
    home: `${key} home`,
    away: `${key} away`,
    kickoff: new Date(kickoff),
    prices: prices.map(([bookmaker, selectionTypeId, price]) => ({ bookmaker, marketId: 1, selectionTypeId, price, boosted: false })),
  };
}

describe.each(dialects)("the odds service's patched listing on %s (docs/design.md, Odds cache)", (dialect) => {
  const database = suiteDatabase(dialect);

  /** One bookmaker's run as the collector writes it: revived markets recorded (a stale book confirmed again). */
  const write = (fixtures: readonly FixtureInput[], now: number) =>
    database().kysely.transaction().execute((trx) => writeFixtures(trx, fixtures, now, { staleBefore: markedStaleBefore(now, MINUTE) }));

  it("answers as a whole rebuild would at every minute, re-reading only what changed or what time changed, and the whole listing every WHOLE_REBUILD_MS", async () => {
    const db = database().kysely;
    await db.insertInto("competitions").values({ id: BOARD, key: "TEST/patch", name: "Patch League", region_id: null, kind: "league", tier: null, sr_tournament: null, status: "active", merged_into: null, rank: 900, created_at: T0, last_listed_at: T0 }).execute();
    let now = T0;
    const service = oddsService({ db, clock: () => now, intervalS: 60 });
    const early = T0 + 40 * MINUTE;
    const late = T0 + 5 * 60 * MINUTE;
    const steady: Price[] = [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]];
    // A league match that kicks off during the test, a board match, and a league match whose second book falls silent.
    await write([fixture("c1:early", 1, early, steady), fixture(`c${BOARD}:board`, BOARD, late, steady), fixture("c2:silent", 2, late, steady)], now);
    await write([fixture("c2:silent", 2, late, [[2, 1, 2.0], [2, 2, 3.2], [2, 3, 3.6]])], now);
    // A board match no book confirms again: marked stale after 2 intervals, gone after 10 (not 3).
    await write([fixture(`c${BOARD}:quiet`, BOARD, late, steady)], now);
    await service.refresh();
    const whole = async () => (await buildListing(db, { now, freshSince: now - 3 * MINUTE })).events;
    expect(service.cache.listed().events).toEqual(await whole());

    // A board competition's answer, built on first ask and kept: it must follow its events.
    const boardPrice = () => (JSON.parse(service.cache.odds(BOARD, 1).json) as { data: { events: { markets: { odds: { odds: { value: number }[] }[] }[] }[] } }).data.events[0]!.markets[0]!.odds[0]!.odds[0]!.value;
    expect(boardPrice()).toBe(2.1);
    const seen = new Set<string>();
    for (let minute = 1; minute <= 70; minute += 1) {
      now = T0 + minute * MINUTE;
      // Bookmaker 1 confirms everything each minute and moves the board match's price at minute 5;
      // bookmaker 2 is silent from the start (marked stale at 2 intervals, gone at 3), and comes back at minute 20.
      const board: Price[] = minute === 5 ? [[1, 1, 2.2], [1, 2, 3.3], [1, 3, 3.4]] : minute > 5 ? [[1, 1, 2.2], [1, 2, 3.3], [1, 3, 3.4]] : steady;
      await write([fixture("c1:early", 1, early, steady), fixture(`c${BOARD}:board`, BOARD, late, board), fixture("c2:silent", 2, late, steady)], now);
      if (minute === 20) await write([fixture("c2:silent", 2, late, [[2, 1, 2.0], [2, 2, 3.2], [2, 3, 3.6]])], now);
      // No sweep runs (recordExpiries): the service finds time's changes itself, between writes too.
      await service.refresh();
      const expected = await whole();
      expect({ minute, events: service.cache.listed().events }).toEqual({ minute, events: expected });
      // The four's answers, built for the competitions that moved and kept for the rest, answer the same.
      for (const competition of [1, 2, 3]) {
        const answered = (JSON.parse(service.cache.odds(competition, 1).json) as { data: { events: unknown[] } }).data.events;
        expect({ minute, competition, answered }).toEqual({ minute, competition, answered: expected.filter((e) => e.competitionId === competition).map((e) => ({ ...e, markets: e.markets.filter((m) => m.marketId === 1) })) });
      }
      const silent = service.cache.listed().events.find((e) => e.id === "c2:silent")!.markets[0]!.odds;
      seen.add(`stale ${silent.some((o) => o.stale === true)}`);
      seen.add(`books ${silent.length}`);
      const arrow = hasFlag(service.cache.listed().events.find((e) => e.id === `c${BOARD}:board`)!.markets[0]!.odds[0]!.odds[0]!.flags, FLAGS.Increased);
      seen.add(`arrow ${arrow}`);
      expect(boardPrice()).toBe(minute < 5 ? 2.1 : 2.2);
      seen.add(`kicked off ${!service.cache.listed().events.some((e) => e.id === "c1:early")}`);
      const quiet = service.cache.listed().events.find((e) => e.id === `c${BOARD}:quiet`);
      seen.add(quiet === undefined ? "quiet gone" : `quiet stale ${quiet.markets[0]!.odds.some((o) => o.stale === true)}`);
      // Half a minute on, with no write between: time alone moves what it moves.
      now += 30_000;
      await service.refresh();
      expect({ minute: minute + 0.5, events: service.cache.listed().events }).toEqual({ minute: minute + 0.5, events: await whole() });
    }
    expect([...seen].sort()).toEqual(["arrow false", "arrow true", "books 1", "books 2", "kicked off false", "kicked off true", "quiet gone", "quiet stale false", "quiet stale true", "stale false", "stale true"]);

    // What the change log does not carry (a competition renamed) waits for the whole rebuild: a rebuild that re-read everything would show it at once.
    const board = () => service.cache.listed().events.find((e) => e.id === `c${BOARD}:board`);
    expect(board()?.competition).toBe("Patch League");
    await db.updateTable("competitions").set({ name: "Renamed League" }).where("id", "=", BOARD).execute();
    now += MINUTE;
    await service.refresh();
    expect(board()?.competition).toBe("Patch League");
    now += WHOLE_REBUILD_MS;
    await write([fixture(`c${BOARD}:board`, BOARD, late, [[1, 1, 2.2], [1, 2, 3.3], [1, 3, 3.4]]), fixture("c2:silent", 2, late, steady)], now);
    await service.refresh();
    expect(board()?.competition).toBe("Renamed League");
    expect(service.cache.listed().events).toEqual(await whole());
  });

  it("keeps the listed version through the whole rebuild when nothing moved since the last patch, a board competition's included", async () => {
    const db = database().kysely;
    let now = T0 + 2_000 * MINUTE;
    const service = oddsService({ db, clock: () => now, intervalS: 60 });
    const kickoff = now + 600 * MINUTE;
    const prices = (home: number): Price[] => [[1, 1, home], [1, 2, 3.3], [1, 3, 3.4]];
    await write([fixture("c4:kept", 4, kickoff, prices(2.1)), fixture(`c${BOARD}:kept`, BOARD, kickoff, prices(2.1))], now);
    await service.refresh();
    // A board price moves: a patch touches the board, and the version moves once.
    now += MINUTE;
    await write([fixture("c4:kept", 4, kickoff, prices(2.1)), fixture(`c${BOARD}:kept`, BOARD, kickoff, prices(2.2))], now);
    await service.refresh();
    const moved = service.cache.listed().version;
    // Then only confirmations, each minute, past the whole rebuild.
    for (let minute = 2; minute <= WHOLE_REBUILD_MS / MINUTE + 2; minute += 1) {
      now += MINUTE;
      await write([fixture("c4:kept", 4, kickoff, prices(2.1)), fixture(`c${BOARD}:kept`, BOARD, kickoff, prices(2.2))], now);
      await service.refresh();
    }
    expect(service.cache.listed().version).toBe(moved);
  });

  it("with the catalogue's markets, serves a market beyond the eight and moves the listed version when only it changes; the spec's answers and summary keep theirs", async () => {
    const db = database().kysely;
    let now = T0 + 3_000 * MINUTE;
    const holder = await startCatalogue(db, { clock: () => now });
    const service = oddsService({ db, clock: () => now, intervalS: 60, markets: () => catalogueMarkets(holder.current()) });
    const kickoff = now + 600 * MINUTE;
    // Market 10 is Home Over/Under 0.5 (api/catalogue/data/markets.json): selections 21 and 22.
    const homeOver = (over: number) => [{ bookmaker: 1, marketId: 10, selectionTypeId: 21, price: over, boosted: false }, { bookmaker: 1, marketId: 10, selectionTypeId: 22, price: 3.1, boosted: false }];
    const both = (over: number): FixtureInput => ({ ...fixture("c1:beyond", 1, kickoff, [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]]), prices: [...fixture("c1:beyond", 1, kickoff, [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]]).prices, ...homeOver(over)] });
    const onlyBeyond: FixtureInput = { ...fixture("c1:beyond-only", 1, kickoff, []), prices: homeOver(1.3) };
    await write([both(1.3), onlyBeyond], now);
    await service.refresh();
    const event = () => service.cache.listed().events.find((e) => e.id === "c1:beyond");
    expect(event()?.markets.map((m) => m.marketId)).toEqual([1, 10]);
    const before = { version: service.cache.listed().version, table: service.cache.odds(1, 1).etag, summary: service.cache.summary().etag, beyond: service.cache.odds(1, 10).json };
    expect(before.beyond).toContain('"value":1.3');
    // Priced beyond markets 1-8 only: listed, but not in the summary's count (docs/design.md, Catalogue steps, step 7).
    const summary = JSON.parse(service.cache.summary().json) as { data: { numEvents: number } };
    expect(service.cache.listed().events.some((e) => e.id === "c1:beyond-only")).toBe(true);
    expect(summary.data.numEvents).toBe(service.cache.listed().events.filter((e) => e.competitionId <= 4 && e.markets.some((m) => m.marketId <= 8)).length);

    now += MINUTE;
    await write([both(1.25), onlyBeyond], now);
    await service.refresh();
    expect(service.cache.listed().version).toBeGreaterThan(before.version);
    expect(service.cache.odds(1, 10).json).toContain('"value":1.25');
    expect({ table: service.cache.odds(1, 1).etag, summary: service.cache.summary().etag }).toEqual({ table: before.table, summary: before.summary });
  });

  it("keeps the listed version while a rebuild finds nothing changed, and moves it when a sweep's change re-reads an event", async () => {
    const db = database().kysely;
    let now = T0 + 1_000 * MINUTE;
    const service = oddsService({ db, clock: () => now, intervalS: 60 });
    const kickoff = now + 600 * MINUTE;
    await write([fixture("c3:version", 3, kickoff, [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]])], now);
    await service.refresh();
    const first = service.cache.listed().version;
    now += 30_000;
    await service.refresh();
    expect(service.cache.listed().version).toBe(first);
    // Two intervals without a confirmation: the sweep records the stale mark, the listing shows it.
    now += 2 * MINUTE;
    await recordExpiries(db, { from: now - 2 * MINUTE, to: now, intervalMs: MINUTE });
    await service.refresh();
    expect(service.cache.listed().version).toBeGreaterThan(first);
    expect(service.cache.listed().events.find((e) => e.id === "c3:version")?.markets[0]?.odds[0]?.stale).toBe(true);
  });
});
