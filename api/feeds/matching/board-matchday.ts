/**
 * A competition's matchday on the whole board (docs/design.md, Regions and Catalogue steps, step
 * 5): it starts at 05:00 in the region's zone, so a J1 or A-League evening and a European
 * afternoon each stay on their own day, where a day counted in UTC would split them.
 */
const DAY_START_MS = 5 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(zone, found);
  }
  return found;
}

/** The local date (YYYY-MM-DD) of the matchday holding `at`, in `zone` (an IANA name). */
export function zonedMatchday(at: number, zone: string): string {
  return formatter(zone).format(new Date(at - DAY_START_MS));
}
