import { describe, expect, it } from "vitest";
import { priorityState, SLIPS_EVERY_CYCLES, urgentCompetitions } from "#api/feeds/collector/priority.ts";
import { testDialects } from "../helpers/databases.ts";
import { suiteDatabase } from "../helpers/open-database.ts";

const dialects = await testDialects();
const NOW = Date.parse("2026-11-27T06:00:00Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe.each(dialects)("the urgent competitions of a cycle on %s (docs/design.md, Collection tiers)", (dialect) => {
  const database = suiteDatabase(dialect);

  it("are those with a fixture within 24 hours and those of upcoming fixtures on slips saved in the last week, the slips read every tenth cycle", async () => {
    const db = database().kysely;
    const event = (id: string, competition: number, kickoff: number) => ({ id, competition_id: competition, home: `${id} home`, away: `${id} away`, kickoff, sr_id: null, last_seen_at: NOW });
    await db.insertInto("events").values([
      event("c1:soon", 1, NOW + 2 * HOUR),
      event("c10000:soon", 10_000, NOW + 23 * HOUR),
      event("c10001:later", 10_001, NOW + 3 * DAY),
      event("c10002:on-slip", 10_002, NOW + 4 * DAY),
      event("c10003:old-slip", 10_003, NOW + 5 * DAY),
      event("c10004:past", 10_004, NOW - HOUR),
    ]).execute();
    const user = (id: string) => ({ id, username: id, username_key: id, email: `${id}@example.test`, password_hash: "x", country: 1, verified: 1, created_at: NOW, last_login_at: null });
    await db.insertInto("users").values([user("u-fresh"), user("u-old"), user("u-past")]).execute();
    const slip = (user_id: string, eventIds: string[], updated_at: number) => ({ user_id, stake_kobo: 100_000, legs: JSON.stringify(eventIds.map((eventId) => ({ eventId, marketId: 1, selectionTypeId: 1 }))), updated_at, version: 1 });
    await db.insertInto("betslips").values([
      slip("u-fresh", ["c10002:on-slip", "c10000:soon"], NOW - DAY),
      slip("u-old", ["c10003:old-slip"], NOW - 8 * DAY),
      slip("u-past", ["c10004:past"], NOW - HOUR),
    ]).execute();

    const state = priorityState();
    expect([...(await urgentCompetitions(db, state, NOW))].sort((a, b) => a - b)).toEqual([1, 10_000, 10_002]);
    // A slip saved now is seen when the slips are next read, ten cycles on.
    await db.updateTable("betslips").set({ legs: JSON.stringify([{ eventId: "c10001:later", marketId: 1, selectionTypeId: 1 }]), updated_at: NOW }).where("user_id", "=", "u-fresh").execute();
    for (let cycle = 1; cycle < SLIPS_EVERY_CYCLES; cycle += 1) expect(await urgentCompetitions(db, state, NOW)).not.toContain(10_001);
    const tenth = await urgentCompetitions(db, state, NOW);
    expect([...tenth].sort((a, b) => a - b)).toEqual([1, 10_000, 10_001]);
  });
});
