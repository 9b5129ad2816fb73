import { useContext } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext, type LoaderFunctionArgs } from "react-router";
import type { SessionUser } from "#shared/contract.ts";
import { DEFAULT_TIME_ZONE, serverContext, type FormFlash, type ServerContext } from "../server-context.ts";

export interface RootData {
  timeZone: string;
  now: number;
  /** The user the server rendered for (null when prerendered or logged out); the browser's session store takes over after its check. */
  user: SessionUser | null;
  /** The server could not check this visitor's session cookies because the odds API was unavailable. */
  sessionUnavailable: boolean;
  /** With sessionUnavailable: when the web tier last reached the odds API (epoch ms), null if it never did. */
  apiLastAnsweredAt?: number | null;
  /**
   * How many selections the signed-in user's betslip held when the server rendered (the top bar's
   * badge: docs/design.md, Betslip); absent when it could not be read, or nobody is signed in.
   */
  slipSize?: number;
  /** A lite page, without the app's script: links and forms only (server/lite/lite-mode.ts). */
  lite?: boolean;
  /** The page's form token and what it says after a post, when the server rendered a page with forms (server/lite/). */
  form?: { token: string; flash: FormFlash | null; path: string };
}

/**
 * The size of the signed-in user's slip, for the badge in the first HTML: a page without JavaScript
 * never reads it after. A slip that cannot be read leaves the badge without a count, never the page
 * without its answer (the data source logs the failed call).
 */
async function slipSize(server: ServerContext): Promise<{ slipSize?: number }> {
  if (!server.user || server.sessionUnavailable) return {};
  try {
    return { slipSize: (await server.data.betslip()).legs.length };
  } catch {
    return {};
  }
}

/** The root route's data: the viewer's clock and zone, who the server rendered for and the size of their slip. */
export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const server = serverContext(context);
  if (server) {
    const unavailable = server.sessionUnavailable ?? false;
    return {
      timeZone: server.timeZone,
      now: server.now,
      user: server.user,
      sessionUnavailable: unavailable,
      ...(unavailable ? { apiLastAnsweredAt: server.apiLastAnsweredAt ?? null } : {}),
      ...(await slipSize(server)),
      ...(server.lite ? { lite: true } : {}),
      ...(server.form ? { form: { token: server.form.token, flash: server.form.flash ?? null, path: (server.path ?? "").split("?")[0]! } } : {}),
    };
  }
  return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE, now: Date.now(), user: null, sessionUnavailable: false };
}

/** The root route's id in client/routes.tsx. */
export const ROOT_ROUTE_ID = "root";

/**
 * The root route's data where it may be missing: a part also rendered outside the route tree (a
 * test, a public page's own render). Read from the router's state as useRouteLoaderData reads it,
 * but undefined rather than an error outside a data router (a form rendered on its own).
 */
export function useOptionalRootData(): RootData | undefined {
  return useContext(DataRouterStateContext)?.loaderData[ROOT_ROUTE_ID] as RootData | undefined;
}

/** The root route's data, for a page of the route tree (every page is under the root route). */
export function useRootData(): RootData {
  const root = useOptionalRootData();
  if (!root) throw new Error("useRootData: rendered outside the root route");
  return root;
}

/**
 * What this page says after a form post made from it (server/lite/flash.ts): only on the page it was
 * left for, as the root's data stays through the app's own navigations.
 */
export function usePageFlash(): FormFlash | null {
  const state = useContext(DataRouterStateContext);
  const form = (state?.loaderData[ROOT_ROUTE_ID] as RootData | undefined)?.form;
  return form && form.path === state?.location.pathname ? form.flash : null;
}
