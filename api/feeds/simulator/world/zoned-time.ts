/**
 * Local kick-off times to UTC: a competition's templates are local times in its region's zone
 * (docs/design.md, Regions), so a J1 Saturday 14:00 lands on Saturday 05:00 UTC and summer time
 * moves European kick-offs as it does on the real boards.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
export function zoneOffsetMs(instant: number, zone: string): number {
  const parts = formatter(zone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of "HH:MM" on the calendar day starting at `dayUtc` (00:00 UTC), read in `zone`. */
export function localTimeToUtc(dayUtc: number, time: string, zone: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const wall = dayUtc + (hours * 60 + minutes) * 60_000;
  // Twice: the offset at the first guess can differ from the offset at the answer near a change.
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}
