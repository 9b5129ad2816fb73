import { zonedFormatter } from "#shared/format.ts";

/** The Today and Tomorrow views (docs/design.md, Board pages): which calendar day, in the bettor's zone. */
export const BOARD_DAYS = ["today", "tomorrow"] as const;
export type BoardDay = (typeof BOARD_DAYS)[number];
export const BOARD_DAY_LABELS: Record<BoardDay, string> = { today: "Today", tomorrow: "Tomorrow" };

/** `?day=`: tomorrow when it says so, else today. */
export function parseBoardDay(params: URLSearchParams): BoardDay {
  return params.get("day") === "tomorrow" ? "tomorrow" : "today";
}

const DAY_MS = 86_400_000;
const OFFSET_PARTS: Intl.DateTimeFormatOptions = { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" };

/** How far `timeZone`'s clock is ahead of UTC at `epochMs`, in ms. */
function zoneOffset(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of zonedFormatter(OFFSET_PARTS, timeZone).formatToParts(epochMs)) parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The instant a calendar day (days since 1970-01-01) starts in `timeZone`, asked twice so a change of offset that day is read at its start. */
function zonedMidnight(dayNumber: number, timeZone: string): number {
  const utcMidnight = dayNumber * DAY_MS;
  const guess = utcMidnight - zoneOffset(utcMidnight, timeZone);
  return utcMidnight - zoneOffset(guess, timeZone);
}

/** The calendar day of `epochMs` in `timeZone`, as days since 1970-01-01. */
function zonedDay(epochMs: number, timeZone: string): number {
  return Math.floor((epochMs + zoneOffset(epochMs, timeZone)) / DAY_MS);
}

/**
 * The day's page bounds (docs/design.md, Catalogue API): `from`, the instant the day starts in the
 * bettor's zone (the first page's cursor `<from>~`), and `until`, the instant the next one starts.
 */
export function dayBounds(day: BoardDay, now: number, timeZone: string): { from: number; until: number } {
  const today = zonedDay(now, timeZone);
  const first = day === "today" ? today : today + 1;
  return { from: zonedMidnight(first, timeZone), until: zonedMidnight(first + 1, timeZone) };
}

/** A page's `next` cursor as the API writes it (`<kick-off ms>~<event id>`): anything else in the URL is ignored. */
const CURSOR = /^\d{1,15}~[^\s]{0,300}$/;
export const isCursor = (text: string | null): text is string => text !== null && CURSOR.test(text);
