import { redirect, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsResponse, OddsSummary, SessionUser, UserProfile } from "#shared/contract.ts";
import { DEFAULT_TIME_ZONE, serverContext } from "./server-context.ts";
import { Layout } from "./shell/layout.tsx";
import { ErrorScreen } from "./shell/error-screen.tsx";
import { pickSelection } from "./odds/pick-selection.ts";
import { settle, type Served } from "./odds/served.ts";

export interface RootData {
  timeZone: string;
  now: number;
  /** The user the server rendered for (null when prerendered or logged out); the browser's session store takes over after its check. */
  user: SessionUser | null;
  /** The server could not check this visitor's session cookies because the odds API was unavailable. */
  sessionUnavailable: boolean;
}

/**
 * Dashboard data the server renders into the first HTML; null in the browser, where the page
 * fetches. Each call's failure is kept apart so the page can say which one failed.
 */
export interface DashboardData {
  summary: Served<OddsSummary>;
  league: number | null;
  market: number | null;
  /** Null when no odds were asked for: the summary failed or names no league or market. */
  odds: Served<OddsResponse | null> | null;
}

function rootLoader({ context }: LoaderFunctionArgs): RootData {
  const server = serverContext(context);
  if (server) return { timeZone: server.timeZone, now: server.now, user: server.user, sessionUnavailable: server.sessionUnavailable ?? false };
  return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE, now: Date.now(), user: null, sessionUnavailable: false };
}

/**
 * On the server a protected page without a session is a 302 to / (DESIGN section 6); the browser
 * guards in the page. A session that could not be checked (the API is down) is no logout: no
 * redirect, and no server data either, so the page says the service is unavailable (RequireSession).
 */
function requireUser({ context }: LoaderFunctionArgs) {
  const server = serverContext(context);
  if (server?.sessionUnavailable) return undefined;
  if (server && !server.user) throw redirect("/");
  return server;
}

async function dashboardLoader(args: LoaderFunctionArgs): Promise<DashboardData | null> {
  const server = requireUser(args);
  if (!server) return null;
  const summary = await settle(server.data.summary(LIVE_COUNTRY_ID));
  if (!summary.ok) return { summary, league: null, market: null, odds: null };
  const { league, market } = pickSelection(new URL(args.request.url).searchParams, summary.data);
  const odds = league && market ? await settle(server.data.odds({ country: LIVE_COUNTRY_ID, competition: league, market })) : null;
  return { summary, league, market, odds };
}

async function profileLoader(args: LoaderFunctionArgs): Promise<UserProfile | null> {
  const server = requireUser(args);
  return server ? server.data.me().catch(() => null) : null;
}

/** Pages load on demand so a public page ships only its own code. */
const page = (load: () => Promise<React.ComponentType>) => async () => ({ Component: await load() });


export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: rootLoader,
    shouldRevalidate: () => false,
    Component: Layout,
    ErrorBoundary: ErrorScreen,
    children: [
      { index: true, lazy: page(() => import("./pages/landing.tsx").then((m) => m.LandingPage)) },
      { path: "nigeria", lazy: page(() => import("./pages/nigeria.tsx").then((m) => m.NigeriaPage)) },
      { path: "kenya", lazy: page(() => import("./pages/kenya.tsx").then((m) => m.KenyaPage)) },
      { path: "ghana", lazy: page(() => import("./pages/ghana.tsx").then((m) => m.GhanaPage)) },
      { path: "about", lazy: page(() => import("./pages/about.tsx").then((m) => m.AboutPage)) },
      { path: "terms", lazy: page(() => import("./pages/terms.tsx").then((m) => m.TermsPage)) },
      { path: "privacy", lazy: page(() => import("./pages/privacy.tsx").then((m) => m.PrivacyPage)) },
      { path: "responsible-gambling", lazy: page(() => import("./pages/responsible-gambling.tsx").then((m) => m.ResponsibleGamblingPage)) },
      { id: "dashboard", path: "dashboard", loader: dashboardLoader, lazy: page(() => import("./pages/dashboard.tsx").then((m) => m.DashboardPage)) },
      { id: "profile", path: "profile", loader: profileLoader, lazy: page(() => import("./pages/profile.tsx").then((m) => m.ProfilePage)) },
      { path: "help", loader: (args) => (requireUser(args), null), lazy: page(() => import("./pages/help.tsx").then((m) => m.HelpPage)) },
      { path: "feedback", loader: (args) => (requireUser(args), null), lazy: page(() => import("./pages/feedback.tsx").then((m) => m.FeedbackPage)) },
      { path: "*", lazy: page(() => import("./pages/not-found.tsx").then((m) => m.NotFoundPage)) },
    ],
  },
];
