/**
 * Fixtures the simulated books take bookings on: every listed upcoming fixture, and a few in
 * leagues AfriOdds does not list (Ligue 1, Eredivisie), known only to the booking endpoints, so
 * a read can report a leg on an event we do not list (docs/design.md, Reading a code). Like the
 * schedule, they are a function of (seed, instant) alone.
 */
import type { BookmakerKey } from "../../types.ts";
import type { SimClub } from "../clubs.ts";
import type { QuotedMarket } from "../scenario/pricing.ts";
import { hash32 } from "../scenario/random.ts";
import { DAY_MS, WEEK_MS, type SimFixture } from "../scenario/schedule.ts";
import type { BoardBooking, BookingFixture } from "./board-booking.ts";

/**
 * What booking needs of the simulator: its seed, its listing and its quotes. The simulator
 * (feed-simulator.ts) has them and holds the booking store, so booking names this shape instead of
 * importing the simulator back.
 */
export interface SimQuotes {
  readonly seed: number;
  upcoming(competitionId: number | undefined, t: number): SimFixture[];
  quote(bookmaker: BookmakerKey, fixture: SimFixture, t: number, markets?: "main" | "all"): QuotedMarket[] | null;
  /** Under SIM_WORLD=board, the board's fixtures and quotes; undefined in the four leagues' world. */
  readonly boardBooking?: BoardBooking | undefined;
}

/** Competition ids beyond the product's four: these leagues are never listed. */
export const UNLISTED_LEAGUES = [
  { competitionId: 101, name: "Ligue 1", country: "France", clubs: ["Paris Saint-Germain", "Marseille", "Lyon", "Monaco", "Lille", "Nice"] },
  { competitionId: 102, name: "Eredivisie", country: "Netherlands", clubs: ["Ajax", "PSV Eindhoven", "Feyenoord", "AZ Alkmaar", "Twente", "Utrecht"] },
] as const;

/** The schedule's epoch, a Tuesday (schedule.ts): the unlisted fixtures keep the same weekly rhythm. */
const EPOCH_MS = Date.UTC(2024, 0, 2);
/** Far above the listed fixtures' serials, so no per-book id collides. */
const SERIAL_BASE = 1_000_000;
const SR_BASE = 62_000_000;
/** Saturday 16:00 and Sunday 18:45 UTC. */
const SLOTS = [4 * DAY_MS + 16 * 3_600_000, 5 * DAY_MS + 18.75 * 3_600_000];

function simClub(competitionId: number, name: string): SimClub {
  const names = { sportybet: name, bet9ja: name, betking: name, nairabet: name, "1xbet": name } satisfies Record<BookmakerKey, string>;
  return { key: name.toLowerCase().replace(/\W+/g, "-"), competitionId, name, strength: 70, names };
}

function matchdayOf(seed: number, matchday: number): SimFixture[] {
  return UNLISTED_LEAGUES.flatMap((league, leagueIndex) => {
    const clubs = league.clubs;
    const start = hash32(seed, "unlisted", league.competitionId, matchday) % clubs.length;
    return SLOTS.map((slot, i) => {
      const serial = SERIAL_BASE + (matchday * UNLISTED_LEAGUES.length + leagueIndex) * SLOTS.length + i;
      const home = clubs[(start + 2 * i) % clubs.length] as string;
      const away = clubs[(start + 2 * i + 1) % clubs.length] as string;
      return {
        serial,
        srId: `sr:match:${SR_BASE + serial - SERIAL_BASE}`,
        competitionId: league.competitionId,
        matchday,
        home: simClub(league.competitionId, home),
        away: simClub(league.competitionId, away),
        kickoff: EPOCH_MS + matchday * WEEK_MS + slot,
      };
    });
  });
}

/** The unlisted fixtures of this week and the next (started ones too: a code outlives its kick-off). */
export function unlistedFixtures(seed: number, t: number): SimFixture[] {
  const current = Math.floor((t - EPOCH_MS) / WEEK_MS);
  return [current - 1, current, current + 1].flatMap((matchday) => matchdayOf(seed, matchday));
}

/** One of the unlisted leagues' fixtures (a board fixture's serial can be as high, but it is the board's). */
export const isUnlisted = (fixture: BookingFixture): boolean => fixture.board === undefined && fixture.serial >= SERIAL_BASE;

export function unlistedLeague(fixture: SimFixture) {
  return UNLISTED_LEAGUES.find((league) => league.competitionId === fixture.competitionId);
}

/**
 * The first fixture a book takes a booking on at `t` that `matches`: one it lists, else an unlisted
 * one still to kick off. Only matching fixtures are priced (a quote costs about a millisecond), so a
 * code of 20 legs is booked in milliseconds rather than quoting every fixture for every leg. On the
 * whole board, a fixture the book lists there (the board has its own Ligue 1 and Eredivisie).
 */
export function bookableFixture(sim: SimQuotes, book: BookmakerKey, t: number, matches: (fixture: SimFixture) => boolean): BookingFixture | undefined {
  if (sim.boardBooking) return sim.boardBooking.bookable(book, t).find(matches);
  const listed = sim.upcoming(undefined, t).find((fixture) => matches(fixture) && sim.quote(book, fixture, t) !== null);
  return listed ?? unlistedFixtures(sim.seed, t).find((fixture) => fixture.kickoff > t && matches(fixture));
}
