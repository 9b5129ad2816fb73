/** Test helper (not shipped): renders one page inside a memory data router shaped like routes.tsx. */
import type { ComponentType } from "react";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { SessionUser } from "#shared/contract.ts";
import type { RootData } from "../routes.tsx";
import { useSession } from "../session/store.ts";

export const TEST_USER: SessionUser = {
  id: "u1",
  username: "ada",
  country: "1",
  registrationDate: "2026-01-05T10:00:00.000Z",
};

export interface RenderPageOptions {
  path: string;
  url?: string;
  Component: ComponentType;
  /** What the page's own loader answers (null: the browser case, where the page fetches). */
  data?: unknown;
  now?: number;
  timeZone?: string;
  user?: SessionUser | null;
}

export function renderPage({
  path,
  url = `/${path}`,
  Component,
  data = null,
  now = Date.now(),
  timeZone = "Africa/Lagos",
  user = TEST_USER,
}: RenderPageOptions) {
  useSession.setState({ user, loading: false });
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: (): RootData => ({ timeZone, now, user, sessionUnavailable: false }),
        HydrateFallback: () => null,
        children: [
          { index: true, Component: () => <p>Home page</p> },
          { path, loader: () => data, Component },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

/** A JSON answer for a stubbed fetch. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
