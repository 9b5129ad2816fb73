import { describe, expect, it } from "vitest";
import { DAY_MS, WEEK_MS } from "../scenario/schedule.ts";
import { boardBetween, upcomingBoard, weekBoard, weekOf, type BoardFixture } from "./board-schedule.ts";
import { boardWorld } from "./load-world.ts";

const SEED = 42;
/** Friday 27 November 2026, 00:00 UTC. */
const FRIDAY = Date.UTC(2026, 10, 27);
const HOUR = 3_600_000;
const world = boardWorld();
const weekend = (friday: number): BoardFixture[] => boardBetween(SEED, friday, friday + 4 * DAY_MS - 1);
const brief = (f: BoardFixture): string => `${f.serial} ${f.srId} ${f.home.ref} ${f.away.ref} ${f.kickoff}`;

describe("the whole board's rolling schedule", () => {
  it("gives the same fixtures for the same seed and others for another seed", () => {
    const week = weekOf(FRIDAY);
    expect(weekBoard(SEED, week).map(brief)).toEqual(weekBoard(SEED, week).map(brief));
    expect(weekBoard(SEED + 1, week).map(brief)).not.toEqual(weekBoard(SEED, week).map(brief));
  });

  it("lists at least 1,500 fixtures from Friday 00:00 to Monday 24:00 UTC, besides 54 UEFA midweek ties", () => {
    for (let friday = FRIDAY; friday < FRIDAY + 6 * WEEK_MS; friday += WEEK_MS) {
      const fixtures = weekend(friday);
      expect(fixtures.length).toBeGreaterThanOrEqual(1_500);
      expect(fixtures.every((f) => f.kickoff >= friday && f.kickoff < friday + 4 * DAY_MS)).toBe(true);
      const uefa = weekBoard(SEED, weekOf(friday)).filter((f) => f.competition.region === "UEFA");
      expect(uefa).toHaveLength(54);
      expect(uefa.every((f) => f.kickoff < friday)).toBe(true);
    }
  });

  it("plays a club at most once a matchday, and never twice within 48 hours", () => {
    const first = weekOf(FRIDAY);
    const fixtures = [0, 1, 2, 3].flatMap((i) => weekBoard(SEED, first + i));
    const byClub = new Map<string, BoardFixture[]>();
    for (const f of fixtures) for (const c of [f.home, f.away]) byClub.set(c.ref, [...(byClub.get(c.ref) ?? []), f]);
    for (const [, games] of byClub) {
      const perMatchday = games.map((g) => `${g.competition.key}@${g.week}`);
      expect(new Set(perMatchday).size).toBe(perMatchday.length);
      const times = games.map((g) => g.kickoff).sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(48 * HOUR);
    }
  });

  it("draws cup ties between divisions with the lower one at home, and plays the final on neutral ground", () => {
    const first = weekOf(FRIDAY);
    const cup = [0, 1, 2, 3].flatMap((i) => weekBoard(SEED, first + i)).filter((f) => f.competition.key === "ENG/fa-cup");
    const tier = (ref: string): number => world.leagueOf.get(ref)?.tier ?? 0;
    const across = cup.filter((f) => !f.neutral && tier(f.home.ref) !== tier(f.away.ref));
    expect(across.length).toBeGreaterThan(0);
    for (const f of across) expect(tier(f.home.ref)).toBeGreaterThan(tier(f.away.ref));
    const finals = cup.filter((f) => f.neutral);
    expect(finals).toHaveLength(1);
    expect(finals[0]?.neutral).toEqual({ venue: "Wembley Stadium", reversedAt: ["1xbet"] });
    // League One and below play the first two rounds; the top two divisions join in the third.
    const weeksWithTopClubs = new Set(cup.filter((f) => !f.neutral && Math.min(tier(f.home.ref), tier(f.away.ref)) <= 2).map((f) => f.week));
    expect(weeksWithTopClubs.size).toBe(1);
  });

  it("gives Sportradar match ids only to fixtures SportyBet, Bet9ja or BetKing list, once each", () => {
    const fixtures = weekBoard(SEED, weekOf(FRIDAY));
    const ids = fixtures.flatMap((f) => (f.srId ? [f.srId] : []));
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of fixtures) {
      const carried = f.competition.books.sportybet || f.competition.books.bet9ja || f.competition.books.betking;
      if (carried) expect(f.srId).toMatch(/^sr:match:\d{8,9}$/);
      else expect(f.srId).toBeNull();
    }
    expect(fixtures.some((f) => f.srId === null)).toBe(true);
  });

  it("lists each book's share of the weekend's fixtures as the design says, within 5 points", () => {
    const fixtures = weekend(FRIDAY);
    const share = (book: "sportybet" | "bet9ja" | "betking" | "nairabet" | "1xbet"): number =>
      (fixtures.filter((f) => f.competition.books[book] !== null).length / fixtures.length) * 100;
    expect(share("sportybet")).toBeCloseTo(95, -1);
    for (const [book, target] of [["sportybet", 95], ["bet9ja", 90], ["betking", 75], ["nairabet", 45], ["1xbet", 80]] as const) {
      expect(Math.abs(share(book) - target)).toBeLessThanOrEqual(5);
    }
  });

  it("reads kick-off templates as local times in the region's zone", () => {
    const fixtures = weekend(FRIDAY);
    const utcTimes = (key: string): Set<string> =>
      new Set(fixtures.filter((f) => f.competition.key === key).map((f) => new Date(f.kickoff).toISOString().slice(11, 16)));
    expect(utcTimes("ENG/league-two")).toContain("15:00");
    expect(utcTimes("ESP/la-liga")).not.toContain("21:00");
    expect([...utcTimes("JPN/j1-league")].every((t) => t >= "04:00" && t <= "06:00")).toBe(true);
  });

  it("rolls with the clock: fixtures that kicked off leave, next week's arrive", () => {
    const now = FRIDAY + 12 * HOUR;
    const upcoming = upcomingBoard(SEED, now);
    expect(upcoming.every((f) => f.kickoff > now && f.kickoff <= now + WEEK_MS)).toBe(true);
    const later = upcomingBoard(SEED, now + DAY_MS);
    const laterIds = new Set(later.map((f) => f.serial));
    expect(upcoming.filter((f) => f.kickoff <= now + DAY_MS).some((f) => laterIds.has(f.serial))).toBe(false);
    expect(later.some((f) => f.week > weekOf(now))).toBe(true);
  });
});
