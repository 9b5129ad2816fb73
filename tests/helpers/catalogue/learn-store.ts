/**
 * Test-only: learning's rows kept in memory, each cycle's outcome applied as the database's writer
 * applies it (new competitions take ids from 10,000 in order), so the join rules can be run over
 * many cycles without a database.
 */
import type { BookBoard } from "#api/catalogue/board-listing.ts";
import { catalogueFromFiles } from "#api/catalogue/file-catalogue.ts";
import { learnCompetitions, type LearnEvent, type LearnState } from "#api/catalogue/learn.ts";
import type { BookRow, CompetitionRow } from "#api/catalogue/learn-evidence.ts";
import { learnNames } from "#api/catalogue/learn-names.ts";
import { buildFiles } from "#api/feeds/bookmakers/feed-catalogue.ts";

export interface LearnStore {
  competitions: Map<number, CompetitionRow>;
  books: Map<string, BookRow>;
  nextId: number;
}

export function seededStore(): LearnStore {
  const { rows } = catalogueFromFiles(buildFiles());
  return {
    competitions: new Map(rows.competitions.map((c) => [c.id, { ...c }])),
    books: new Map(rows.competitionBooks.map((b) => [`${b.bookmaker}:${b.book_id}`, { ...b }])),
    nextId: 10_000,
  };
}

const NAMES = learnNames(buildFiles());

/** One cycle over the store; the events it reported, with learnt ids. */
export function learnCycle(store: LearnStore, boards: readonly BookBoard[], state: LearnState, now: number): LearnEvent[] {
  const outcome = learnCompetitions({ competitions: [...store.competitions.values()], books: [...store.books.values()], boards, names: NAMES, now }, state);
  const ids = new Map<number, number>();
  for (const c of outcome.competitions) {
    const id = c.id < 0 ? (ids.set(c.id, store.nextId), store.nextId++) : c.id;
    store.competitions.set(id, { ...c, id });
  }
  const real = (id: number | null) => (id !== null && id < 0 ? (ids.get(id) ?? id) : id);
  for (const b of outcome.books) store.books.set(`${b.bookmaker}:${b.book_id}`, { ...b, competition_id: real(b.competition_id) });
  return outcome.events.map((e) => ({ ...e, competitionId: real(e.competitionId) }));
}
