/** The dashboard's day filter (docs/design.md, Finding a match on the dashboard): which kick-offs to show, by calendar day in the viewer's zone. */
export const DAYS = ["today", "tomorrow", "weekend", "all"] as const;
export type Day = (typeof DAYS)[number];

export const DAY_LABELS: Record<Day, string> = { today: "Today", tomorrow: "Tomorrow", weekend: "Weekend", all: "All" };

/** The copy when a day has no match (the spec's own messages stay for 'All'). */
export const NO_MATCHES_ON: Record<Exclude<Day, "all">, string> = {
  today: "No matches today.",
  tomorrow: "No matches tomorrow.",
  weekend: "No matches this weekend.",
};

/** `?day=`; anything else (or nothing) is All. */
export function parseDay(params: URLSearchParams): Day {
  const day = params.get("day");
  return DAYS.find((known) => known === day) ?? "all";
}

const DAY_MS = 86_400_000;
const SATURDAY = 6;

// Building an Intl.DateTimeFormat is costly and a list judges many kick-offs in one zone.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `epochMs` in `timeZone`, as days since 1970-01-01 (a Thursday). */
function zonedDayNumber(epochMs: number, timeZone: string): number {
  let format = dateFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    dateFormatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(epochMs)) parts[part.type] = Number(part.value);
  return Math.round(Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1) / DAY_MS);
}

const weekday = (dayNumber: number) => (dayNumber + 4) % 7;

/** The calendar days a filter keeps. Weekend: the coming Saturday and Sunday, or this one when today is one of them. */
function daysOf(day: Exclude<Day, "all">, today: number): number[] {
  if (day === "today") return [today];
  if (day === "tomorrow") return [today + 1];
  const saturday = weekday(today) === 0 ? today - 1 : today + (SATURDAY - weekday(today));
  return [saturday, saturday + 1];
}

/** A test for kick-offs (ISO dates) against the filter, judged at `now` in the viewer's `timeZone`. */
export function dayMatcher(day: Day, now: number, timeZone: string): (date: string) => boolean {
  if (day === "all") return () => true;
  const kept = new Set(daysOf(day, zonedDayNumber(now, timeZone)));
  return (date) => {
    const at = Date.parse(date);
    return !Number.isNaN(at) && kept.has(zonedDayNumber(at, timeZone));
  };
}

/**
 * The filter to offer when the chosen day has no match: the first of Today, Tomorrow, Weekend or All
 * that holds the kick-off `date`, judged at `now` in the viewer's zone.
 */
export function dayOf(date: string, now: number, timeZone: string): Day {
  for (const day of ["today", "tomorrow", "weekend"] as const) if (dayMatcher(day, now, timeZone)(date)) return day;
  return "all";
}
