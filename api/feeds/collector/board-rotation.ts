/**
 * Which competitions beyond the four a book is asked for this cycle (docs/design.md, Collected today):
 * every competition of ours joined at the book, the overdue first, then the urgent, then the rest,
 * each the longest unasked first, then by id, asked through the book's own per-competition request (its adapter's
 * `leagueRequests`) after its four leagues and their follow-ups, while the book's share of the cycle
 * for them lasts. What the share does not reach is first in line next cycle once it is overdue: with
 * room for the overdue, each competition is asked at least every OVERDUE_INTERVALS + 1 cycles, the
 * urgent as often as the room left allows.
 */
import { isCompetitionId } from "#shared/reference.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "../types.ts";

/**
 * The part of a book's budget its other competitions may start in: the rest is the board's, which
 * learning needs (docs/design.md, Learning competitions). A competition started before the share
 * ends is finished, within the budget.
 */
export const OTHERS_SHARE = 0.6;


/** When each book last asked each competition (epoch ms), kept between cycles. */
export type RotationState = Map<BookmakerKey, Map<number, number>>;

export function rotationState(): RotationState {
  return new Map();
}

/**
 * A competition not asked for this many feed intervals goes ahead of every other (docs/design.md,
 * Collection tiers): asked then, and written within the cycle, its prices are confirmed again before
 * they leave the answers at BOARD_STALE_INTERVALS (10), so a competition the urgent ones crowd out
 * never blinks out of the listing while the book's share of the cycle holds the overdue.
 */
export const OVERDUE_INTERVALS = 6;

/** What puts a competition ahead: `urgent` ones (a fixture within 24 hours or on a saved slip: priority.ts) are asked every cycle. */
export interface AskPriority {
  urgent: ReadonlySet<number>;
  /** The rotation's clock (epoch ms), as markAsked is given. */
  now: number;
  /** OVERDUE_INTERVALS feed intervals, in ms. */
  overdueMs: number;
}

/**
 * The competitions beyond the four joined at `bookmaker`, in the order to ask them: those unasked for
 * OVERDUE_MS (or never), then the urgent, then the rest; within each the longest unasked first, then by id.
 */
export function othersToAsk(catalogue: Catalogue, bookmaker: BookmakerKey, state: RotationState, priority: AskPriority = { urgent: new Set(), now: 0, overdueMs: Infinity }): number[] {
  const book = BOOKMAKER_ID_BY_KEY[bookmaker];
  const asked = state.get(bookmaker);
  const ids = new Set<number>();
  for (const row of catalogue.rows.competitionBooks) {
    if (row.bookmaker !== book || row.status !== "joined" || row.competition_id === null) continue;
    const competition = catalogue.competitions.get(row.competition_id);
    if (isCompetitionId(row.competition_id) || !competition || competition.status === "merged") continue;
    ids.add(row.competition_id);
  }
  // Dropped from the catalogue: forgotten, so the map stays the size of what is joined.
  if (asked) for (const id of asked.keys()) if (!ids.has(id)) asked.delete(id);
  const last = (id: number) => asked?.get(id) ?? -1;
  const tier = (id: number) => (last(id) < priority.now - priority.overdueMs ? 0 : priority.urgent.has(id) ? 1 : 2);
  return [...ids].sort((a, b) => tier(a) - tier(b) || last(a) - last(b) || a - b);
}

/** Marks a competition asked at `at`, so the next cycle starts with the ones this one did not reach. */
export function markAsked(state: RotationState, bookmaker: BookmakerKey, competitionId: number, at: number): void {
  let asked = state.get(bookmaker);
  if (!asked) state.set(bookmaker, (asked = new Map()));
  asked.set(competitionId, at);
}
