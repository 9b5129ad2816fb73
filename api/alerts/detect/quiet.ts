/**
 * Quiet hours (docs/design.md, The sender): a non-urgent alert written inside the bettor's quiet
 * hours waits until they end, in the bettor's own zone.
 */

const MINUTES_A_DAY = 1440;

/** Minutes and seconds after midnight at `now` in `timeZone`. */
function clockIn(timeZone: string, now: number): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(now));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: part("hour") * 60 + part("minute"), seconds: part("second") };
}

/**
 * When an alert may go out: now outside quiet hours, else the minute they end (a window past
 * midnight, 22:00-07:00, wraps). `from`/`to` are minutes after midnight; null: no quiet hours.
 */
export function quietUntil(settings: { timeZone: string; from: number | null; to: number | null }, now: number): number {
  const { from, to } = settings;
  if (from === null || to === null || from === to) return now;
  let local: { minutes: number; seconds: number };
  try {
    local = clockIn(settings.timeZone, now);
  } catch {
    // A zone this runtime no longer knows: Lagos, the default.
    local = clockIn("Africa/Lagos", now);
  }
  const inside = from < to ? local.minutes >= from && local.minutes < to : local.minutes >= from || local.minutes < to;
  if (!inside) return now;
  const minutesLeft = (to - local.minutes + MINUTES_A_DAY) % MINUTES_A_DAY;
  return now + minutesLeft * 60_000 - local.seconds * 1000 - (now % 1000);
}
