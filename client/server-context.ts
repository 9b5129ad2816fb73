import type { SessionUser } from "#shared/contract.ts";
import type { DataSource } from "./loaders/source.ts";

/**
 * What the web tier hands the route loaders when it renders on the server (React Router's
 * request context). In the browser there is none: loaders use the browser's data source (/api).
 */
export interface ServerContext {
  server: true;
  /** The signed-in user, or null (prerendering is always logged out). */
  user: SessionUser | null;
  /**
   * Session cookies came, but the odds API could not be asked whether they are good (it is down):
   * not a logout, so protected pages say the service is unavailable instead of redirecting.
   */
  sessionUnavailable?: boolean;
  /** When the web tier last heard from the odds API (epoch ms), null if never: what the outage page says. */
  apiLastAnsweredAt?: number | null;
  /** The `tz` cookie the client sets, else Africa/Lagos, so kick-off labels hydrate the same. */
  timeZone: string;
  now: number;
  /** The path and query asked for, when rendered per request: a signed-out visitor is sent to sign in for it (client/route-paths.ts, signInFor). */
  path?: string;
  /** The BFF's own data path for this request (server/bff/data-source.ts). */
  data: DataSource;
}

export function serverContext(context: unknown): ServerContext | undefined {
  return context && typeof context === "object" && (context as { server?: unknown }).server === true ? (context as ServerContext) : undefined;
}

export const DEFAULT_TIME_ZONE = "Africa/Lagos";
