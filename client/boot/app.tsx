import { StrictMode, type JSX } from "react";
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from "react-router";
import { routes } from "../routes.tsx";
import { giveBrowserClock } from "./browser-clock.ts";
import type { ServerRendered } from "./start.ts";

/**
 * The app as the server rendered it, for client/entry.tsx to hydrate: the router over the route
 * tree with the data the server's loaders gave and the matched lazy pages already loaded.
 */
export async function serverRenderedApp({ location, hydrationData, prerendered }: ServerRendered): Promise<JSX.Element> {
  if (prerendered && hydrationData?.loaderData) giveBrowserClock(hydrationData.loaderData);
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
