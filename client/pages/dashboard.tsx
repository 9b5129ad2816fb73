import { useEffect } from "react";
import { PageMeta } from "../components/page-meta.tsx";
import { useLoaderData, useRouteLoaderData, useSearchParams } from "react-router";
import { SUMMARY_LOAD_FAILED_MESSAGE } from "#shared/errors.ts";
import type { OddsSummary } from "#shared/contract.ts";
import type { DashboardData, RootData } from "../routes.tsx";
import { RequireSession } from "../session/require-session.tsx";
import { MarketFilters } from "../odds/market-filters.tsx";
import { OddsResults } from "../odds/odds-results.tsx";
import { pickSelection } from "../odds/pick-selection.ts";
import { StatsStrip } from "../odds/stats-strip.tsx";
import { useNow } from "../odds/use-now.ts";
import { useOdds } from "../odds/use-odds.ts";
import { useSummary } from "../odds/use-summary.ts";

export const SUMMARY_LOADING_MESSAGE = "Loading available competitions and markets...";

/** Selects, URL and odds for a loaded summary; the choice lives in `?league=&market=` so a reload keeps it. */
function OddsBoard({ summary, served }: { summary: OddsSummary; served: DashboardData | null }) {
  const root = useRouteLoaderData("root") as RootData;
  const now = useNow(root.now);
  const [params, setParams] = useSearchParams();
  const { league, market } = pickSelection(params, summary);
  const odds = useOdds(league, market, served);

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
  const missing =
    league !== null &&
    market !== null &&
    (params.get("league") !== String(league) || params.get("market") !== String(market));
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
      <OddsResults state={odds} market={market} timeZone={root.timeZone} now={now} />
    </>
  );
}

function Dashboard() {
  const served = useLoaderData() as DashboardData | null;
  const summary = useSummary(served?.summary ?? null);
  return (
    <section className="section px-3">
      <div className="container">
        <h1 className="visually-hidden">Dashboard</h1>
        {summary.status === "loading" && (
          <p className="has-text-centered py-5" role="status">
            {SUMMARY_LOADING_MESSAGE}
          </p>
        )}
        {summary.status === "error" && (
          <div className="notification is-danger is-light" role="alert">
            {SUMMARY_LOAD_FAILED_MESSAGE}
          </div>
        )}
        {summary.status === "ready" && <OddsBoard summary={summary.summary} served={served} />}
      </div>
    </section>
  );
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
