import { describe, expect, it } from "vitest";
import type { FixtureInput } from "../../odds/write/store.ts";
import type { LeagueFixtures } from "./match-pool.ts";
import { emptyOutcome } from "./run-fetch.ts";
import { WRITE_CHUNK_FIXTURES, writeChunks } from "./run-write.ts";

const fixtures = (n: number): LeagueFixtures => ({ fixtures: Array.from({ length: n }, () => ({}) as FixtureInput), unmatched: [] });

describe("a book's run written in chunks (docs/design.md, Odds store)", () => {
  it("writes the four leagues first in one, then whole competitions packed to about WRITE_CHUNK_FIXTURES, a larger one alone", () => {
    const outcome = emptyOutcome("1xbet");
    const perLeague = new Map<number, LeagueFixtures>([
      [10_000, fixtures(60)],
      [2, fixtures(10)],
      [10_001, fixtures(30)],
      [10_002, fixtures(20)],
      [10_003, fixtures(WRITE_CHUNK_FIXTURES + 50)],
      [1, fixtures(10)],
      [10_004, fixtures(5)],
    ]);
    // A competition asked and failed has no fixtures but its run record is written with a chunk.
    outcome.leagues.set(10_005, { error: "HTTP 500", eventCalls: 0, eventFailures: 0 });
    outcome.leagues.set(3, { error: "HTTP 500", eventCalls: 0, eventFailures: 0 });
    expect(writeChunks(outcome, perLeague)).toEqual([[1, 2, 3], [10_005, 10_000, 10_001], [10_002], [10_003], [10_004]]);
  });

  it("starts with the rest of the board when the four are not in the run", () => {
    expect(writeChunks(emptyOutcome("bet9ja"), new Map([[10_000, fixtures(3)], [10_001, fixtures(4)]]))).toEqual([[10_000, 10_001]]);
    expect(writeChunks(emptyOutcome("bet9ja"), new Map())).toEqual([]);
  });
});
