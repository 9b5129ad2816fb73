/**
 * The whole board as the simulated sites serve it under SIM_WORLD=board
 * (docs/design.md, Simulated world): the upcoming fixtures of world.json from (seed, instant), what each book lists of them
 * (board-books.ts) and their prices from the same model as the four leagues' (scenario/pricing.ts),
 * fed the competition's goals per team. A week's fixtures are computed once and kept.
 */
import type { BookmakerKey } from "../../types.ts";
import { mirrored, PRICE_STEP_MS, quoteFixture, type ModelFixture, type QuotedMarket } from "../scenario/pricing.ts";
import { LISTING_WINDOW_MS } from "../scenario/schedule.ts";
import { bookCompetition, bookTeams, type BookCompetition } from "../world/board-books.ts";
import { weekBoard, weekOf, type BoardFixture } from "../world/board-schedule.ts";
import { boardWorld, type BoardWorld, type WorldClub } from "../world/load-world.ts";
import type { WorldRegion } from "../world/world-schema.ts";

/** A fixture as one book lists it: its competition that week, and home and away in its order and spelling. */
export interface BoardListed {
  fixture: BoardFixture;
  competition: BookCompetition;
  region: WorldRegion;
  home: WorldClub;
  away: WorldClub;
  names: [home: string, away: string];
}

export interface PricedBoardFixture extends BoardListed {
  markets: QuotedMarket[];
}

/** Weeks kept: the listing window spans two or three, and a clock moves forward. */
const KEPT_WEEKS = 6;

/**
 * A final listed the other way round: the book's home is the world's away, so every market reads
 * mirrored: 1X2, DC and the other results backwards, a team's total the other team's, a handicap
 * given to the other side (docs/design.md, Simulator).
 */
function swapSides(markets: QuotedMarket[]): QuotedMarket[] {
  return markets.map((m) => mirrored(m));
}

export class BoardSource {
  private readonly weeks = new Map<number, BoardFixture[]>();
  private clubIndexes: Map<string, number> | undefined;

  constructor(
    readonly seed: number,
    readonly world: BoardWorld = boardWorld(),
    private readonly priceStepMs: number = PRICE_STEP_MS,
  ) {}

  private week(week: number): BoardFixture[] {
    let fixtures = this.weeks.get(week);
    if (!fixtures) {
      fixtures = weekBoard(this.seed, week, this.world);
      this.weeks.set(week, fixtures);
      for (const kept of this.weeks.keys()) if (this.weeks.size > KEPT_WEEKS && kept !== week) this.weeks.delete(kept);
    }
    return fixtures;
  }

  /** Every fixture kicking off after t within the listing window, by kick-off then serial (upcomingBoard's order). */
  upcoming(t: number): BoardFixture[] {
    const fixtures: BoardFixture[] = [];
    for (let w = weekOf(t) - 1; w <= weekOf(t + LISTING_WINDOW_MS); w++) fixtures.push(...this.week(w));
    return fixtures
      .filter((f) => f.kickoff > t && f.kickoff <= t + LISTING_WINDOW_MS)
      .sort((a, b) => a.kickoff - b.kickoff || a.serial - b.serial);
  }

  /** The upcoming fixtures one book lists, as it lists them. */
  listed(book: BookmakerKey, t: number): BoardListed[] {
    return this.upcoming(t).flatMap((fixture) => {
      const listed = this.listingOf(book, fixture);
      return listed ? [listed] : [];
    });
  }

  /** How one book lists a fixture, whenever it kicks off; undefined when the book does not list its competition. */
  listingOf(book: BookmakerKey, fixture: BoardFixture): BoardListed | undefined {
    const competition = bookCompetition(fixture.competition, book, fixture.week);
    if (!competition) return undefined;
    const region = this.world.regions[fixture.competition.region] as WorldRegion;
    const reversed = fixture.neutral?.reversedAt.includes(book) === true;
    const [home, away] = reversed ? [fixture.away, fixture.home] : [fixture.home, fixture.away];
    return { fixture, competition, region, home, away, names: bookTeams(fixture, book) };
  }

  /** One listed fixture's markets at t, in the book's home-away order: the four families a listing carries, or every type the book quotes. */
  price(book: BookmakerKey, listed: BoardListed, t: number, markets: "main" | "all" = "main"): PricedBoardFixture {
    const { fixture } = listed;
    const model: ModelFixture = {
      serial: fixture.serial,
      goalsPerTeam: fixture.competition.goalsPerTeam,
      home: { key: fixture.home.ref, strength: fixture.home.strength },
      away: { key: fixture.away.ref, strength: fixture.away.strength },
      listedByWorld: true,
    };
    const quoted = quoteFixture(this.seed, book, model, t, this.priceStepMs, { markets }) ?? [];
    return { ...listed, markets: listed.home === fixture.home ? quoted : swapSides(quoted) };
  }

  /** The listed fixture a book's own id names, priced in every type it quotes; undefined when the book lists none such. */
  find(book: BookmakerKey, matches: (f: BoardFixture) => boolean, t: number): PricedBoardFixture | undefined {
    const listed = this.listed(book, t).find((l) => matches(l.fixture));
    return listed && this.price(book, listed, t, "all");
  }

  /** A club's place among every club of the world: the books' team ids derive from it. */
  clubIndex(club: WorldClub): number {
    this.clubIndexes ??= new Map([...this.world.clubs.keys()].map((ref, i) => [ref, i]));
    return this.clubIndexes.get(club.ref) ?? 0;
  }

  /** A region's place among the world's regions: Bet9ja's country ids (SGID) derive from it. */
  regionIndex(code: string): number {
    return Object.keys(this.world.regions).indexOf(code);
  }
}
