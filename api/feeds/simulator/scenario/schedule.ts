/**
 * A rolling fixture list computed from (seed, instant) alone: weekly matchdays of a double
 * round robin, so every club plays exactly once per matchday, and the window of upcoming
 * fixtures moves with the clock (kicked-off games leave, next week's arrive).
 */
import { simClubsOf, type SimClub } from "../clubs.ts";
import { SIM_LEAGUES, type SimLeague } from "../leagues.ts";
import { hash32, mulberry32, shuffled } from "./random.ts";

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** Bookmakers list about a week ahead (SportyBet's own `timeline=168` hours). */
export const LISTING_WINDOW_MS = WEEK_MS;
/** A Tuesday, 00:00 UTC: a matchday's Friday-to-Monday slots all fall inside its own week. */
export const MATCHDAY_EPOCH_MS = Date.UTC(2024, 0, 2);
const SR_MATCH_BASE = 61_000_000;

export interface SimFixture {
  /** Unique small integer per fixture; the per-bookmaker event ids derive from it. */
  serial: number;
  /** Sportradar-like id shared by SportyBet (eventId) and Bet9ja (EXTID). */
  srId: string;
  competitionId: number;
  /** Matchday number since the simulator's epoch; a club plays at most once in each. */
  matchday: number;
  home: SimClub;
  away: SimClub;
  /** Kick-off, epoch ms (UTC). */
  kickoff: number;
}

/** One round of the circle method: the first club stays put, the others rotate. */
export function roundPairs<T>(clubs: readonly T[], round: number): [T, T][] {
  const [fixed, ...rest] = clubs;
  if (fixed === undefined) return [];
  const line = [fixed, ...rest.map((_, i) => rest[(i + round) % rest.length] as T)];
  const pairs: [T, T][] = [];
  for (let i = 0; i < line.length / 2; i++) {
    const a = line[i] as T;
    const b = line[line.length - 1 - i] as T;
    // Alternate who is at home so no club sits at home all season.
    pairs.push((i + round) % 2 === 0 ? [a, b] : [b, a]);
  }
  return pairs;
}

function slotTime(weekStart: number, day: number, time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return weekStart + day * DAY_MS + (hours * 60 + minutes) * 60_000;
}

export function matchdayFixtures(seed: number, league: SimLeague, matchday: number): SimFixture[] {
  const clubs = simClubsOf(league.competitionId);
  const rounds = clubs.length - 1;
  const seasonLength = 2 * rounds;
  const season = Math.floor(matchday / seasonLength);
  const round = ((matchday % seasonLength) + seasonLength) % seasonLength;
  const order = shuffled(clubs, mulberry32(hash32(seed, "season", league.key, season)));
  // The second half of the season swaps every fixture's venue.
  const pairs = roundPairs(order, round % rounds).map(([a, b]): [SimClub, SimClub] =>
    round < rounds ? [a, b] : [b, a],
  );

  const random = mulberry32(hash32(seed, "matchday", league.key, matchday));
  const template = league.slotTemplates[Math.floor(random() * league.slotTemplates.length)] ?? [];
  const slots = shuffled(template, random);
  const weekStart = MATCHDAY_EPOCH_MS + matchday * WEEK_MS;
  const leagueIndex = SIM_LEAGUES.indexOf(league);

  return pairs.map(([home, away], index) => {
    const slot = slots[index] ?? { day: 4, time: "15:00" };
    // 16 per league and 4 leagues per matchday: serials never collide.
    const serial = (matchday * 4 + leagueIndex) * 16 + index;
    return {
      serial,
      srId: `sr:match:${SR_MATCH_BASE + serial}`,
      competitionId: league.competitionId,
      matchday,
      home,
      away,
      kickoff: slotTime(weekStart, slot.day, slot.time),
    };
  });
}

/** Fixtures kicking off after `now` and within the listing window, by kick-off then id. */
export function upcomingFixtures(seed: number, now: number, competitionId?: number): SimFixture[] {
  const current = Math.floor((now - MATCHDAY_EPOCH_MS) / WEEK_MS);
  const leagues = SIM_LEAGUES.filter((l) => competitionId === undefined || l.competitionId === competitionId);
  const fixtures = leagues.flatMap((league) =>
    [current, current + 1].flatMap((matchday) => matchdayFixtures(seed, league, matchday)),
  );
  return fixtures
    .filter((f) => f.kickoff > now && f.kickoff <= now + LISTING_WINDOW_MS)
    .sort((a, b) => a.kickoff - b.kickoff || a.serial - b.serial);
}
