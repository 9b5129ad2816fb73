import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/**
 * The time kick-off labels are measured from. The first render uses `initial` (the root loader's,
 * which the server rendered with) so hydration matches; after mount it follows the real clock
 * each minute, so 'Today' turns over at midnight and a long-open tab does not go stale.
 */
export function useNow(initial: number, intervalMs = MINUTE_MS): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
