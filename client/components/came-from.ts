import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** For each history entry (its location key): the page and query it was opened from. */
const cameFrom = new Map<string, string>();
/** The last dashboard this tab showed, with its league, market, view and day. */
let lastDashboard: string | undefined;

const DASHBOARD = "/dashboard";
const isDashboard = (path: string | undefined) => path !== undefined && (path === DASHBOARD || path.startsWith(`${DASHBOARD}?`));

/**
 * Notes where each page was opened from, so "Back to the dashboard" can be Back when the bettor
 * came from the dashboard (docs/product.md, Back keeps your place). Called once, by the shell.
 */
export function useTrackCameFrom(): void {
  const location = useLocation();
  const type = useNavigationType();
  const previous = useRef<{ key: string; path: string } | undefined>(undefined);
  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    const before = previous.current;
    if (type === "PUSH" && before) cameFrom.set(location.key, before.path);
    // Replaced in place (a choice of league or market): the entry still came from where it did.
    else if (type === "REPLACE" && before && cameFrom.has(before.key)) cameFrom.set(location.key, cameFrom.get(before.key)!);
    if (isDashboard(path)) lastDashboard = path;
    previous.current = { key: location.key, path };
  }, [location, type]);
}

/** Whether the entry with this key was opened from the dashboard, and the dashboard to link to otherwise. */
export function dashboardReturn(key: string): { back: boolean; to: string } {
  return { back: isDashboard(cameFrom.get(key)), to: lastDashboard ?? DASHBOARD };
}
