import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";
import { openDatabase, type Db } from "#api/db/database.ts";
import { DROPS_TTL_MS, droppingBoards } from "#api/odds/tools/dropping.ts";
import { oddsService, type OddsService } from "#api/odds/read/service.ts";
import type { FixtureInput } from "#api/odds/write/store.ts";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 22, 8, 0);

function fixture(key: string, price: number, kickoff: number): FixtureInput {
  return { key, competitionId: 1, home: "Arsenal", away: "Chelsea", kickoff: new Date(kickoff), prices: [{ bookmaker: 1, marketId: 1, selectionTypeId: 1, price, boosted: false }] };
}

/** Counts the statements a Kysely instance runs, so a test can see which answers cost database work. */
function statementCounter() {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      counter.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { counter, plugin };
}

describe("droppingBoards", () => {
  let database: TestDatabase;
  let db: Db;
  let odds: OddsService;
  const clock = testClock(T0);
  const { counter, plugin } = statementCounter();
  let boards: ReturnType<typeof droppingBoards>;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    db = await openDatabase(database.url);
    await writeStoreRun(db.kysely, [fixture("c1:later", 2.5, T0 + 48 * HOUR), fixture("c1:soon", 3.0, T0 + HOUR)], T0 - 2 * HOUR);
    await writeStoreRun(db.kysely, [fixture("c1:later", 2.0, T0 + 48 * HOUR), fixture("c1:soon", 2.0, T0 + HOUR)], T0);
    odds = oddsService({ db: db.kysely, clock, intervalS: 60 });
    await odds.refresh();
    boards = droppingBoards({ db: db.kysely.withPlugin(plugin), cache: odds.cache, clock, intervalS: 60 });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it("reads the store once per window while the odds cache is unchanged, one read shared by concurrent requests", async () => {
    const before = counter.statements;
    const [first, second] = await Promise.all([boards(24), boards(24)]);
    expect(first.drops.map((d) => [d.event.id, d.books[0]!.from, d.books[0]!.to, d.dropPct])).toEqual([
      ["c1:soon", 3.0, 2.0, 33.3],
      ["c1:later", 2.5, 2.0, 20.0],
    ]);
    expect(second).toBe(first);
    expect(await boards(24)).toBe(first);
    expect(counter.statements - before).toBe(1);
    await boards(48);
    expect(counter.statements - before).toBe(2);
  });

  it("reads again once the odds cache rebuilt something, and after DROPS_TTL_MS", async () => {
    const first = await boards(24);
    await writeStoreRun(db.kysely, [fixture("c1:later", 1.9, T0 + 48 * HOUR), fixture("c1:soon", 2.0, T0 + HOUR)], clock());
    await odds.refresh();
    const moved = await boards(24);
    expect(moved).not.toBe(first);
    expect(moved.drops.find((d) => d.event.id === "c1:later")?.books[0]!.to).toBe(1.9);
    const before = counter.statements;
    clock.advance(DROPS_TTL_MS - 1);
    expect(await boards(24)).toBe(moved);
    expect(counter.statements).toBe(before);
    clock.advance(1);
    await boards(24);
    expect(counter.statements - before).toBe(1);
  });

  it("drops an event from the board once it kicks off, without waiting for a rebuild or DROPS_TTL_MS", async () => {
    const kickoff = T0 + HOUR;
    // A feed run keeps both prices fresh; the cache is left as it is.
    await writeStoreRun(db.kysely, [fixture("c1:later", 1.9, T0 + 48 * HOUR), fixture("c1:soon", 2.0, kickoff)], kickoff - 10_000);
    clock.advance(kickoff - 10_000 - clock());
    expect((await boards(24)).drops.map((d) => d.event.id)).toEqual(["c1:soon", "c1:later"]);
    clock.advance(10_000);
    expect((await boards(24)).drops.map((d) => d.event.id)).toEqual(["c1:later"]);
  });
});
