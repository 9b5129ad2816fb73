/**
 * What one book shows of a board fixture (docs/design.md, Simulated world): whether it lists it,
 * under which of its competition ids and names, and the teams in its spelling and order (a final
 * on neutral ground is listed the other way round by the books its cup names).
 */
import type { BookmakerKey } from "../../types.ts";
import type { BoardFixture } from "./board-schedule.ts";
import type { WorldClub } from "./load-world.ts";
import type { WorldCompetition } from "./world-schema.ts";

export interface BookCompetition {
  id: string;
  name: string;
}

/** The book's id and name for a competition in a given week, or null when it does not list it. */
export function bookCompetition(c: WorldCompetition, book: BookmakerKey, week: number): BookCompetition | null {
  const entry = c.books[book];
  if (!entry) return null;
  // Bet9ja's reassigned group: on odd weeks the competition sits under another id.
  const odd = ((week % 2) + 2) % 2 === 1;
  return { id: odd && entry.idOnOddWeeks ? entry.idOnOddWeeks : entry.id, name: entry.name };
}

export const clubName = (club: WorldClub, book: BookmakerKey): string => club.names?.[book] ?? club.name;

/** Home and away as the book lists them, in its spelling. */
export function bookTeams(f: BoardFixture, book: BookmakerKey): [home: string, away: string] {
  const home = clubName(f.home, book);
  const away = clubName(f.away, book);
  return f.neutral?.reversedAt.includes(book) ? [away, home] : [home, away];
}

/** The fixtures one book lists, with its competition for each. */
export function bookListing(fixtures: readonly BoardFixture[], book: BookmakerKey): { fixture: BoardFixture; competition: BookCompetition }[] {
  return fixtures.flatMap((fixture) => {
    const competition = bookCompetition(fixture.competition, book, fixture.week);
    return competition ? [{ fixture, competition }] : [];
  });
}
