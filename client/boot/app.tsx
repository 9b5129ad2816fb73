import { StrictMode, type JSX } from "react";
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState, type RouteObject } from "react-router";
import { routes } from "../routes.tsx";
import type { RootData } from "../shell/root-loader.ts";

/** Where and what the server rendered: the URL, its loaders' data, and whether the page was prerendered at build time. */
export interface ServerRendered {
  location: Location;
  hydrationData: HydrationState | undefined;
  prerendered: boolean;
}

/**
 * The app as the server rendered it, for client/entry.tsx to hydrate: the router over the route
 * tree with the data the server's loaders gave and the matched lazy pages already loaded.
 */
export async function serverRenderedApp({ location, hydrationData, prerendered }: ServerRendered): Promise<JSX.Element> {
  const root = hydrationData?.loaderData?.root as RootData | undefined;
  // A prerendered page was rendered at build time for no one: give it this browser's clock and zone.
  if (root && prerendered) {
    root.now = Date.now();
    root.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || root.timeZone;
  }
  await loadMatchedPages(routes, location);
  const router = createBrowserRouter(routes, { hydrationData });
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}

/** Lazy pages the server rendered must be loaded before hydrating, or the first render differs. */
async function loadMatchedPages(tree: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(tree, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
