/** Kick-off renderings of the sites: Lagos is UTC+1 all year (West Africa Time has no DST). */

const LAGOS_OFFSET_MS = 60 * 60_000;

/** "2026-11-28 15:00:00" (or with "T"): Bet9ja's naive STARTDATE, which is UTC (docs/design.md, Bet9ja feed). */
export function utcNaive(ms: number, separator: " " | "T"): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", separator);
}

/** "2026-11-28T16:00:00+01:00": BetKing's ISO time with the Lagos offset. */
export function lagosIso(ms: number): string {
  return `${utcNaive(ms + LAGOS_OFFSET_MS, "T")}+01:00`;
}

/** "2026-11-28T15:00:00Z": UTC without milliseconds (Altenar, Bet9ja's STARTDATEUTC). */
export function utcIso(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
