import { describe, expect, it } from "vitest";
import { simClubsOf } from "../clubs.ts";
import { SIM_LEAGUES } from "../leagues.ts";
import { LISTING_WINDOW_MS, matchdayFixtures, upcomingFixtures, WEEK_MS } from "./schedule.ts";
import { HOUR, TUESDAY } from "../../../../tests/helpers/simulator/sim-harness.ts";

const SEED = 42;

describe("rolling schedule", () => {
  it("lists about ten fixtures per league within the next seven days, none in the past", () => {
    for (let t = TUESDAY; t < TUESDAY + 2 * WEEK_MS; t += 5 * HOUR) {
      for (const league of SIM_LEAGUES) {
        const fixtures = upcomingFixtures(SEED, t, league.competitionId);
        expect(fixtures.length).toBeGreaterThanOrEqual(7);
        expect(fixtures.length).toBeLessThanOrEqual(13);
        for (const f of fixtures) {
          expect(f.kickoff).toBeGreaterThan(t);
          expect(f.kickoff).toBeLessThanOrEqual(t + LISTING_WINDOW_MS);
        }
      }
    }
  });

  it("plays every club exactly once per matchday, home or away", () => {
    for (const league of SIM_LEAGUES) {
      for (let matchday = 150; matchday < 190; matchday++) {
        const clubs = matchdayFixtures(SEED, league, matchday).flatMap((f) => [f.home.key, f.away.key]);
        expect(new Set(clubs).size).toBe(clubs.length);
        expect(clubs.length).toBe(simClubsOf(league.competitionId).length);
      }
    }
  });

  it("pairs each club with every other club once per half-season, like a round robin", () => {
    const league = SIM_LEAGUES[0]!;
    const seasonStart = 38 * 5;
    const pairs = Array.from({ length: 19 }, (_, i) => matchdayFixtures(SEED, league, seasonStart + i))
      .flat()
      .map((f) => [f.home.key, f.away.key].sort().join("|"));
    expect(new Set(pairs).size).toBe(190);
  });

  it("rolls forward: kicked-off fixtures leave, next week's arrive, the rest keep id and kick-off", () => {
    const before = upcomingFixtures(SEED, TUESDAY);
    const later = TUESDAY + 4 * 24 * HOUR;
    const after = upcomingFixtures(SEED, later);
    const afterById = new Map(after.map((f) => [f.srId, f]));
    const gone = before.filter((f) => f.kickoff <= later);
    expect(gone.length).toBeGreaterThan(0);
    for (const f of gone) expect(afterById.has(f.srId)).toBe(false);
    for (const f of before.filter((x) => x.kickoff > later))
      expect(afterById.get(f.srId)?.kickoff).toBe(f.kickoff);
    const arrived = after.filter((f) => !before.some((b) => b.srId === f.srId));
    expect(arrived.length).toBeGreaterThan(0);
    expect(Math.min(...arrived.map((f) => f.matchday))).toBeGreaterThan(
      Math.max(...gone.map((f) => f.matchday)) - 1,
    );
  });

  it("kicks off on each league's usual UTC slots from Friday to Monday", () => {
    const usual: Record<number, string[]> = {
      1: ["12:30", "15:00", "17:30", "20:00", "14:00", "16:30"],
      2: ["11:00", "13:00", "15:15", "17:30", "20:00"],
      3: ["11:30", "14:00", "17:00", "19:45"],
      4: ["14:30", "16:30", "17:30", "18:30", "19:30"],
    };
    for (const f of upcomingFixtures(SEED, TUESDAY)) {
      const kickoff = new Date(f.kickoff);
      expect(usual[f.competitionId]).toContain(kickoff.toISOString().slice(11, 16));
      expect([5, 6, 0, 1]).toContain(kickoff.getUTCDay());
    }
  });

  it("gives every fixture a unique Sportradar-like id", () => {
    const ids = SIM_LEAGUES.flatMap((l) =>
      [170, 171, 172].flatMap((md) => matchdayFixtures(SEED, l, md).map((f) => f.srId)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^sr:match:\d{8}$/.test(id))).toBe(true);
  });
});
