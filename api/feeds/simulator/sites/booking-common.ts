/** What the simulated booking endpoints share: the fixtures a book takes, leg prices, league names, JSON bodies. */
import type { BookmakerKey } from "../../types.ts";
import type { BookingFixture } from "../booking/board-booking.ts";
import { bookableFixture, unlistedLeague } from "../booking/booking-fixtures.ts";
import { quoteLeg, type BookedLeg, type BookedPick } from "../booking/booking-store.ts";
import type { FeedSimulator } from "../feed-simulator.ts";
import { leagueById } from "../leagues.ts";
import type { SimFixture } from "../scenario/schedule.ts";

export function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "") as unknown;
  } catch {
    return undefined;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The leg a book takes, or undefined when it does not offer that pick on that fixture now. */
export function bookable(sim: FeedSimulator, book: BookmakerKey, t: number, matches: (f: SimFixture) => boolean, pick: BookedPick | undefined): BookedLeg | undefined {
  if (!pick) return undefined;
  const fixture = bookableFixture(sim, book, t, matches);
  if (!fixture) return undefined;
  const leg = { fixture, pick };
  return quoteLeg(sim, book, leg, t).price === undefined ? undefined : leg;
}

/** The fixture's league as the product lists it, or the unlisted league's name and country. */
export function leagueOf(fixture: SimFixture) {
  const listed = leagueById(fixture.competitionId);
  if (listed) return { listed, name: listed.name, country: listed.country };
  const unlisted = unlistedLeague(fixture);
  return { listed: undefined, name: unlisted?.name ?? "", country: unlisted?.country ?? "" };
}

/** A board fixture's competition (that week's id, the book's name) and region as `book` lists it; undefined outside the board. */
export function boardViewOf(sim: FeedSimulator, book: BookmakerKey, fixture: BookingFixture) {
  return fixture.board && sim.boardBooking?.view(book, fixture.board);
}

export const delayMs = (sim: FeedSimulator) => sim.bookings.nextDelayMs();
