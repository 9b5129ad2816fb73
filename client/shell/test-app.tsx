/**
 * Test helpers for the shell and the public pages: the real Layout and pages inside a memory data
 * router, and a stubbed web tier behind globalThis.fetch. Imported by tests only.
 */
import { cleanup, render } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { vi } from "vitest";
import type { AnalyticsEvent, OddsEvent, SessionUser } from "#shared/contract.ts";
import { useDialogs } from "../dialogs/store.ts";
import { AboutPage } from "../pages/about.tsx";
import { GhanaPage } from "../pages/ghana.tsx";
import { HelpPage } from "../pages/help.tsx";
import { KenyaPage } from "../pages/kenya.tsx";
import { LandingPage } from "../pages/landing.tsx";
import { NigeriaPage } from "../pages/nigeria.tsx";
import { NotFoundPage } from "../pages/not-found.tsx";
import { PrivacyPage } from "../pages/privacy.tsx";
import { ResponsibleGamblingPage } from "../pages/responsible-gambling.tsx";
import { TermsPage } from "../pages/terms.tsx";
import type { RootData } from "../routes.tsx";
import { useSession } from "../session/store.ts";
import { ErrorScreen } from "./error-screen.tsx";
import { Layout } from "./layout.tsx";

export const TEST_NOW = Date.parse("2025-11-22T12:00:00Z");
export const USER: SessionUser = {
  id: "u1",
  username: "ada",
  country: "1",
  registrationDate: "2025-01-02T03:04:05.000Z",
};

/** A reply of the stubbed web tier; `pending` never settles (a call still in flight). */
export type Reply =
  { status?: number; data?: unknown; error?: { code: string; description: string } } | "pending";

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch as the web tier. Keys are "METHOD /api/path?query". Unless given, /api/session
 * answers 401 (logged out), and analytics beacons and logout answer 200.
 */
export function stubApi(replies: Record<string, Reply> = {}) {
  const routes: Record<string, Reply> = {
    "GET /api/session": { status: 401, error: { code: "AUTH_REQUIRED", description: "Please log in." } },
    "POST /api/events": { data: { ok: true } },
    "POST /api/users/logout": { data: { ok: true } },
    ...replies,
  };
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? "GET";
    const path = String(input);
    calls.push({
      method,
      path,
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const reply = routes[`${method} ${path}`] ?? {
      status: 599,
      error: { code: "UNSTUBBED", description: `${method} ${path}` },
    };
    if (reply === "pending") return new Promise<Response>(() => {});
    const status = reply.status ?? 200;
    const payload = reply.error ? { error: { type: "server", ...reply.error } } : { data: reply.data };
    return Promise.resolve({
      ok: status < 300,
      status,
      text: async () => JSON.stringify(payload),
    } as Response);
  });
  vi.stubGlobal("fetch", fetchStub);
  return {
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    /** The analytics beacons sent so far. */
    events: () =>
      calls.filter((call) => call.path === "/api/events").map((call) => call.body as AnalyticsEvent),
  };
}

export const loggedIn = (): Record<string, Reply> => ({ "GET /api/session": { data: { user: USER } } });

const stub = (title: string) => () => <h1>{title}</h1>;

/** The app's route tree with this folder's pages and placeholders for the colleagues' pages. */
export function testRoutes(extraChildren: RouteObject[] = []): RouteObject[] {
  const root: RootData = { timeZone: "Africa/Lagos", now: TEST_NOW, user: null, sessionUnavailable: false };
  return [
    {
      id: "root",
      path: "/",
      loader: () => root,
      shouldRevalidate: () => false,
      HydrateFallback: () => null,
      Component: Layout,
      ErrorBoundary: ErrorScreen,
      children: [
        { index: true, Component: LandingPage },
        { path: "nigeria", Component: NigeriaPage },
        { path: "kenya", Component: KenyaPage },
        { path: "ghana", Component: GhanaPage },
        { path: "about", Component: AboutPage },
        { path: "terms", Component: TermsPage },
        { path: "privacy", Component: PrivacyPage },
        { path: "responsible-gambling", Component: ResponsibleGamblingPage },
        { path: "dashboard", Component: stub("Dashboard page") },
        { path: "profile", Component: stub("Profile page") },
        { path: "help", Component: HelpPage },
        { path: "feedback", Component: stub("Feedback page") },
        ...extraChildren,
        { path: "*", Component: NotFoundPage },
      ],
    },
  ];
}

export function renderApp(path: string, extraChildren: RouteObject[] = []) {
  const router = createMemoryRouter(testRoutes(extraChildren), { initialEntries: [path] });
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user, path: () => router.state.location.pathname };
}

/** Fresh stores, storage and cookies for every test; the stores are module singletons. */
export function resetApp() {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ user: null, loading: true });
  useDialogs.setState({ open: null, email: "", verifyContext: "registration" });
  localStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/** An upcoming match with 1X2 prices from two bookmakers. */
export function oddsEvent(id: number): OddsEvent {
  return {
    id: `e${id}`,
    name: `Home ${id} vs Away ${id}`,
    home: `Home ${id}`,
    away: `Away ${id}`,
    date: new Date(TEST_NOW + id * 3_600_000).toISOString(),
    competitionId: 1,
    markets: [
      {
        marketId: 1,
        odds: [1, 2].map((provider) => ({
          provider,
          margin: 5.5,
          updatedAt: new Date(TEST_NOW).toISOString(),
          odds: [
            { selectionTypeId: 1, value: 2.1, flags: 8 },
            { selectionTypeId: 2, value: 3.3, flags: 0 },
            { selectionTypeId: 3, value: 3.6, flags: 2 },
          ],
        })),
      },
    ],
  };
}
