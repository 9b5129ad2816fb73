import type { LoaderFunctionArgs } from "react-router";
import type { SessionUser } from "#shared/contract.ts";
import { DEFAULT_TIME_ZONE, serverContext } from "../server-context.ts";

export interface RootData {
  timeZone: string;
  now: number;
  /** The user the server rendered for (null when prerendered or logged out); the browser's session store takes over after its check. */
  user: SessionUser | null;
  /** The server could not check this visitor's session cookies because the odds API was unavailable. */
  sessionUnavailable: boolean;
}

/** The root route's data: the viewer's clock and zone, and who the server rendered for. */
export function rootLoader({ context }: LoaderFunctionArgs): RootData {
  const server = serverContext(context);
  if (server) return { timeZone: server.timeZone, now: server.now, user: server.user, sessionUnavailable: server.sessionUnavailable ?? false };
  return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE, now: Date.now(), user: null, sessionUnavailable: false };
}
