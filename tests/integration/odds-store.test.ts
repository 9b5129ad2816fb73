import { describe, expect, it } from "vitest";
import { pruneFeedRuns } from "#api/feeds/collector/feed-runs.ts";
import { pruneOdds, writeFixtures, type FixtureInput } from "#api/odds/write/store.ts";
import { markedStaleBefore } from "#api/odds/read/freshness.ts";
import { changesAfter, latestSeq, recordExpiries } from "#api/odds/write/changes.ts";
import { buildListing } from "#api/odds/read/read-model.ts";
import { oddsCache } from "#api/odds/read/cache.ts";
import { testDialects } from "../helpers/databases.ts";
import { suiteDatabase } from "../helpers/open-database.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";

const dialects = await testDialects();
const T0 = Date.parse("2026-11-22T08:00:00Z");
const KICKOFF = new Date("2026-11-28T15:00:00Z");

function fixture(prices: [bookmaker: number, selection: number, price: number][], key = "c1:2026-11-28:arsenal+chelsea"): FixtureInput {
  return {
    key,
    competitionId: 1,
    home: "Arsenal",
    away: "Chelsea",
    kickoff: KICKOFF,
    prices: prices.map(([bookmaker, selectionTypeId, price]) => ({ bookmaker, marketId: 1, selectionTypeId, price, boosted: false })),
  };
}

describe.each(dialects)("the odds store on %s", (dialect) => {
  const database = suiteDatabase(dialect);

  it("numbers each changed event-market in the change log, and nothing for a run that only confirms prices", async () => {
    const key = "c1:2026-11-28:changes";
    const from = await latestSeq(database().kysely, 1);
    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 2, 3.3], [2, 1, 2.0]], key)], T0);
    const first = await changesAfter(database().kysely, 1, from, 100);
    expect(first.map((c) => [c.eventId, c.marketId, c.competitionId, c.home])).toEqual([[key, 1, 1, "Arsenal"]]);
    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 2, 3.3], [2, 1, 2.0]], key)], T0 + 60_000);
    expect(await changesAfter(database().kysely, 1, first[0]!.seq, 100)).toEqual([]);
    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 2, 3.3], [2, 1, 2.05]], key)], T0 + 120_000);
    const moved = await changesAfter(database().kysely, 1, first[0]!.seq, 100);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.seq).toBeGreaterThan(first[0]!.seq);
    // Time alone: three intervals later the prices are stale, and the sweep records the market.
    const stale = await recordExpiries(database().kysely, { from: T0 + 120_000, to: T0 + 120_000 + 181_000, intervalMs: 60_000 });
    expect(stale).toBeGreaterThanOrEqual(1);
    expect((await changesAfter(database().kysely, 1, moved[0]!.seq, 100)).map((c) => c.eventId)).toContain(key);
  });

  it("numbers every stored market of an event whose kick-off a write moves though no price changed, and nothing when it stays", async () => {
    const db = database().kysely;
    const key = "c1:2026-11-28:kickoff-moved";
    const prices: [number, number, number][] = [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]];
    const withBtts = (f: FixtureInput): FixtureInput => ({ ...f, prices: [...f.prices, { bookmaker: 1, marketId: 7, selectionTypeId: 14, price: 1.8, boosted: false }] });
    await writeStoreRun(db, [withBtts(fixture(prices, key))], T0);
    const before = await latestSeq(db, 1);
    await writeStoreRun(db, [withBtts(fixture(prices, key))], T0 + 60_000);
    expect(await changesAfter(db, 1, before, 100)).toEqual([]);
    // The book corrects the kick-off by half an hour: the listing's heading moves, so both markets are announced.
    await writeStoreRun(db, [{ ...withBtts(fixture(prices, key)), kickoff: new Date(KICKOFF.getTime() - 30 * 60_000) }], T0 + 120_000);
    expect((await changesAfter(db, 1, before, 100)).map((c) => [c.eventId, c.marketId]).sort()).toEqual([[key, 1], [key, 7]]);
  });

  it("announces a price of a competition beyond the four leaving the answers after ten intervals, not three (docs/design.md, Collected today)", async () => {
    const db = database().kysely;
    const BOARD = 10_000;
    if (!(await db.selectFrom("competitions").select("id").where("id", "=", BOARD).executeTakeFirst())) {
      await db.insertInto("competitions").values({ id: BOARD, key: "TEST/board-expiry", name: "Board Expiry League", region_id: null, kind: "league", tier: null, sr_tournament: null, status: "active", merged_into: null, rank: 900, created_at: T0, last_listed_at: T0 }).execute();
    }
    const key = `c${BOARD}:2026-11-28:board-expiry`;
    const at = T0 + 60 * 60_000;
    await writeStoreRun(db, [{ ...fixture([[1, 1, 2.1], [1, 2, 3.3]], key), competitionId: BOARD }], at);
    const written = await latestSeq(db, 1);
    const announced = async () => (await changesAfter(db, 1, written, 1000)).filter((c) => c.eventId === key);
    // Past three intervals (and not across two): one of the four would leave here; this one stays.
    await recordExpiries(db, { from: at + 150_000, to: at + 200_000, intervalMs: 60_000 });
    expect(await announced()).toEqual([]);
    await recordExpiries(db, { from: at + 590_000, to: at + 610_000, intervalMs: 60_000 });
    expect((await announced()).map((c) => [c.eventId, c.marketId, c.competitionId])).toEqual([[key, 1, BOARD]]);
  });

  it("keeps only the change log's last hour behind its newest change when pruning", async () => {
    const key = "c1:2026-11-28:prune-changes";
    await writeStoreRun(database().kysely, [fixture([[3, 1, 1.5]], key)], T0 + 10 * 60_000);
    await writeStoreRun(database().kysely, [fixture([[3, 1, 1.6]], key)], T0 + 3 * 60 * 60_000);
    const pruned = await pruneOdds(database().kysely, { eventsBefore: 0 });
    expect(pruned.changes).toBeGreaterThan(0);
    const left = await database().kysely.selectFrom("odds_changes").select("at").execute();
    expect(left.map((r) => Number(r.at))).toEqual([T0 + 3 * 60 * 60_000]);
  });

  it("confirms exactly the prices a run offers unchanged, whatever their ids: market 2's selection 19 is not market 1's 119", async () => {
    const key = "c1:2026-11-28:wide-ids";
    const price = (marketId: number, selectionTypeId: number, value: number, carried = false) => ({ bookmaker: 1, marketId, selectionTypeId, price: value, boosted: false, ...(carried ? { carried } : {}) });
    await writeStoreRun(database().kysely, [{ ...fixture([], key), prices: [price(2, 19, 1.5), price(1, 119, 2.5)] }], T0);
    // Selection 119 is carried, unconfirmed by this run; 19 is offered again unchanged.
    await writeStoreRun(database().kysely, [{ ...fixture([], key), prices: [price(2, 19, 1.5), price(1, 119, 2.5, true)] }], T0 + 60_000);
    const rows = await database().kysely.selectFrom("prices").select(["market_id", "selection_type_id", "confirmed_at"]).where("event_id", "=", key).orderBy("market_id").execute();
    expect(rows.map((r) => [r.market_id, r.selection_type_id, Number(r.confirmed_at)])).toEqual([
      [1, 119, T0],
      [2, 19, T0 + 60_000],
    ]);
  });

  it("writes history only when a price changes, and remembers the direction", async () => {
    const key = "c1:2026-11-28:history";
    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]], key)], T0);
    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]], key)], T0 + 60_000);
    const result = await writeStoreRun(database().kysely, [fixture([[1, 1, 2.2], [1, 2, 3.3], [1, 3, 3.3]], key)], T0 + 120_000);
    expect(result).toMatchObject({ prices: 3, changed: 2, removed: 0 });
    const history = await database().kysely.selectFrom("price_history").selectAll().where("event_id", "=", key).orderBy("recorded_at").execute();
    expect(history.map((h) => [h.selection_type_id, h.price])).toEqual([[1, 2.1], [2, 3.3], [3, 3.4], [1, 2.2], [3, 3.3]]);
    const listing = await buildListing(database().kysely, { now: T0 + 130_000, freshSince: T0 });
    const row = listing.events.find((e) => e.id === key)!.markets[0]!.odds[0]!;
    expect(row.odds.map((o) => [o.selectionTypeId, o.flags])).toEqual([[1, 2 | 8], [2, 8], [3, 4 | 8]]);
  });

  it("removes a price its bookmaker stops offering, but keeps a silent bookmaker's prices until stale", async () => {
    const key = "c1:2026-11-28:withdrawn";
    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [2, 1, 2.0], [2, 2, 3.2], [2, 3, 3.6]], key)], T0);
    // Bookmaker 1 suspends its draw; bookmaker 2 does not answer this run.
    const result = await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 3, 3.4]], key)], T0 + 60_000);
    expect(result.removed).toBe(1);
    const fresh = await buildListing(database().kysely, { now: T0 + 61_000, freshSince: T0 });
    const rows = fresh.events.find((e) => e.id === key)!.markets[0]!.odds;
    expect(rows.map((r) => [r.provider, r.odds.length, r.margin === null])).toEqual([[1, 2, true], [2, 3, false]]);
    const later = await buildListing(database().kysely, { now: T0 + 240_000, freshSince: T0 + 30_000 });
    expect(later.events.find((e) => e.id === key)!.markets[0]!.odds.map((r) => r.provider)).toEqual([1]);
  });

  it("marks a bookmaker stale when its feed has not confirmed it for two intervals, not one whose prices only did not move", async () => {
    const key = "c1:2026-11-28:marked-stale";
    const both: [number, number, number][] = [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [2, 1, 2.0], [2, 2, 3.2], [2, 3, 3.6]];
    await writeStoreRun(database().kysely, [fixture(both, key)], T0);
    // Bookmaker 1 is collected every minute with the same prices; bookmaker 2's feed fails.
    await writeStoreRun(database().kysely, [fixture(both.slice(0, 3), key)], T0 + 60_000);
    await writeStoreRun(database().kysely, [fixture(both.slice(0, 3), key)], T0 + 120_000);
    const rowsAt = async (now: number) => (await buildListing(database().kysely, { now, freshSince: now - 180_000 })).events.find((e) => e.id === key)!.markets[0]!.odds;

    const beforeLine = await rowsAt(T0 + 119_000);
    expect(beforeLine.map((r) => [r.provider, r.stale])).toEqual([[1, undefined], [2, undefined]]);
    const pastLine = await rowsAt(T0 + 121_000);
    expect(pastLine.map((r) => [r.provider, r.updatedAt, r.stale])).toEqual([
      [1, new Date(T0).toISOString(), undefined],
      [2, new Date(T0).toISOString(), true],
    ]);
    expect(Object.keys(pastLine[0]!)).not.toContain("stale");
  });

  it("records the markets whose bookmaker crossed the two-interval line in the sweep, and none for a bookmaker still confirmed", async () => {
    const failing = "c1:2026-11-28:sweep-stale";
    const collected = "c1:2026-11-28:sweep-fresh";
    await writeStoreRun(database().kysely, [fixture([[5, 1, 2.1]], failing), fixture([[5, 1, 2.2]], collected)], T0);
    await writeStoreRun(database().kysely, [fixture([[5, 1, 2.2]], collected)], T0 + 60_000);
    await writeStoreRun(database().kysely, [fixture([[5, 1, 2.2]], collected)], T0 + 120_000);
    const seq = await latestSeq(database().kysely, 1);

    // One interval past the line's crossing (T0 + 120 s): no longer, so nothing left the listing.
    expect(await recordExpiries(database().kysely, { from: T0 + 100_000, to: T0 + 130_000, intervalMs: 60_000 })).toBeGreaterThanOrEqual(1);
    const recorded = (await changesAfter(database().kysely, 1, seq, 100)).map((c) => c.eventId);
    expect(recorded).toContain(failing);
    expect(recorded).not.toContain(collected);
    // The next sweep does not record it again.
    const after = await latestSeq(database().kysely, 1);
    await recordExpiries(database().kysely, { from: T0 + 130_000, to: T0 + 160_000, intervalMs: 60_000 });
    expect((await changesAfter(database().kysely, 1, after, 100)).map((c) => c.eventId)).not.toContain(failing);
  });

  it("records a market whose stale bookmaker is confirmed again, though no price moved", async () => {
    const key = "c1:2026-11-28:revived";
    const prices = fixture([[6, 1, 2.1], [6, 2, 3.3], [6, 3, 3.4]], key);
    await writeStoreRun(database().kysely, [prices], T0);
    const seq = await latestSeq(database().kysely, 1);
    const now = T0 + 150_000;
    await database().kysely.transaction().execute((trx) => writeFixtures(trx, [prices], now, { staleBefore: markedStaleBefore(now, 60_000) }));
    expect((await changesAfter(database().kysely, 1, seq, 100)).map((c) => c.eventId)).toContain(key);
    // Confirmed again within the line: nothing changed.
    const next = await latestSeq(database().kysely, 1);
    await database().kysely.transaction().execute((trx) => writeFixtures(trx, [prices], now + 60_000, { staleBefore: markedStaleBefore(now + 60_000, 60_000) }));
    expect((await changesAfter(database().kysely, 1, next, 100)).map((c) => c.eventId)).not.toContain(key);
  });

  it("records the very market a stale bookmaker is confirmed again in, whatever its selection ids (selection 119 is market 1's)", async () => {
    const key = "c1:2026-11-28:revived-wide";
    const prices = { ...fixture([], key), prices: [{ bookmaker: 6, marketId: 1, selectionTypeId: 119, price: 2.1, boosted: false }] };
    await writeStoreRun(database().kysely, [prices], T0);
    const seq = await latestSeq(database().kysely, 1);
    const now = T0 + 150_000;
    await database().kysely.transaction().execute((trx) => writeFixtures(trx, [prices], now, { staleBefore: markedStaleBefore(now, 60_000) }));
    const revived = (await changesAfter(database().kysely, 1, seq, 100)).filter((c) => c.eventId === key);
    expect(revived.map((c) => c.marketId)).toEqual([1]);
  });

  it("leaves events that have kicked off out of the listing and prunes old ones", async () => {
    await writeStoreRun(database().kysely, [fixture([[3, 1, 1.9]], "c1:2026-11-28:kicked-off")], T0);
    expect((await buildListing(database().kysely, { now: KICKOFF.getTime() + 1, freshSince: 0 })).events.map((e) => e.id)).not.toContain("c1:2026-11-28:kicked-off");
    const pruned = await pruneOdds(database().kysely, { eventsBefore: KICKOFF.getTime() + 1 });
    expect(pruned.events).toBeGreaterThan(0);
    const left = await database().kysely.selectFrom("prices").select("event_id").where("event_id", "=", "c1:2026-11-28:kicked-off").execute();
    expect(left).toEqual([]);
  });

  it("keeps an upcoming event's whole history however old, and prunes old feed run records", async () => {
    const key = "c1:2026-11-28:pruning";
    const DAY = 86_400_000;
    await writeStoreRun(database().kysely, [fixture([[4, 1, 2.0]], key)], T0 - 20 * DAY);
    await writeStoreRun(database().kysely, [fixture([[4, 1, 2.1]], key)], T0 - DAY);
    const run = (id: string, startedAt: number) => ({ id, bookmaker: "bet9ja", competition_id: 1, started_at: startedAt, finished_at: startedAt, ok: 1, offers: 1, prices: 1, changed: 0, error: null, unmatched: "[]" });
    await database().kysely.insertInto("feed_runs").values([run("old-run", T0 - 8 * DAY), run("new-run", T0 - DAY)]).execute();

    const pruned = { ...(await pruneOdds(database().kysely, { eventsBefore: 0 })), runs: await pruneFeedRuns(database().kysely, T0 - 7 * DAY) };

    expect(pruned).toMatchObject({ events: 0, runs: 1 });
    // The opening price stays: history leaves only with its event (docs/design.md, Price history).
    const history = await database().kysely.selectFrom("price_history").select("price").where("event_id", "=", key).orderBy("recorded_at").execute();
    expect(history.map((h) => h.price)).toEqual([2.0, 2.1]);
    const runs = await database().kysely.selectFrom("feed_runs").select("id").where("id", "in", ["old-run", "new-run"]).execute();
    expect(runs.map((r) => r.id)).toEqual(["new-run"]);
    // The current price is untouched by history pruning.
    expect((await database().kysely.selectFrom("prices").select("price").where("event_id", "=", key).execute()).map((p) => p.price)).toEqual([2.1]);
  });

  it("keeps a table's ETag while nothing changes, and gives it a new one when a price changes", async () => {
    const key = "c1:2026-11-28:etag";
    const cache = oddsCache();
    const prices: [number, number, number][] = [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [2, 1, 2.0], [2, 2, 3.2], [2, 3, 3.6]];
    const rebuildAt = async (now: number) => {
      cache.rebuild(await buildListing(database().kysely, { now, freshSince: now - 180_000 }));
      return { table: cache.odds(1, 1)!, summary: cache.summary(), sample: cache.sample() };
    };
    await writeStoreRun(database().kysely, [fixture(prices, key)], T0);
    const first = await rebuildAt(T0 + 1_000);
    // The same prices confirmed a minute later, and the cache rebuilt.
    await writeStoreRun(database().kysely, [fixture(prices, key)], T0 + 60_000);
    const same = await rebuildAt(T0 + 61_000);
    expect(same.table.etag).toBe(first.table.etag);
    expect(same.sample.etag).toBe(first.sample.etag);
    expect(same.summary.etag).toBe(first.summary.etag);
    expect(JSON.parse(same.table.json).data.updatedAt).toBe(new Date(T0).toISOString());

    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.15], ...prices.slice(1)], key)], T0 + 120_000);
    const moved = await rebuildAt(T0 + 121_000);
    expect(moved.table.etag).not.toBe(first.table.etag);
    expect(JSON.parse(moved.table.json).data.updatedAt).toBe(new Date(T0 + 120_000).toISOString());
  });

  it("leaves carried prices unconfirmed and in place, and drops a listing's prices when it lists the event with none", async () => {
    const key = "c1:2026-11-28:carried";
    const btts = (price: number, carried?: boolean) => ({ bookmaker: 1, marketId: 7, selectionTypeId: 14, price, boosted: false, ...(carried ? { carried } : {}) });
    const base = fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]], key);
    await writeStoreRun(database().kysely, [{ ...base, prices: [...base.prices, btts(1.7)] }], T0);
    const result = await writeStoreRun(database().kysely, [{ ...base, prices: [...base.prices, btts(1.7, true)] }], T0 + 60_000);
    expect(result).toMatchObject({ prices: 3, changed: 0, removed: 0 });
    const row = await database().kysely.selectFrom("prices").selectAll().where("event_id", "=", key).where("selection_type_id", "=", 14).executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBe(T0);
    expect(row.price).toBe(1.7);

    // Listed again, every selection suspended: the bookmaker's prices for it go at once.
    const none = await writeStoreRun(database().kysely, [{ ...base, prices: [], listedBy: [1] }], T0 + 120_000);
    expect(none.removed).toBe(4);
    expect(await database().kysely.selectFrom("prices").select("price").where("event_id", "=", key).execute()).toEqual([]);
  });

  it("keeps an event's stored orientation when a later run lists the sides reversed, and swaps that run's prices to match", async () => {
    const key = "c1:2026-11-28:oriented";
    await writeStoreRun(database().kysely, [fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]], key)], T0);
    // Another run's majority listed Chelsea first: its home price (for Chelsea) is 3.5.
    const reversed = { ...fixture([[2, 1, 3.5], [2, 2, 3.2], [2, 3, 2.05]], key), home: "Chelsea", away: "Arsenal" };
    await writeStoreRun(database().kysely, [reversed], T0 + 60_000);
    const event = await database().kysely.selectFrom("events").select(["home", "away"]).where("id", "=", key).executeTakeFirstOrThrow();
    expect(event).toEqual({ home: "Arsenal", away: "Chelsea" });
    const rows = await database().kysely.selectFrom("prices").select(["selection_type_id", "price"]).where("event_id", "=", key).where("bookmaker", "=", 2).orderBy("selection_type_id").execute();
    expect(rows.map((r) => [r.selection_type_id, r.price])).toEqual([[1, 2.05], [2, 3.2], [3, 3.5]]);
  });
  it("swaps a bookmaker's prices once when it lists the sides the other way round from the fixture", async () => {
    const key = "c1:2026-11-28:listed-reversed";
    // Bookmaker 5 lists Chelsea v Arsenal: its "home" 1X2 price (3.5) is Chelsea's, its "1X" Chelsea-or-draw.
    const listedReversed = (prices: [number, number, number][]) => ({ ...fixture(prices, key), sidesReversed: true });
    await writeStoreRun(database().kysely, [listedReversed([[5, 1, 3.5], [5, 2, 3.2], [5, 3, 2.05]])], T0);
    const stored = async () => (await database().kysely.selectFrom("prices").select(["selection_type_id", "price"]).where("event_id", "=", key).where("bookmaker", "=", 5).orderBy("selection_type_id").execute()).map((r) => [r.selection_type_id, r.price]);
    expect(await database().kysely.selectFrom("events").select(["home", "away"]).where("id", "=", key).executeTakeFirstOrThrow()).toEqual({ home: "Arsenal", away: "Chelsea" });
    expect(await stored()).toEqual([[1, 2.05], [2, 3.2], [3, 3.5]]);

    // A later run whose fixture names the sides reversed too: the two reversals cancel, nothing is swapped.
    await writeStoreRun(database().kysely, [{ ...listedReversed([[5, 1, 2.0], [5, 2, 3.2], [5, 3, 3.6]]), home: "Chelsea", away: "Arsenal" }], T0 + 60_000);
    expect(await stored()).toEqual([[1, 2.0], [2, 3.2], [3, 3.6]]);
  });
});
