import { useEffect } from "react";
import { useLoaderData, useRouteLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { SUMMARY_LOAD_FAILED_MESSAGE } from "#shared/messages.ts";
import type { OddsResponse, OddsSummary } from "#shared/contract.ts";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, useArrived, type Arriving } from "../loaders/page-data.ts";
import type { DataSource } from "../loaders/source.ts";
import { MarketFilters } from "../odds/market-filters.tsx";
import { OddsResults, type OddsState } from "../odds/odds-results.tsx";
import { pickSelection } from "../odds/pick-selection.ts";
import { settle, type Served } from "../odds/served.ts";
import { StatsStrip } from "../odds/stats-strip.tsx";
import { useNow } from "../odds/use-now.ts";
import { useLiveOdds } from "../live/use-live-odds.ts";
import { useLiveSummary } from "../live/use-live-summary.ts";
import { serverContext } from "../server-context.ts";
import type { RootData } from "../shell/root-loader.ts";
import { RequireSession } from "../session/require-session.tsx";

export const SUMMARY_LOADING_MESSAGE = "Loading available competitions and markets...";

/** The league and market the odds were asked for, and how that went; null odds: nothing to ask. */
export interface OddsChoice {
  league: number | null;
  market: number | null;
  odds: Served<OddsResponse | null> | null;
}

/** Each call's failure is kept apart so the page can say which one failed (spec section 8). */
export interface DashboardData {
  summary: Arriving<Served<OddsSummary>>;
  choice: Arriving<OddsChoice>;
}

/**
 * The summary on screen. Spec section 4: the summary is fetched on load, the odds on every change
 * of league or market; so a change, which is a navigation of this page, keeps the summary shown.
 * Only the browser sets it (effects do not run on the server).
 */
let summaryOnScreen: OddsSummary | undefined;

async function oddsFor(source: DataSource, params: URLSearchParams, summary: Served<OddsSummary>): Promise<OddsChoice> {
  if (!summary.ok) return { league: null, market: null, odds: null };
  const { league, market } = pickSelection(params, summary.data);
  const odds = league && market ? await settle(source.odds({ country: LIVE_COUNTRY_ID, competition: league, market })) : null;
  return { league, market, odds };
}

/** /dashboard's data, on the server for the first HTML and in the browser for each choice (DESIGN section 12). */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<DashboardData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const kept = serverContext(context) ? undefined : summaryOnScreen;
  const summary = kept ? { ok: true as const, data: kept } : settle(source.summary(LIVE_COUNTRY_ID));
  const choice = Promise.resolve(summary).then((served) => oddsFor(source, new URL(request.url).searchParams, served));
  return deliver(context, { summary, choice });
}

/** Writing the shown league and market into the URL (it only adds what the URL lacked) is no new choice: nothing to load. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const kept = (name: string) => !currentUrl.searchParams.has(name) || currentUrl.searchParams.get(name) === nextUrl.searchParams.get(name);
  return !(kept("league") && kept("market")) && defaultShouldRevalidate;
}

function oddsState(choice: OddsChoice | undefined, league: number | null, market: number | null): OddsState {
  if (!choice || choice.league !== league || choice.market !== market) return { status: "loading" };
  if (!choice.odds) return { status: "idle" };
  return choice.odds.ok ? { status: "ready", odds: choice.odds.data ?? null } : { status: "error" };
}

const SECOND_MS = 1000;

/** The loader's odds with live changes on top (client/live/): a stream of exactly the league and market shown. */
function useLiveState(state: OddsState, league: number | null, market: number | null, onChange: () => void): OddsState {
  const served = state.status === "ready" ? state.odds : null;
  const view = state.status === "ready" && league !== null && market !== null ? { competition: league, market } : null;
  const odds = useLiveOdds(served, view, onChange);
  return state.status === "ready" ? { status: "ready", odds } : state;
}

/** Selects, URL and odds for a loaded summary; the choice lives in `?league=&market=` so a reload keeps it. */
function OddsBoard({ summary: served, choice }: { summary: OddsSummary; choice: Arriving<OddsChoice> }) {
  const { summary, follow } = useLiveSummary(served);
  useSummaryOnScreen(summary);
  const root = useRouteLoaderData("root") as RootData;
  const now = useNow(root.now);
  // 'Updated N s ago' ticks each second; kick-off labels need only the minute clock.
  const ageNow = useNow(root.now, SECOND_MS);
  const [params, setParams] = useSearchParams();
  const { league, market } = pickSelection(params, summary);
  const odds = useLiveState(oddsState(useArrived(choice), league, market), league, market, follow);

  // A navigation: the loader fetches the new odds (the previous answer is dropped with its navigation).
  const choose = (next: { league: number | null; market: number | null }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.league !== null) updated.set("league", String(next.league));
        if (next.market !== null) updated.set("market", String(next.market));
        return updated;
      },
      { replace: true },
    );

  // The preselected league and market go into the URL too, so a reload or a shared link keeps them;
  // replaced, not pushed, so Back still leaves the dashboard.
  const missing = league !== null && market !== null && (params.get("league") !== String(league) || params.get("market") !== String(market));
  useEffect(() => {
    if (missing) choose({ league, market });
    // `choose` is a new function each render; what decides is the choice itself.
  }, [missing, league, market]);

  return (
    <>
      <StatsStrip summary={summary} />
      <MarketFilters
        competitionIds={summary.competitionIds}
        marketIds={summary.marketIds}
        league={league}
        market={market}
        onLeague={(id) => choose({ league: id, market })}
        onMarket={(id) => choose({ league, market: id })}
      />
      <OddsResults state={odds} market={market} timeZone={root.timeZone} now={now} clock={{ now: ageNow }} />
    </>
  );
}

/** Declared first in OddsBoard so it runs before the effect that writes the choice into the URL. */
function useSummaryOnScreen(summary: OddsSummary) {
  useEffect(() => {
    summaryOnScreen = summary;
    return () => {
      if (summaryOnScreen === summary) summaryOnScreen = undefined;
    };
  }, [summary]);
}

function Dashboard() {
  const data = useLoaderData() as DashboardData | null;
  const summary = useArrived(data?.summary ?? null);
  return (
    <section className="section px-3">
      <div className="container">
        <h1 className="visually-hidden">Dashboard</h1>
        {data && <SummaryBoard summary={summary} choice={data.choice} />}
      </div>
    </section>
  );
}

function SummaryBoard({ summary, choice }: { summary: Served<OddsSummary> | null | undefined; choice: Arriving<OddsChoice> }) {
  if (!summary) {
    return (
      <p className="has-text-centered py-5" role="status">
        {SUMMARY_LOADING_MESSAGE}
      </p>
    );
  }
  if (!summary.ok) {
    return (
      <div className="notification is-danger is-light" role="alert">
        {SUMMARY_LOAD_FAILED_MESSAGE}
      </div>
    );
  }
  return <OddsBoard summary={summary.data} choice={choice} />;
}

/** /dashboard (spec section 2): stats, league and market choice, and the odds of each match. */
export function DashboardPage() {
  return (
    <RequireSession>
      <PageMeta title="Your odds dashboard" description="Compare live odds from Nigerian bookmakers for every Premier League, La Liga, Serie A and Bundesliga match." />
      <Dashboard />
    </RequireSession>
  );
}
