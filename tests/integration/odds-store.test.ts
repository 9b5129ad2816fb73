import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "#api/db/database.ts";
import { oddsStore, type FixtureInput } from "#api/odds/store.ts";
import { buildListing } from "#api/odds/read-model.ts";
import { createTestDatabase, shouldRunPostgres, type TestDatabase } from "../helpers/databases.ts";

const dialects: ("sqlite" | "postgres")[] = ["sqlite", ...((await shouldRunPostgres()) ? (["postgres"] as const) : [])];
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
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it("writes history only when a price changes, and remembers the direction", async () => {
    const store = oddsStore(db.kysely);
    const key = "c1:2026-11-28:history";
    await store.writeRun([fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]], key)], T0);
    await store.writeRun([fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]], key)], T0 + 60_000);
    const result = await store.writeRun([fixture([[1, 1, 2.2], [1, 2, 3.3], [1, 3, 3.3]], key)], T0 + 120_000);
    expect(result).toMatchObject({ prices: 3, changed: 2, removed: 0 });
    const history = await db.kysely.selectFrom("price_history").selectAll().where("event_id", "=", key).orderBy("recorded_at").execute();
    expect(history.map((h) => [h.selection_type_id, h.price])).toEqual([[1, 2.1], [2, 3.3], [3, 3.4], [1, 2.2], [3, 3.3]]);
    const listing = await buildListing(db.kysely, { now: T0 + 130_000, freshSince: T0 });
    const row = listing.events.find((e) => e.id === key)!.markets[0]!.odds[0]!;
    expect(row.odds.map((o) => [o.selectionTypeId, o.flags])).toEqual([[1, 2 | 8], [2, 8], [3, 4 | 8]]);
  });

  it("removes a price its bookmaker stops offering, but keeps a silent bookmaker's prices until stale", async () => {
    const store = oddsStore(db.kysely);
    const key = "c1:2026-11-28:withdrawn";
    await store.writeRun([fixture([[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [2, 1, 2.0], [2, 2, 3.2], [2, 3, 3.6]], key)], T0);
    // Bookmaker 1 suspends its draw; bookmaker 2 does not answer this run.
    const result = await store.writeRun([fixture([[1, 1, 2.1], [1, 3, 3.4]], key)], T0 + 60_000);
    expect(result.removed).toBe(1);
    const fresh = await buildListing(db.kysely, { now: T0 + 61_000, freshSince: T0 });
    const rows = fresh.events.find((e) => e.id === key)!.markets[0]!.odds;
    expect(rows.map((r) => [r.provider, r.odds.length, r.margin === null])).toEqual([[1, 2, true], [2, 3, false]]);
    const later = await buildListing(db.kysely, { now: T0 + 240_000, freshSince: T0 + 30_000 });
    expect(later.events.find((e) => e.id === key)!.markets[0]!.odds.map((r) => r.provider)).toEqual([1]);
  });

  it("leaves events that have kicked off out of the listing and prunes old ones", async () => {
    const store = oddsStore(db.kysely);
    await store.writeRun([fixture([[3, 1, 1.9]], "c1:2026-11-28:kicked-off")], T0);
    expect((await buildListing(db.kysely, { now: KICKOFF.getTime() + 1, freshSince: 0 })).events.map((e) => e.id)).not.toContain("c1:2026-11-28:kicked-off");
    const pruned = await store.prune(KICKOFF.getTime() + 1);
    expect(pruned).toBeGreaterThan(0);
    const left = await db.kysely.selectFrom("prices").select("event_id").where("event_id", "=", "c1:2026-11-28:kicked-off").execute();
    expect(left).toEqual([]);
  });
});
