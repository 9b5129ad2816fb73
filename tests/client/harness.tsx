/**
 * The client tests' one harness: real pages and shell inside a memory data router shaped like
 * client/routes.tsx, a stubbed web tier behind globalThis.fetch (the only stand-in: the browser's
 * network), fake time for the dialogs, and factories for the contract's shapes.
 */
import type { ComponentType } from "react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from "react-router";
import { afterEach, beforeAll, beforeEach, onTestFinished, vi } from "vitest";
import type { AnalyticsEvent, EventMarket, OddsEvent, OddsSummary, ProviderOdds, SessionUser } from "#shared/contract.ts";
import { DialogHost, loadDialogs } from "#client/dialogs/dialog-host.tsx";
import { useBetslip } from "#client/betslip/store.ts";
import { useDialogs } from "#client/dialogs/store.ts";
import { AboutPage } from "#client/pages/info/about.tsx";
import { GhanaPage } from "#client/pages/public/ghana.tsx";
import { HelpPage } from "#client/pages/info/help.tsx";
import { KenyaPage } from "#client/pages/public/kenya.tsx";
import { LandingPage } from "#client/pages/public/landing.tsx";
import { NigeriaPage } from "#client/pages/public/nigeria.tsx";
import { NotFoundPage } from "#client/pages/info/not-found.tsx";
import { PrivacyPage } from "#client/pages/info/privacy.tsx";
import { ResponsibleGamblingPage } from "#client/pages/info/responsible-gambling.tsx";
import { TermsPage } from "#client/pages/info/terms.tsx";
import { useSession } from "#client/session/store.ts";
import { setLoadingFloor } from "#client/loaders/min-delay.ts";
import { MIN_LOADING_MS } from "#shared/constants.ts";
import { ErrorScreen } from "#client/shell/error-screen.tsx";
import { Layout } from "#client/shell/layout.tsx";
import type { RootData } from "#client/session/root-data.ts";

export const TEST_NOW = Date.parse("2025-11-22T12:00:00Z");
export const USER: SessionUser = {
  id: "u1",
  username: "ada",
  country: "1",
  registrationDate: "2025-01-02T03:04:05.000Z",
};

/* ---- the stubbed web tier ---- */

/** What the stubbed web tier answers: `{data}` or the contract's error envelope. */
export type PlainReply = {
  status?: number;
  data?: unknown;
  error?: { code: string; description: string; type?: string; fields?: Array<{ field: string; code: string; description: string }> };
  headers?: Record<string, string>;
};

/** A reply held back until its test lets it go (`heldReply`). */
export interface HeldBack {
  gate: Promise<void>;
  reply: PlainReply;
}

/** A reply of the stubbed web tier: a plain one, one held back, or `pending` (never settles). */
export type Reply = PlainReply | HeldBack | "pending";

/**
 * A reply that arrives only when `release()` is called: for a test that reads what the page shows
 * while an answer is on its way (the tests run with no minimum loading display: tests/client/setup.ts).
 */
export function heldReply(reply: PlainReply): { reply: HeldBack; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { reply: { gate, reply }, release };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

const DEFAULT_REPLIES: Record<string, Reply> = {
  "GET /api/session": { status: 401, error: { code: "AUTH_REQUIRED", description: "Please log in." } },
  "POST /api/users/logout": { data: { ok: true } },
  // A signed-in shell reads the user's betslip (client/betslip/sync/use-betslip-sync.ts): a new user's is empty.
  "GET /api/users/betslip": { data: { stake: 1000, legs: [], bookmakers: [], biddable: 0, updatedAt: null } },
};

/** A minimal Response: real ones read their body through streams, which fake timers could stall. */
function answer(reply: PlainReply): Response {
  const status = reply.status ?? 200;
  const payload = reply.error ? { error: { type: "server", ...reply.error } } : { data: reply.data };
  return { ok: status >= 200 && status < 300, status, headers: new Headers(reply.headers), text: async () => JSON.stringify(payload) } as Response;
}

/**
 * Stubs fetch as the web tier. Keys are "METHOD /api/path?query"; a list answers in turn (the last
 * one repeats). Unless given, /api/session answers 401 (logged out), logout 200 and the betslip empty; analytics
 * beacons are always accepted, and every call is recorded.
 */
export function stubApi(replies: Record<string, Reply | Reply[]> = {}) {
  const queues = new Map(Object.entries({ ...DEFAULT_REPLIES, ...replies }).map(([key, reply]) => [key, Array.isArray(reply) ? [...reply] : [reply]]));
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? "GET";
    const path = String(input);
    calls.push({ method, path, body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined });
    const key = `${method} ${path}`;
    const queue = queues.get(key);
    const reply: Reply =
      key === "POST /api/events" ? { data: { ok: true } } : queue && queue.length > 1 ? queue.shift()! : (queue?.[0] ?? { status: 599, error: { code: "UNSTUBBED", description: key } });
    if (reply === "pending") return new Promise<Response>(() => {});
    if ("gate" in reply) return reply.gate.then(() => answer(reply.reply));
    return Promise.resolve(answer(reply));
  });
  vi.stubGlobal("fetch", fetchStub);
  return {
    calls,
    /** Calls to one endpoint, e.g. "POST /api/users/login". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    /** The analytics beacons sent so far. */
    events: () => calls.filter((call) => call.path === "/api/events").map((call) => call.body as AnalyticsEvent),
  };
}

export function errorReply(status: number, code: string, description = code): Reply {
  return { status, error: { code, description } };
}

export const loggedIn = (): Record<string, Reply> => ({ "GET /api/session": { data: { user: USER } } });

/** A real JSON answer, for tests that stub fetch with their own function. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/* ---- one page in a memory data router ---- */

export interface RenderPageOptions {
  path: string;
  url?: string;
  Component: ComponentType;
  /** The page module's own loader (and revalidation rule), run as in the browser. */
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
  /** What the server rendered the page with: the router hydrates it and the loader does not run first. */
  served?: unknown;
  now?: number;
  timeZone?: string;
  user?: SessionUser | null;
  /** A lite page's root (server/lite/lite-mode.ts): its copy and its Refresh link, as the server renders them. */
  lite?: boolean;
}

export function renderPage({ path, url = `/${path}`, Component, loader, shouldRevalidate, served, now = Date.now(), timeZone = "Africa/Lagos", user = USER, lite }: RenderPageOptions) {
  useSession.setState({ user, loading: false });
  const root: RootData = { timeZone, now, user, sessionUnavailable: false, ...(lite ? { lite } : {}) };
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => root,
        shouldRevalidate: () => false,
        HydrateFallback: () => null,
        children: [
          { index: true, Component: () => <p>Home page</p> },
          { id: "page", path, loader, shouldRevalidate, Component },
        ],
      },
    ],
    { initialEntries: [url], ...(served === undefined ? {} : { hydrationData: { loaderData: { root, page: served } } }) },
  );
  // A navigation still under way must not call the next test's stubbed fetch.
  onTestFinished(() => router.dispose());
  return { router, ...render(<RouterProvider router={router} />) };
}

/* ---- the shell and the public pages ---- */

const placeholder = (title: string) => () => <h1>{title}</h1>;

/** The app's route tree with the real shell and public pages, and placeholders for the pages with data. */
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
        { path: "dashboard", Component: placeholder("Dashboard page") },
        { path: "profile", Component: placeholder("Profile page") },
        { path: "help", Component: HelpPage },
        { path: "feedback", Component: placeholder("Feedback page") },
        ...extraChildren,
        { path: "*", Component: NotFoundPage },
      ],
    },
  ];
}

export function renderApp(path: string, extraChildren: RouteObject[] = []) {
  const router = createMemoryRouter(testRoutes(extraChildren), { initialEntries: [path] });
  onTestFinished(() => router.dispose());
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user, path: () => router.state.location.pathname };
}

// The dialogs load on first use in the app (dialog-host.tsx); component tests open them at once,
// so every file that uses the harness has them loaded before its first test. The lazy loading
// itself is checked in the browser (tests/e2e/page-weight.spec.ts).
beforeAll(() => loadDialogs());

/** Fresh stores, storage and cookies for every test; the stores are module singletons. */
export function resetApp() {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ user: null, loading: true, unavailable: false, signedOut: false });
  useDialogs.setState({ open: null, email: "", verifyContext: "registration", returnTo: null });
  useBetslip.getState().reset();
  localStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/* ---- dialogs, on fake time ---- */

/** Fake clock for every dialog test: the 300 ms minimum, the 300 ms exit and the 60 s cooldown run on it. */
export function setupDialogTests() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    // On fake time the product's minimum loading display costs nothing, and these tests read it.
    setLoadingFloor(MIN_LOADING_MS);
    // Testing Library drains its async wrapper with a setTimeout(0) that it advances only when it
    // sees Jest's fake timers; this tells it about vitest's, or every user-event call would hang.
    vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    useDialogs.setState({ open: null, email: "", verifyContext: "registration" });
    useSession.setState({ user: null, loading: false });
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setLoadingFloor(0);
  });
}

/** Lets `ms` of fake time pass, with React updates and pending promises flushed. */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

export function showDialog(...args: Parameters<ReturnType<typeof useDialogs.getState>["show"]>) {
  act(() => useDialogs.getState().show(...args));
}

/** The host as the shell mounts it: once, above the pages, inside a data router with "/" and "/dashboard". */
export function renderHost() {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <Outlet />
            <DialogHost />
          </>
        ),
        children: [
          {
            index: true,
            element: (
              <button type="button" onClick={() => useDialogs.getState().show("login")}>
                Open login
              </button>
            ),
          },
          { path: "dashboard", element: <h1>Dashboard page</h1> },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  render(<RouterProvider router={router} />);
  return { router, user, path: () => router.state.location.pathname };
}

export function openDialogElement() {
  return screen.getByRole("dialog");
}

/* ---- the odds contract's shapes ---- */

export function providerOdds(provider: number, prices: Array<[selectionTypeId: number, value: number, flags?: number]>, margin: number | null = 5.5): ProviderOdds {
  return { provider, margin, updatedAt: "2026-11-22T09:00:00.000Z", odds: prices.map(([selectionTypeId, value, flags = 0]) => ({ selectionTypeId, value, flags })) };
}

export function market(marketId: number, odds: ProviderOdds[]): EventMarket {
  return { marketId, odds };
}

let counter = 0;

export function oddsEvent(overrides: Partial<OddsEvent> = {}): OddsEvent {
  counter += 1;
  return {
    id: `ev-${counter}`,
    name: "Arsenal vs Chelsea",
    home: "Arsenal",
    away: "Chelsea",
    date: "2026-11-22T15:00:00.000Z",
    competitionId: 1,
    markets: [market(1, [providerOdds(1, [[1, 2.1], [2, 3.4], [3, 3.25]])])],
    ...overrides,
  };
}

/** Upcoming match number `id` after TEST_NOW, with 1X2 prices from two bookmakers (the public pages' preview). */
export function previewEvent(id: number): OddsEvent {
  return oddsEvent({
    id: `e${id}`,
    name: `Home ${id} vs Away ${id}`,
    home: `Home ${id}`,
    away: `Away ${id}`,
    date: new Date(TEST_NOW + id * 3_600_000).toISOString(),
    markets: [
      market(
        1,
        [1, 2].map((provider) => ({
          provider,
          margin: 5.5,
          updatedAt: new Date(TEST_NOW).toISOString(),
          odds: [
            { selectionTypeId: 1, value: 2.1, flags: 8 },
            { selectionTypeId: 2, value: 3.3, flags: 0 },
            { selectionTypeId: 3, value: 3.6, flags: 2 },
          ],
        })),
      ),
    ],
  });
}

export function summary(overrides: Partial<OddsSummary> = {}): OddsSummary {
  return { numEvents: 42, numBookmakers: 5, marketIds: [1, 4, 7], competitionIds: [1, 2, 3], numOdds: 12345, ...overrides };
}
