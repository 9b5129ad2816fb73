import { useEffect, useState } from "react";
import { redirect } from "react-router";
import { signInFor } from "../route-paths.ts";
import { serverContext } from "../server-context.ts";
import { useSession } from "../session/store.ts";
import { browserDataSource } from "./source.ts";
import type { DataSource } from "../server-context.ts";

/** A value a loader hands its page: settled on the server, still arriving in the browser. */
export type Arriving<T> = T | Promise<T>;

/**
 * The data source for a protected page's loader. On the server a visitor without a session is a
 * 302 to /?next=<the page> (docs/design.md, Protected pages), where sign-in opens and leads back; a session nobody could check (the API is down) is no logout and
 * loads nothing, so the page says the service is unavailable (RequireSession). In the browser a
 * known visitor loads nothing either: RequireSession sends them home.
 */
export function protectedSource(context: unknown): DataSource | undefined {
  const server = serverContext(context);
  if (server) {
    if (server.sessionUnavailable) return undefined;
    if (!server.user) throw redirect(server.path ? signInFor(server.path) : "/");
    return server.data;
  }
  const { user, loading } = useSession.getState();
  return !loading && !user ? undefined : browserDataSource;
}

/**
 * A loader's answer. Hydration data is JSON, so on the server every value is awaited and the first
 * HTML holds it; in the browser the promises go to the page, which shows its loading states
 * (docs/product.md, Authentication flow) while they arrive (useArrived), and the navigation itself is not
 * held up.
 */
export async function deliver<T extends Record<string, unknown>>(context: unknown, data: T): Promise<T> {
  if (!serverContext(context)) return data;
  const settled = await Promise.all(Object.entries(data).map(async ([key, value]) => [key, await value] as const));
  return Object.fromEntries(settled) as T;
}

/**
 * Reads an arriving value: at once when it is there, undefined while it is on its way (the page
 * shows its loading state). A value that a newer one replaced is dropped when it comes.
 */
export function useArrived<T>(value: Arriving<T>): T | undefined {
  const [arrived, setArrived] = useState<{ from: Promise<T>; value: T }>();
  useEffect(() => {
    if (!(value instanceof Promise)) return;
    let live = true;
    void value.then((settled) => live && setArrived({ from: value, value: settled }));
    return () => {
      live = false;
    };
  }, [value]);
  if (!(value instanceof Promise)) return value;
  return arrived?.from === value ? arrived.value : undefined;
}

/**
 * The data source for what a signed-out visitor may see of a signed-in page (the match page's
 * heading: docs/product.md, Shared links), or undefined for anyone else: a signed-in user, a session
 * nobody could check, or a browser still checking.
 */
export function visitorSource(context: unknown): DataSource | undefined {
  const server = serverContext(context);
  if (server) return server.user || server.sessionUnavailable ? undefined : server.data;
  const { user, loading } = useSession.getState();
  return !loading && !user ? browserDataSource : undefined;
}
