import { sql } from "kysely";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createCollector } from "#api/feeds/collector/cycle.ts";
import { emptyOutcome, type BookmakerOutcome } from "#api/feeds/collector/run-fetch.ts";
import { WRITE_CHUNK_FIXTURES, writeBookmakerRun } from "#api/feeds/collector/run-write.ts";
import type { Tally } from "#api/feeds/collector/reports.ts";
import type { Fetcher } from "#api/feeds/fetcher.ts";
import type { BookmakerAdapter, Offer } from "#api/feeds/types.ts";
import { suiteDatabase } from "../helpers/open-database.ts";

const NOW = Date.parse("2026-11-27T06:00:00Z");
const KICKOFF = new Date(NOW + 2 * 24 * 60 * 60_000);
const source = { adapter: { key: "sportybet" } as BookmakerAdapter, baseUrl: "http://127.0.0.1:1" };

function offer(competitionId: number, n: number, home: string, away: string): Offer {
  return {
    bookmaker: "sportybet",
    externalId: `${competitionId}-${n}`,
    // A Sportradar id keys each fixture by itself (docs/design.md, Matching the whole board).
    srId: `sr:match:${competitionId * 1000 + n}`,
    competitionId,
    home,
    away,
    kickoff: new Date(KICKOFF.getTime() + n * 60_000),
    prices: [1, 2, 3].map((selectionTypeId) => ({ marketId: 1, selectionTypeId, price: 2 + selectionTypeId / 10, boosted: false })),
  };
}

/** A run of the Premier League (one match), a board competition of WRITE_CHUNK_FIXTURES matches (a chunk by itself), and another of one. */
function run(): BookmakerOutcome {
  const outcome = emptyOutcome("sportybet");
  outcome.leagues.set(1, { offers: [offer(1, 0, "Arsenal", "Chelsea")], eventCalls: 0, eventFailures: 0 });
  outcome.leagues.set(10_000, { offers: Array.from({ length: WRITE_CHUNK_FIXTURES }, (_, n) => offer(10_000, n, `Home ${n}`, `Away ${n}`)), eventCalls: 0, eventFailures: 0 });
  outcome.leagues.set(10_001, { offers: [offer(10_001, 0, "Last Home", "Last Away")], eventCalls: 0, eventFailures: 0 });
  return outcome;
}

describe("a book's run written in chunks, on sqlite (docs/design.md, Odds store)", () => {
  const database = suiteDatabase("sqlite");
  const collectorOf = (mayWrite?: () => Promise<boolean>) =>
    createCollector({ sources: [], fetcher: {} as Fetcher, db: database().kysely, clock: () => NOW, logger: pino({ level: "silent" }), intervalMs: 60_000, ...(mayWrite ? { mayWrite } : {}) });
  const storedCompetitions = async () => (await database().kysely.selectFrom("events").select("competition_id").distinct().execute()).map((e) => e.competition_id).sort((a, b) => a - b);

  it("keeps what committed when a chunk fails, records the competitions left unwritten with why, and counts only what was written", async () => {
    const db = database().kysely;
    // The store refuses the last competition's fixtures, as a broken connection or constraint would.
    await sql`create trigger refuse_last before insert on events when new.competition_id = 10001 begin select raise(abort, 'injected failure'); end`.execute(db);
    const tallies = new Map<number, Tally>();
    try {
      const report = await writeBookmakerRun(collectorOf(), source, run(), NOW, tallies);
      expect(report.key).toBe("sportybet");
      expect(await storedCompetitions()).toEqual([1, 10_000]);
      expect([...tallies.keys()].sort((a, b) => a - b)).toEqual([1, 10_000]);
      const runs = await db.selectFrom("feed_runs").select(["competition_id", "error"]).where("bookmaker", "=", "sportybet").execute();
      expect(runs.find((r) => r.competition_id === 10_001)?.error).toMatch(/^not written: .*injected failure/);
      expect(runs.find((r) => r.competition_id === 1)?.error).toBeNull();
    } finally {
      await sql`drop trigger refuse_last`.execute(db);
    }
  });

  it("stops between chunks when this replica is no longer the collector, and counts only the chunks written", async () => {
    await database().kysely.deleteFrom("events").execute();
    let asked = 0;
    const tallies = new Map<number, Tally>();
    await writeBookmakerRun(collectorOf(async () => (asked += 1) === 1), source, run(), NOW, tallies);
    expect(await storedCompetitions()).toEqual([1]);
    expect([...tallies.keys()]).toEqual([1]);
  });
});
