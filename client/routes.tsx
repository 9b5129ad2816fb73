import type { LoaderFunctionArgs, RouteObject } from "react-router";
import { protectedSource } from "./loaders/page-data.ts";
import { PUBLIC_PAGES } from "./public-pages.ts";
import { Layout } from "./shell/layout.tsx";
import { ErrorScreen } from "./shell/error-screen.tsx";
import { ROOT_ROUTE_ID, rootLoader } from "./session/root-data.ts";

/** Pages load on demand so a public page ships only its own code. */
const page = (load: () => Promise<React.ComponentType>) => async () => ({ Component: await load() });

/** The public pages (client/public-pages.ts): the landing page is the root's index. */
const publicRoutes: RouteObject[] = Object.entries(PUBLIC_PAGES).map(([path, { id, load }]) =>
  path === "/" ? { id, index: true, lazy: load } : { id, path: path.slice(1), lazy: load },
);

/** Help and feedback load nothing, but a visitor without a session is still sent home by the server. */
const guarded = ({ context }: LoaderFunctionArgs) => (protectedSource(context), null);

/**
 * The one route tree (docs/design.md, Streamed server rendering). A page with data brings its own loader
 * from its module (docs/design.md, One data path per screen), loaded with the page, on the server and in
 * the browser alike.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: "/",
    loader: rootLoader,
    shouldRevalidate: () => false,
    Component: Layout,
    ErrorBoundary: ErrorScreen,
    children: [
      ...publicRoutes,
      {
        id: "dashboard",
        path: "dashboard",
        lazy: () => import("./pages/dashboard.tsx").then((m) => ({ Component: m.DashboardPage, loader: m.loader, shouldRevalidate: m.shouldRevalidate })),
      },
      { id: "match", path: "match/:id", lazy: () => import("./pages/match.tsx").then((m) => ({ Component: m.MatchPage, loader: m.loader, handle: m.handle })) },
      { id: "search", path: "search", lazy: () => import("./pages/search.tsx").then((m) => ({ Component: m.SearchPage, loader: m.loader })) },
      // The whole board (docs/design.md, Board pages): the day's matches across every competition, and the competition picker.
      { id: "matches", path: "matches", lazy: () => import("./pages/matches.tsx").then((m) => ({ Component: m.MatchesPage, loader: m.loader })) },
      { id: "competitions", path: "competitions", lazy: () => import("./pages/competitions.tsx").then((m) => ({ Component: m.CompetitionsPage, loader: m.loader })) },
      { id: "competition", path: "competitions/:id", lazy: () => import("./pages/competition.tsx").then((m) => ({ Component: m.CompetitionPage, loader: m.loader })) },
      { id: "dropping", path: "dropping", lazy: () => import("./pages/dropping.tsx").then((m) => ({ Component: m.DroppingPage, loader: m.loader })) },
      // The bettor tools (docs/design.md, Bettor tools).
      { id: "sure-bets", path: "sure-bets", lazy: () => import("./pages/sure-bets.tsx").then((m) => ({ Component: m.SureBetsPage, loader: m.loader, shouldRevalidate: m.shouldRevalidate })) },
      { id: "value-bets", path: "value-bets", lazy: () => import("./pages/value-bets.tsx").then((m) => ({ Component: m.ValueBetsPage, loader: m.loader })) },
      { id: "betslip", path: "betslip", lazy: () => import("./pages/betslip.tsx").then((m) => ({ Component: m.BetslipPage, loader: m.loader })) },
      // One bookmaker's booking code, read and compared (docs/design.md, Booking codes).
      { id: "pasted-code", path: "code", lazy: () => import("./pages/booking-code.tsx").then((m) => ({ Component: m.BookingCodePage, loader: m.pastedLoader })) },
      { id: "booking-code", path: "code/:bookmaker/:code", lazy: () => import("./pages/booking-code.tsx").then((m) => ({ Component: m.BookingCodePage, loader: m.loader })) },
      // Sign-up and sign-in without JavaScript (docs/design.md, Pages without JavaScript).
      { id: "login", path: "login", lazy: () => import("./pages/forms/login.tsx").then((m) => ({ Component: m.LoginPage, loader: m.loader })) },
      { id: "register", path: "register", lazy: () => import("./pages/forms/register.tsx").then((m) => ({ Component: m.RegisterPage, loader: m.loader })) },
      { id: "verify", path: "verify", lazy: () => import("./pages/forms/verify.tsx").then((m) => ({ Component: m.VerifyPage, loader: m.loader })) },
      { id: "forgot-password", path: "forgot-password", lazy: () => import("./pages/forms/password.tsx").then((m) => ({ Component: m.ForgotPasswordPage, loader: m.loader })) },
      { id: "reset-password", path: "reset-password", lazy: () => import("./pages/forms/password.tsx").then((m) => ({ Component: m.ResetPasswordPage, loader: m.loader })) },
      // What the bettor follows and where alerts reach them (docs/design.md, Alerts).
      { id: "alerts", path: "alerts", lazy: () => import("./pages/alerts.tsx").then((m) => ({ Component: m.AlertsPage, loader: m.loader })) },
      { id: "profile", path: "profile", lazy: () => import("./pages/profile.tsx").then((m) => ({ Component: m.ProfilePage, loader: m.loader })) },
      { path: "help", loader: guarded, lazy: page(() => import("./pages/info/help.tsx").then((m) => m.HelpPage)) },
      { path: "feedback", loader: guarded, lazy: page(() => import("./pages/feedback.tsx").then((m) => m.FeedbackPage)) },
      { path: "*", lazy: page(() => import("./pages/info/not-found.tsx").then((m) => m.NotFoundPage)) },
    ],
  },
];
