/**
 * The whole board's rolling fixtures, computed from (seed, instant) alone like scenario/schedule.ts
 * (docs/design.md, Simulated world): leagues play a round a week, continental league phases a round
 * a week, cups three drawn rounds and a final on neutral ground, friendlies a draw. Continental
 * games, cups and friendlies are placed first; a league fixture whose club plays within 48 hours
 * is postponed (left out), as the real leagues do.
 */
import type { BookmakerKey } from "../../types.ts";
import { hash32, mulberry32, shuffled } from "../scenario/random.ts";
import { DAY_MS, LISTING_WINDOW_MS, MATCHDAY_EPOCH_MS, roundPairs, WEEK_MS } from "../scenario/schedule.ts";
import { boardWorld, type BoardWorld, type WorldClub } from "./load-world.ts";
import { drawTies, type Tie } from "./draws.ts";
import { WEEKDAYS, type WorldCompetition } from "./world-schema.ts";
import { localTimeToUtc } from "./zoned-time.ts";

/** Sportradar-like match ids of the board, apart from the four-league world's 61,000,000 range. */
const BOARD_SR_BASE = 70_000_000;
/** Serial = (week × 256 + competition index) × 64 + fixture index: loadBoardWorld keeps both under. */
export const MAX_COMPETITIONS = 256;
export const MAX_WEEK_FIXTURES = 64;
const REST_MS = 48 * 3_600_000;
/** The books that carry Sportradar's match id (docs/design.md, Matching the whole board). */
const SR_BOOKS: readonly BookmakerKey[] = ["sportybet", "bet9ja", "betking"];

export interface BoardFixture {
  /** Unique per fixture; per-book event ids derive from it. */
  serial: number;
  /** "sr:match:N" where SportyBet, Bet9ja or BetKing lists the competition, else null. */
  srId: string | null;
  competition: WorldCompetition;
  /** Weeks since the simulator's epoch, Tuesday to Monday: a league's matchday. */
  week: number;
  home: WorldClub;
  away: WorldClub;
  /** Kick-off, epoch ms (UTC). */
  kickoff: number;
  /** A final on neutral ground; the listed books put the clubs the other way round. */
  neutral?: { venue: string; reversedAt: BookmakerKey[] };
}

export const weekOf = (instant: number): number => Math.floor((instant - MATCHDAY_EPOCH_MS) / WEEK_MS);

function slotTimes(seed: number, c: WorldCompetition, week: number, zone: string): number[] {
  const random = mulberry32(hash32(seed, "board-slots", c.key, week));
  const template = c.kickoffs[Math.floor(random() * c.kickoffs.length)] ?? {};
  const weekStart = MATCHDAY_EPOCH_MS + week * WEEK_MS;
  const slots = WEEKDAYS.flatMap((day, index) =>
    (template[day] ?? []).map((time) => localTimeToUtc(weekStart + index * DAY_MS, time, zone)),
  );
  return shuffled(slots, random);
}

/** A round of a double round robin (a league) or of a single one (a continental league phase). */
function roundOf(seed: number, c: WorldCompetition, week: number): [string, string][] {
  const rounds = c.clubs.length - 1;
  const double = c.format.type === "round-robin";
  const length = double ? 2 * rounds : rounds;
  const season = Math.floor(week / length);
  const round = ((week % length) + length) % length;
  const order = shuffled(c.clubs, mulberry32(hash32(seed, "board-season", c.key, season)));
  return roundPairs(order, round % rounds).map(([a, b]): [string, string] => (round < rounds ? [a, b] : [b, a]));
}

interface Booking {
  busy: Map<string, number[]>;
}

const rested = (booking: Booking, ref: string, kickoff: number): boolean =>
  (booking.busy.get(ref) ?? []).every((t) => Math.abs(t - kickoff) >= REST_MS);

function book(booking: Booking, ref: string, kickoff: number): void {
  booking.busy.set(ref, [...(booking.busy.get(ref) ?? []), kickoff]);
}

function fixture(world: BoardWorld, c: WorldCompetition, index: number, week: number, tie: Tie): BoardFixture {
  const competitionIndex = world.competitions.indexOf(c);
  const serial = (week * MAX_COMPETITIONS + competitionIndex) * MAX_WEEK_FIXTURES + index;
  const carried = SR_BOOKS.some((b) => c.books[b] !== null);
  const club = (ref: string): WorldClub => world.clubs.get(ref) as WorldClub;
  return {
    serial,
    srId: carried ? `sr:match:${BOARD_SR_BASE + serial}` : null,
    competition: c,
    week,
    home: club(tie.home),
    away: club(tie.away),
    kickoff: tie.kickoff,
    ...(tie.neutral ? { neutral: tie.neutral } : {}),
  };
}

/** Continental rounds, cup ties and friendlies of a week: they come before the leagues. */
function fixedFixtures(seed: number, world: BoardWorld, week: number): BoardFixture[] {
  const booking: Booking = { busy: new Map() };
  const order = ["continental", "cup", "friendly"] as const;
  return order.flatMap((kind) =>
    world.competitions
      .filter((c) => c.kind === kind)
      .flatMap((c) => {
        const zone = world.regions[c.region]?.zone ?? "UTC";
        const slots = slotTimes(seed, c, week, zone);
        const ties =
          c.format.type === "league-phase"
            ? roundOf(seed, c, week).map(([home, away], i) => ({ home, away, kickoff: slots[i] ?? 0 }))
            : drawTies(seed, world, c, week, slots, (ref, t) => rested(booking, ref, t));
        for (const tie of ties) for (const ref of [tie.home, tie.away]) book(booking, ref, tie.kickoff);
        return ties.map((tie, i) => fixture(world, c, i, week, tie));
      }),
  );
}

/**
 * Gives each pair of a round a kick-off slot where both clubs are rested, the most constrained pair
 * first and then the slot fewest other pairs can use (a club back from a Thursday tie plays on
 * Sunday); a pair no slot suits is postponed.
 */
function placePairs(pairs: [string, string][], slots: number[], booking: Booking): Tie[] {
  const suits = (pair: [string, string], t: number): boolean => rested(booking, pair[0], t) && rested(booking, pair[1], t);
  const waiting = pairs.map((pair, i) => ({ pair, i }));
  const open = [...slots];
  const placed: { tie: Tie; i: number }[] = [];
  while (waiting.length > 0) {
    const options = waiting.map((w) => open.filter((t) => suits(w.pair, t)));
    const pick = options.reduce((best, o, k) => (o.length > 0 && (best < 0 || o.length < (options[best]?.length ?? 0)) ? k : best), -1);
    if (pick < 0) break;
    const [{ pair, i }] = waiting.splice(pick, 1) as [{ pair: [string, string]; i: number }];
    const demand = (t: number): number => waiting.filter((w) => suits(w.pair, t)).length;
    const kickoff = (options[pick] ?? []).reduce((best, t) => (demand(t) < demand(best) ? t : best));
    open.splice(open.indexOf(kickoff), 1);
    placed.push({ tie: { home: pair[0], away: pair[1], kickoff }, i });
  }
  return placed.sort((x, y) => x.i - y.i).map((p) => p.tie);
}

function leagueFixtures(seed: number, world: BoardWorld, week: number, booking: Booking): BoardFixture[] {
  return world.competitions
    .filter((c) => c.kind === "league")
    .flatMap((c) => {
      const slots = slotTimes(seed, c, week, world.regions[c.region]?.zone ?? "UTC");
      const pairs = roundOf(seed, c, week);
      const index = new Map(pairs.map(([home], i) => [home, i]));
      return placePairs(pairs, slots, booking).map((tie) => fixture(world, c, index.get(tie.home) ?? 0, week, tie));
    });
}

/** Every fixture of one week (Tuesday to Monday), postponed league games left out. */
export function weekBoard(seed: number, week: number, world: BoardWorld = boardWorld()): BoardFixture[] {
  const fixed = fixedFixtures(seed, world, week);
  const booking: Booking = { busy: new Map() };
  // Next week's Tuesday ties count against this week's Monday night.
  for (const f of [...fixed, ...fixedFixtures(seed, world, week + 1)]) {
    for (const club of [f.home, f.away]) book(booking, club.ref, f.kickoff);
  }
  return [...fixed, ...leagueFixtures(seed, world, week, booking)];
}

/** Fixtures kicking off in (from, to], by kick-off then serial. */
export function boardBetween(seed: number, from: number, to: number, world: BoardWorld = boardWorld()): BoardFixture[] {
  const weeks: number[] = [];
  for (let w = weekOf(from) - 1; w <= weekOf(to); w++) weeks.push(w);
  return weeks
    .flatMap((w) => weekBoard(seed, w, world))
    .filter((f) => f.kickoff > from && f.kickoff <= to)
    .sort((a, b) => a.kickoff - b.kickoff || a.serial - b.serial);
}

/** The board's upcoming fixtures: after `now`, within the listing window (scenario/schedule.ts). */
export function upcomingBoard(seed: number, now: number, world: BoardWorld = boardWorld()): BoardFixture[] {
  return boardBetween(seed, now, now + LISTING_WINDOW_MS, world);
}
