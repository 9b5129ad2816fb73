import { isCompetitionId } from "#shared/reference.ts";

/** Prices not confirmed within this many feed intervals are stale and leave the listing (docs/design.md, Collector). */
export const STALE_INTERVALS = 3;
/** A bookmaker not confirmed by its feed for this many intervals is still listed but marked stale (docs/design.md, Collector). */
export const MARKED_STALE_INTERVALS = 2;

/** The oldest confirmation (or listing) still fresh at `now`, for a feed interval of `intervalMs`. */
export function freshSince(now: number, intervalMs: number): number {
  return now - STALE_INTERVALS * intervalMs;
}

/** A bookmaker's market whose newest confirmation is older than this at `now` is marked stale. */
export function markedStaleBefore(now: number, intervalMs: number): number {
  return now - MARKED_STALE_INTERVALS * intervalMs;
}

/**
 * Prices of a competition beyond the four stay in the answers this many intervals, marked stale after
 * MARKED_STALE_INTERVALS like any (docs/design.md, Collected today): the collector asks those in
 * rotation, live every few cycles, so three intervals would drop them between visits.
 */
export const BOARD_STALE_INTERVALS = 10;

/** The oldest confirmation fresh at `now` for any competition: a query's bound before `isFresh` judges each row. */
export function oldestFreshSince(now: number, intervalMs: number): number {
  return now - BOARD_STALE_INTERVALS * intervalMs;
}

/** Whether a price of `competitionId` confirmed at `confirmedAt` is still in the answers at `now`. */
export function isFresh(competitionId: number, confirmedAt: number, now: number, intervalMs: number): boolean {
  return confirmedAt >= (isCompetitionId(competitionId) ? freshSince(now, intervalMs) : oldestFreshSince(now, intervalMs));
}
