/** Prices not confirmed within this many feed intervals are stale (DESIGN section 7). */
export const STALE_INTERVALS = 3;

/** The oldest confirmation (or listing) still fresh at `now`, for a feed interval of `intervalMs`. */
export function freshSince(now: number, intervalMs: number): number {
  return now - STALE_INTERVALS * intervalMs;
}
