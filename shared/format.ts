/** Display formatting shared by the server renderer and the browser, so both print the same text. */
import { MARGIN_AVERAGE_MAX, MARGIN_GOOD_MAX } from "./constants.ts";

const ABSENT = "-";

function isNumber(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Margins are shown with this many decimals. */
const MARGIN_DECIMALS = 2;
/** A price keeps up to this many decimals: 1xBet quotes three (2.338), and two would round it up. */
const PRICE_DECIMALS = 3;
const PRICE_FACTOR = 10 ** PRICE_DECIMALS;

/**
 * A price as the user sees it, the same on every screen (docs/design.md, Flags): the bookmaker's own
 * figure to three decimals, cut, never rounded up (a 1.2858 shows 1.285, so no price reads higher
 * than the book pays). Best and the movement arrows judge this number, so two prices that print the
 * same are judged the same. The small epsilon absorbs binary noise: 2.338 is 2337.9999… thousandths.
 */
export function asShown(value: number): number {
  return Math.floor(value * PRICE_FACTOR + 1e-6) / PRICE_FACTOR;
}

/** Odds as shown (asShown): two decimals, or three when the price has them ("2.50", "2.338"); '-' for a missing price (docs/product.md, Event card). */
export function formatOdds(value?: number | null): string {
  if (!isNumber(value)) return ABSENT;
  const three = asShown(value).toFixed(PRICE_DECIMALS);
  return three.endsWith("0") ? three.slice(0, -1) : three;
}

/**
 * A margin to two decimals, and (through marginBadgeColour) the number its badge colour judges,
 * so a badge reading 5.00% is never the colour of 5.01%. toFixed rounds the double's exact value.
 */
function marginText(value: number): string {
  return value.toFixed(MARGIN_DECIMALS);
}

/** Margin in percent with 2 decimals; '-' when the bookmaker's set is incomplete (margin null). */
export function formatMargin(margin?: number | null): string {
  return isNumber(margin) ? `${marginText(margin)}%` : ABSENT;
}

export type MarginBadgeColour = "primary" | "warning" | "danger" | "light";

/**
 * 'light' (neutral) when there is no margin: an incomplete set says nothing about value. The
 * colour follows the margin as shown, so a badge reading 5.00% is never the colour of 5.01%.
 */
export function marginBadgeColour(margin?: number | null): MarginBadgeColour {
  if (!isNumber(margin)) return "light";
  const shown = Number(marginText(margin));
  if (shown <= MARGIN_GOOD_MAX) return "primary";
  if (shown <= MARGIN_AVERAGE_MAX) return "warning";
  return "danger";
}

const countFormat = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

export function formatCount(n?: number | null): string {
  return isNumber(n) ? countFormat.format(n) : ABSENT;
}

/** English ordinal suffix; 11th-13th are the exceptions to the last-digit rule. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  weekday: string;
  monthName: string;
  time: string;
}

const PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "long",
  day: "numeric",
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  // h23, not hour12:false, which some engines render as '24:00' at midnight.
  hourCycle: "h23",
};
const OFFSET: Intl.DateTimeFormatOptions = { timeZoneName: "shortOffset" };

// Building an Intl.DateTimeFormat is costly and a page formats many times in one zone.
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * An en-GB formatter of `options` in `timeZone`, built once and kept: `options` is a module
 * constant, the zones are the runtime's (a few hundred at most). A zone the runtime does not know
 * throws, as the constructor does.
 */
export function zonedFormatter(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  let byZone = formatters.get(options);
  if (!byZone) formatters.set(options, (byZone = new Map()));
  let format = byZone.get(timeZone);
  if (!format) byZone.set(timeZone, (format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone })));
  return format;
}

const partsFormatter = (timeZone: string) => zonedFormatter(PARTS, timeZone);

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const monthName = parts.month ?? "";
  return {
    year: Number(parts.year),
    month: MONTHS.indexOf(monthName) + 1,
    day: Number(parts.day),
    weekday: parts.weekday ?? "",
    monthName,
    time: `${parts.hour}:${parts.minute}`,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar days from `from` to `to`; UTC dates avoid DST gaps in the arithmetic. */
function dayDifference(from: ZonedParts, to: ZonedParts): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS,
  );
}

/**
 * 'GMT+1 (Lagos)': the zone kick-off times are shown in, as its offset from GMT at `at` and its
 * city ('GMT' alone for UTC, which has none), so a time never reads as another zone's.
 */
export function formatTimeZone(timeZone: string, at: Date): string {
  let offset = timeZone;
  try {
    offset = zonedFormatter(OFFSET, timeZone).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    // A zone this runtime does not know: its name says enough.
  }
  // 'GMT+0' reads as plain 'GMT', as on a watch.
  offset = offset.replace(/^GMT\+0$/, "GMT");
  const city = timeZone.includes("/") ? timeZone.slice(timeZone.lastIndexOf("/") + 1).replace(/_/g, " ") : "";
  return city ? `${offset} (${city})` : offset;
}

/** '14:05': the time of day of `date` in `timeZone`, 24-hour. */
export function formatClockTime(date: Date, timeZone: string): string {
  return Number.isNaN(date.getTime()) ? ABSENT : zonedParts(date, timeZone).time;
}

/**
 * 'Today • 15:00', 'Tomorrow • 15:00' or 'Saturday 22nd November • 15:00', comparing the
 * calendar days of kickoff and `now` in `timeZone` (the viewer's zone, not the server's).
 * An unparseable date gives '-' rather than throwing inside a render.
 */
export function formatKickoff(date: string | Date, now: Date, timeZone: string): string {
  const kickoff = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(kickoff.getTime()) || Number.isNaN(now.getTime())) return ABSENT;
  const at = zonedParts(kickoff, timeZone);
  const days = dayDifference(zonedParts(now, timeZone), at);
  if (days === 0) return `Today • ${at.time}`;
  if (days === 1) return `Tomorrow • ${at.time}`;
  return `${at.weekday} ${ordinal(at.day)} ${at.monthName} • ${at.time}`;
}

/** '20 s ago', in minutes from one minute and hours from one hour; a clock ahead of ours reads 0 s. */
export function formatAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/** 'Updated 20 s ago' (formatAgo). */
export function formatUpdatedAgo(at: number, now: number): string {
  return `Updated ${formatAgo(at, now)}`;
}
