import type { JSX } from "react";
import { useLocation } from "react-router";
import { formatTimeZone, zonedFormatter } from "#shared/format.ts";
import { useOptionalRootData } from "../session/root-data.ts";

/** '14:05:09': the site's 24-hour clock, to the second, as a bettor comparing two reads wants it. */
const CLOCK: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };

/**
 * What a lite page says in place of live prices (docs/design.md, Pages without JavaScript): no script
 * reads them again there, so it says when they were read, in the bettor's zone
 * (docs/design.md, Time zones), and links to the page again for newer ones. Nothing on the full site, whose prices follow
 * the live stream. `href`: the page to load again, this one (its path and query) unless given.
 */
export function LiteRefresh({ href }: { href?: string }): JSX.Element | null {
  const root = useOptionalRootData();
  const location = useLocation();
  if (!root?.lite) return null;
  const at = new Date(root.now);
  return (
    <p className="lite-refresh is-size-7 mb-2">
      Prices as of {zonedFormatter(CLOCK, root.timeZone).format(at)} {formatTimeZone(root.timeZone, at)}.{" "}
      <a href={href ?? `${location.pathname}${location.search}`}>Refresh prices</a>
    </p>
  );
}

/** Whether this page is a lite one, without the app's script: its copy must not promise what only the app does. */
export function useLitePage(): boolean {
  return useOptionalRootData()?.lite === true;
}
