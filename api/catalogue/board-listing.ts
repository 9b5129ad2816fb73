/**
 * A book's whole football listing reduced to what learning competitions reads (docs/design.md,
 * Learning competitions): for each of the book's competitions, its id, name and country as the
 * payload carries them, and its fixtures. The per-book readers in api/feeds/bookmakers/board/ give
 * these; api/catalogue/join-rules.ts joins them to competitions of ours.
 */
import type { BookmakerKey } from "../feeds/types.ts";

export interface ListedFixture {
  home: string;
  away: string;
  /** Epoch milliseconds. */
  kickoff: number;
  /** The Sportradar match number, digits only, where the book carries one (SportyBet, Bet9ja, BetKing). */
  srMatch?: string;
  /** SportyBet's competitor ids (`sr:competitor:N`) of home and away, where its listing carries them. */
  teamIds?: [home: string, away: string];
}

export interface ListedCompetition {
  /** The book's own id: "sr:tournament:17", "170880", "20000841", "2936", "88637". */
  bookId: string;
  name: string;
  /** The country as the payload gives it ("England", "ENG"); null where it gives none. */
  country: string | null;
  /** Upcoming fixtures the listing counts for it. */
  upcoming: number;
  /** Its fixtures, or undefined where this cycle read only the competition (Bet9ja's tree). */
  fixtures?: ListedFixture[];
}

/** One book's listing in one cycle: an id can appear twice, under two names, when the book reuses it. */
export interface BookBoard {
  bookmaker: BookmakerKey;
  competitions: ListedCompetition[];
}

/** Competitions keyed by id, name and country, each with its fixtures once (a page boundary can repeat one). */
export function mergeListed(parts: readonly ListedCompetition[]): ListedCompetition[] {
  const merged = new Map<string, ListedCompetition & { seen: Set<string> }>();
  for (const part of parts) {
    const key = JSON.stringify([part.bookId, part.name, part.country]);
    let entry = merged.get(key);
    if (!entry) merged.set(key, (entry = { ...part, fixtures: undefined, upcoming: 0, seen: new Set() }));
    if (part.fixtures === undefined) {
      entry.upcoming = Math.max(entry.upcoming, part.upcoming);
      continue;
    }
    entry.fixtures ??= [];
    for (const f of part.fixtures) {
      const id = `${f.kickoff}|${f.home}|${f.away}`;
      if (entry.seen.has(id)) continue;
      entry.seen.add(id);
      entry.fixtures.push(f);
    }
    entry.upcoming = Math.max(entry.upcoming, entry.fixtures.length);
  }
  return [...merged.values()].map(({ seen: _seen, ...rest }) => rest);
}
