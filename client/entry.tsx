import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from "react-router";
import { routes } from "./routes.tsx";
import type { RootData } from "./shell/root-loader.ts";

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}

async function start() {
  const hydrationData = window.__staticRouterHydrationData;
  const root = hydrationData?.loaderData?.root as RootData | undefined;
  // A prerendered page was rendered at build time for no one: give it this browser's clock and zone.
  if (root && document.documentElement.hasAttribute("data-prerendered")) {
    root.now = Date.now();
    root.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || root.timeZone;
  }
  // Lazy pages matched by the server must be loaded before hydrating, or the first render differs.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, { hydrationData });
  const container = document.getElementById("root");
  if (!container) return;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (a signed-in dashboard: one 300 ms task on a 4x slower phone;
  // DESIGN section 8, TBT at most 200 ms). A tap meanwhile is replayed once its part is hydrated.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void start();
