import { DEFAULT_TIME_ZONE, serverContext } from "../server-context.ts";

/**
 * The clock and zone a board page's loader judges days by (docs/design.md, Time zones): the server's
 * render time and the `tz` cookie's zone, else the browser's own, which that cookie carries.
 */
export function viewerClock(context: unknown): { now: number; timeZone: string } {
  const server = serverContext(context);
  if (server) return { now: server.now, timeZone: server.timeZone };
  return { now: Date.now(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE };
}
