import { useEffect, useState } from "react";

/** setTimeout's longest delay; a page is not left open that long before a kick-off. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the match has kicked off, by the page's clock (`pageNow`: the root loader's time when the
 * page rendered), turning true at the kick-off instant on a page left open: the match page and the
 * dashboard's cards then say "Started" and offer nothing more to the betslip (docs/product.md,
 * Match page; docs/product.md, Event card).
 */
export function useKickedOff(date: string, started: boolean, pageNow: number): boolean {
  const kickoff = Date.parse(date);
  const [passed, setPassed] = useState(() => started || (Number.isFinite(kickoff) && pageNow >= kickoff));
  useEffect(() => {
    if (passed || !Number.isFinite(kickoff)) return;
    const delay = kickoff - pageNow;
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setPassed(true), Math.max(0, delay));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's clock is its first render's: a later root time must not restart the wait
  }, [passed, kickoff]);
  return passed || started;
}
