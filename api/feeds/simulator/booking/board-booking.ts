/**
 * Booking on the whole board (SIM_WORLD=board; docs/design.md, Simulated world): the fixtures a
 * book lists, in the shape the booking store keeps (SimFixture's, each book's team names in its own
 * home-away order), their markets at that book as the board's feeds quote them (board-source.ts),
 * and the book's competition and region to name them by.
 */
import type { BookmakerKey } from "../../types.ts";
import type { BoardListed, BoardSource } from "../board/board-source.ts";
import type { SimClub } from "../clubs.ts";
import type { QuotedMarket } from "../scenario/pricing.ts";
import type { SimFixture } from "../scenario/schedule.ts";
import { bookTeams } from "../world/board-books.ts";
import type { BoardFixture } from "../world/board-schedule.ts";
import type { WorldClub } from "../world/load-world.ts";
import { BOOK_KEYS } from "../world/world-schema.ts";

/** A fixture booking takes: one of the four leagues' (or an unlisted one), or a board fixture carrying its `board` original. */
export type BookingFixture = SimFixture & { readonly board?: BoardFixture };

/** Not one of the product's four (1-4) nor the unlisted leagues' (101, 102): a board fixture's SimFixture.competitionId. */
export const BOARD_COMPETITION_ID = 0;

export class BoardBooking {
  private readonly fixtures = new WeakMap<BoardFixture, BookingFixture>();
  /** Each book's last listing, by instant: a code's legs are all looked up at one t. */
  private readonly lastListing = new Map<BookmakerKey, { t: number; fixtures: BookingFixture[] }>();

  constructor(private readonly source: BoardSource) {}

  /** The upcoming fixtures one book lists at t (all carry a Sportradar id: SportyBet, Bet9ja and BetKing list them). */
  bookable(book: BookmakerKey, t: number): BookingFixture[] {
    const last = this.lastListing.get(book);
    if (last?.t === t) return last.fixtures;
    const fixtures = this.source.listed(book, t).flatMap((listed) => (listed.fixture.srId ? [this.fixtureOf(listed.fixture)] : []));
    this.lastListing.set(book, { t, fixtures });
    return fixtures;
  }

  /** The book's markets on a fixture at t, in its home-away order (every type it quotes, or the four families); null when it does not list the fixture. */
  markets(book: BookmakerKey, fixture: BoardFixture, t: number, markets: "main" | "all" = "all"): QuotedMarket[] | null {
    const listed = this.source.listingOf(book, fixture);
    return listed ? this.source.price(book, listed, t, markets).markets : null;
  }

  /** The book's competition (that week's id and its name) and the region of a fixture, started or not. */
  view(book: BookmakerKey, fixture: BoardFixture): Pick<BoardListed, "competition" | "region"> | undefined {
    return this.source.listingOf(book, fixture);
  }

  /** The fixture as the booking store keeps it; the same object each time, so a stored leg stays cheap. */
  fixtureOf(fixture: BoardFixture): BookingFixture {
    let kept = this.fixtures.get(fixture);
    if (!kept) {
      kept = {
        serial: fixture.serial,
        srId: fixture.srId ?? "",
        competitionId: BOARD_COMPETITION_ID,
        matchday: fixture.week,
        home: sideOf(fixture, 0),
        away: sideOf(fixture, 1),
        kickoff: fixture.kickoff,
        board: fixture,
      };
      this.fixtures.set(fixture, kept);
    }
    return kept;
  }
}

/** Home (0) or away (1) as each book lists the fixture: a final some books list the other way round names a different club per book. */
function sideOf(fixture: BoardFixture, side: 0 | 1): SimClub {
  const club: WorldClub = side === 0 ? fixture.home : fixture.away;
  const names = Object.fromEntries(BOOK_KEYS.map((book) => [book, bookTeams(fixture, book)[side]])) as Record<BookmakerKey, string>;
  return { key: club.ref, competitionId: BOARD_COMPETITION_ID, name: club.name, strength: club.strength, names };
}
