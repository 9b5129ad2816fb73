import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/**
 * The time kick-off labels are measured from. The first render uses `initial` (the root loader's,
 * which the server rendered with) so hydration matches; after mount it follows the real clock
 * each minute, so 'Today' turns over at midnight and a long-open tab does not go stale. It catches
 * up at mount only when the browser's clock is a whole interval or more from `initial`, ahead (a
 * page restored hours later) or behind (a phone whose clock is not the server's: its own clock
 * is what 'Today' means to the bettor); nearer, a catch-up right after the server's render
 * would be a second render of every card for nothing (dashboard TBT).
 */
export function useNow(initial: number, intervalMs = MINUTE_MS): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    if (Math.abs(Date.now() - initial) >= intervalMs) setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is only the first render's time: a later value must not restart the clock
  }, [intervalMs]);
  return now;
}
