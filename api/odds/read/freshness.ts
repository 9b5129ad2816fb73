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
