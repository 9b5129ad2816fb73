import { useEffect, useState, type JSX } from "react";

import { formatAgo, formatClockTime } from "#shared/format.ts";
import { useOptionalRootData } from "../session/root-data.ts";
import { DEFAULT_TIME_ZONE } from "../server-context.ts";
import { linkLost, useLinkStatus } from "../live/link-status.ts";

export const LINK_LOST_TITLE = "Prices are not updating";

/** The clock while the link is down, each second; none while it is up. */
function useDownClock(downSince: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (downSince === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [downSince]);
  return now;
}

/**
 * The bar under the top bar while live prices do not reach the page: since when, and that the page
 * catches up by itself (docs/product.md, When prices stop). It appears once the drop has lasted
 * LINK_GRACE_MS (a stream renewing its session is back sooner) and goes when the link returns.
 */
export function LinkBar(): JSX.Element | null {
  const downSince = useLinkStatus((state) => state.downSince);
  const now = useDownClock(downSince);
  const root = useOptionalRootData();
  if (!linkLost(downSince, now) || downSince === null) return null;
  const timeZone = root?.timeZone ?? DEFAULT_TIME_ZONE;
  return (
    <div className="link-bar" role="alert">
      <p>
        <strong>{LINK_LOST_TITLE}</strong> since {formatClockTime(new Date(downSince), timeZone)} ({formatAgo(downSince, now)}). The prices shown may be out of date; this
        page catches up by itself when they return.
      </p>
    </div>
  );
}

