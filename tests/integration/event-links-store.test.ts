import { describe, expect, it } from "vitest";
import { pruneOdds, type BookmakerListing, type FixtureInput } from "#api/odds/write/store.ts";
import { testDialects } from "../helpers/databases.ts";
import { suiteDatabase } from "../helpers/open-database.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";

const dialects = await testDialects();
const T0 = Date.parse("2026-11-22T08:00:00Z");
const KICKOFF = new Date("2026-11-28T15:00:00Z");

function fixture(key: string, bookmaker: number, listing?: Omit<BookmakerListing, "bookmaker">): FixtureInput {
  return {
    key,
    competitionId: 1,
    home: "Arsenal",
    away: "Chelsea",
    kickoff: KICKOFF,
    prices: [{ bookmaker, marketId: 1, selectionTypeId: 1, price: 2.1, boosted: false }],
    listedBy: [bookmaker],
    ...(listing ? { listing: { bookmaker, ...listing } } : {}),
  };
}

describe.each(dialects)("event links in the odds store on %s", (dialect) => {
  const database = suiteDatabase(dialect);

  const links = (eventId: string) => database().kysely.selectFrom("event_links").selectAll().where("event_id", "=", eventId).orderBy("bookmaker").execute();

  it("keeps each bookmaker's own id and team names for the event, refreshed by its own writes only", async () => {
    const key = "c1:2026-11-28:links";
    await writeStoreRun(database().kysely, [fixture(key, 1, { externalId: "243311467", home: "Arsenal", away: "Chelsea" })], T0);
    await writeStoreRun(database().kysely, [fixture(key, 3, { externalId: "sr:match:50850623", home: "Chelsea FC", away: "Arsenal FC" })], T0);
    // Bet9ja renames a side and re-lists the event under a new id; SportyBet's row stays as it wrote it.
    await writeStoreRun(database().kysely, [fixture(key, 1, { externalId: "243311468", home: "Arsenal London", away: "Chelsea" })], T0 + 60_000);
    expect(await links(key)).toEqual([
      { event_id: key, bookmaker: 1, external_id: "243311468", home: "Arsenal London", away: "Chelsea" },
      { event_id: key, bookmaker: 3, external_id: "sr:match:50850623", home: "Chelsea FC", away: "Arsenal FC" },
    ]);
  });

  it("writes no link for a fixture that carries no listing", async () => {
    const key = "c1:2026-11-28:no-listing";
    await writeStoreRun(database().kysely, [fixture(key, 2)], T0);
    expect(await links(key)).toEqual([]);
  });

  it("removes an event's prices, history and links together when the event is pruned", async () => {
    const key = "c1:2026-11-28:pruned-links";
    await writeStoreRun(database().kysely, [fixture(key, 4, { externalId: "14758410", home: "Arsenal", away: "Chelsea" })], T0);
    const count = async (table: "prices" | "price_history" | "event_links") => (await database().kysely.selectFrom(table).select("event_id").where("event_id", "=", key).execute()).length;
    expect([await count("prices"), await count("price_history"), await count("event_links")]).toEqual([1, 1, 1]);
    await pruneOdds(database().kysely, { eventsBefore: KICKOFF.getTime() + 1 });
    expect([await count("prices"), await count("price_history"), await count("event_links")]).toEqual([0, 0, 0]);
  });
});
