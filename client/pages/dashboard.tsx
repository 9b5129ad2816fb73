import { useEffect, useRef } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { SUMMARY_LOAD_FAILED_MESSAGE } from "#shared/messages.ts";
import type { OddsResponse, OddsSummary } from "#shared/contract.ts";
import { LoadFailed } from "../components/load-failed.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, useArrived, type Arriving } from "../loaders/page-data.ts";
import type { DataSource } from "../server-context.ts";
import { MarketFilters } from "../odds/market-filters.tsx";
import type { OddsState } from "../odds/odds-results.tsx";
import { pickSelection } from "../odds/pick-selection.ts";
import { settle, type Served } from "../loaders/served.ts";
import { StatsStrip } from "../odds/stats-strip.tsx";
import { useNow } from "../odds/use-now.ts";
import { FinderControls } from "../finder/finder-controls.tsx";
import { FinderResults } from "../finder/finder-results.tsx";
import { listOdds } from "../finder/live/list-odds.ts";
import { TeamSearch } from "../finder/team-search.tsx";
import { useFinderParams } from "../finder/use-finder-params.ts";
import { useLiveBoard } from "../finder/live/use-live-board.ts";
import { chosenView, type DashboardView } from "../finder/view-choice.ts";
import { useLiveSummary } from "../live/use-live-summary.ts";
import { serverContext } from "../server-context.ts";
import { LiteRefresh } from "../components/lite-refresh.tsx";
import { useRootData } from "../session/root-data.ts";
import { RequireSession } from "../session/require-session.tsx";
import { choiceOnItsWay, useReplaceParams } from "../shell/use-replace-params.ts";
import { FlashNotice, SlipForm } from "../components/page-form.tsx";

export const SUMMARY_LOADING_MESSAGE = "Loading available competitions and markets...";

/** The league and market the odds were asked for, and how that went; null odds: nothing to ask. */
export interface DashboardOdds {
  league: number | null;
  market: number | null;
  odds: Served<OddsResponse | null> | null;
  /** "list": every league's odds for the market, merged by kick-off (client/finder/live/list-odds.ts); absent: the league's, for the cards. */
  view?: "list";
}

/** Each call's failure is kept apart so the page can say which one failed (docs/product.md, Messages per flow). */
export interface DashboardData {
  summary: Arriving<Served<OddsSummary>>;
  choice: Arriving<DashboardOdds>;
  /** "list" when the loader chose the list (the URL's view, else the remembered one, DashboardView); absent: cards. */
  view?: "list";
}

/**
 * The summary on screen. docs/product.md, Dashboard data: the summary is fetched on load, the odds on every
 * change of league or market; so a change, which is a navigation of this page, keeps the summary shown.
 * Only the browser sets it (effects do not run on the server).
 */
let summaryOnScreen: OddsSummary | undefined;

async function oddsFor(source: DataSource, params: URLSearchParams, summary: Served<OddsSummary>, view: DashboardView): Promise<DashboardOdds> {
  if (!summary.ok) return { league: null, market: null, odds: null };
  const { league, market } = pickSelection(params, summary.data);
  if (view === "list") return { league, market, view, odds: market ? await settle(listOdds(source, summary.data.competitionIds, market)) : null };
  const odds = league && market ? await settle(source.odds({ country: LIVE_COUNTRY_ID, competition: league, market })) : null;
  return { league, market, odds };
}

/** /dashboard's data, on the server for the first HTML and in the browser for each choice (docs/design.md, One data path per screen). */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<DashboardData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const server = serverContext(context);
  const params = new URL(request.url).searchParams;
  // The remembered view: on the server the request's Cookie header, so the first HTML is already that view.
  const view = chosenView(params, server ? request.headers.get("cookie") : document.cookie);
  const kept = server ? undefined : summaryOnScreen;
  const summary = kept ? { ok: true as const, data: kept } : settle(source.summary(LIVE_COUNTRY_ID));
  const choice = Promise.resolve(summary).then((served) => oddsFor(source, params, served, view));
  return deliver(context, view === "list" ? { summary, choice, view } : { summary, choice });
}

/**
 * Writing the shown league and market into the URL is no new choice, nor is a day (the page filters
 * what it has): nothing to load. A new view is, and so is a league or market other than the one on
 * screen, even one added to a URL that named none (a choice made before the preselection reached the URL).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  // The same URL again is an explicit revalidation: Retry after a failure
  // (docs/product.md, Retry after a failed load).
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const sameView = currentUrl.searchParams.get("view") === nextUrl.searchParams.get("view");
  return !(sameChoice(currentUrl, nextUrl) && sameView) && defaultShouldRevalidate;
}

/** Whether both URLs show the same league and market with the summary on screen; without one, nothing says so. */
function sameChoice(currentUrl: URL, nextUrl: URL): boolean {
  if (!summaryOnScreen) return false;
  const [before, after] = [pickSelection(currentUrl.searchParams, summaryOnScreen), pickSelection(nextUrl.searchParams, summaryOnScreen)];
  return before.league === after.league && before.market === after.market;
}

/** The named query parameters that are set, for a form to send along. */
function keptParams(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (params.get(name) === null ? [] : [[name, params.get(name)!]])));
}

/** The dashboard's address with `name` set to `value` (null: left out), the rest of the query as it is. */
function linkWith(params: URLSearchParams, name: string, value: string | null): string {
  const query = new URLSearchParams(params);
  if (value === null) query.delete(name);
  else query.set(name, value);
  return dashboardLink(query);
}

function dashboardLink(query: URLSearchParams): string {
  const search = query.toString();
  return search ? `/dashboard?${search}` : "/dashboard";
}

function oddsState(choice: DashboardOdds | undefined, league: number | null, market: number | null, view: DashboardView): OddsState {
  const answers = choice && choice.market === market && (choice.view ?? "cards") === view && (view === "list" || choice.league === league);
  if (!choice || !answers) return { status: "loading" };
  if (!choice.odds) return { status: "idle" };
  return choice.odds.ok ? { status: "ready", odds: choice.odds.data ?? null } : { status: "error" };
}

const SECOND_MS = 1000;

/** Selects, URL and odds for a loaded summary; the choice lives in `?league=&market=` so a reload keeps it. */
function OddsBoard({ summary: served, choice, loaderView }: { summary: OddsSummary; choice: Arriving<DashboardOdds>; loaderView?: DashboardView }) {
  const { summary, follow } = useLiveSummary(served);
  useSummaryOnScreen(summary);
  const root = useRootData();
  const now = useNow(root.now);
  // 'Updated N s ago' ticks each second; kick-off labels need only the minute clock.
  const ageNow = useNow(root.now, SECOND_MS);
  const [params, changeParams] = useReplaceParams();
  const { league, market } = pickSelection(params, summary);
  const finder = useFinderParams(loaderView);
  const shown = { view: finder.view, league, market, leagues: summary.competitionIds };
  const odds = useLiveBoard(oddsState(useArrived(choice), league, market, finder.view), shown, follow);
  const chooseByHand = useChoiceInUrl(params, changeParams, league, market);

  return (
    <>
      <FlashNotice />
      <MarketFilters
        competitionIds={summary.competitionIds}
        marketIds={summary.marketIds}
        league={league}
        market={market}
        onLeague={(id) => chooseByHand({ league: id })}
        onMarket={(id) => chooseByHand({ market: id })}
        allLeagues={finder.view === "list"}
        keep={keptParams(params, ["view", "day"])}
      />
      <FinderControls view={finder.view} day={finder.day} onView={finder.chooseView} onDay={finder.chooseDay} linkWith={(name, value) => linkWith(params, name, value)} />
      <LiteRefresh href={dashboardLink(params)} />
      <SlipForm back={dashboardLink(params)}>
        <FinderResults
          view={finder.view}
          day={finder.day}
          state={odds}
          market={market}
          timeZone={root.timeZone}
          now={now}
          clock={{ now: ageNow }}
          onDay={finder.chooseDay}
        />
      </SlipForm>
      {/* The site's totals, the same whatever is chosen: after the odds, so a phone shows those first (docs/product.md, Dashboard). */}
      <StatsStrip summary={summary} />
    </>
  );
}

/**
 * The league and market in the URL: what the user picks, and the preselection shown until then.
 * Returns what a filter calls on the user's pick.
 */
function useChoiceInUrl(params: URLSearchParams, changeParams: (edit: (query: URLSearchParams) => void) => void, league: number | null, market: number | null) {
  // A navigation: the loader fetches the new odds (the previous answer is dropped with its navigation).
  // A choice names only what it changes, so one made before the last showed cannot undo it; the
  // other half goes in as shown only where the query has none yet.
  const choose = (next: { league?: number | null; market?: number | null }) =>
    changeParams((query) => {
      const chosenLeague = next.league ?? query.get("league") ?? league;
      const chosenMarket = next.market ?? query.get("market") ?? market;
      if (chosenLeague !== null) query.set("league", String(chosenLeague));
      if (chosenMarket !== null) query.set("market", String(chosenMarket));
    });

  // The preselected league and market go into the URL too, so a reload or a shared link keeps them;
  // replaced, not pushed, so Back still leaves the dashboard. Not once the user has chosen: on a slow
  // phone a choice can come before this effect runs, and writing the preselection then would cancel
  // the user's navigation and put the old league back.
  const userChose = useRef(false);
  const chooseByHand = (next: { league?: number; market?: number }) => {
    userChose.current = true;
    choose(next);
  };
  const missing = league !== null && market !== null && (params.get("league") !== String(league) || params.get("market") !== String(market));
  useEffect(() => {
    // A board mounted while the user's choice is on its way (a loading state) never saw the tap: the
    // pending choice is what says the user chose (a market chosen next kept the old league once).
    if (missing && !userChose.current && !choiceOnItsWay()) choose({ league, market });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `choose` is a new function each render; what decides is the choice itself
  }, [missing, league, market]);
  return chooseByHand;
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
  const data = useLoaderData<typeof loader>();
  const summary = useArrived(data?.summary ?? null);
  const root = useRootData();
  const now = useNow(root.now);
  return (
    <section className="section odds-section dashboard">
      <div className="container">
        <h1 className="visually-hidden">Dashboard</h1>
        {data && <TeamSearch timeZone={root.timeZone} now={now} />}
        {data && <SummaryBoard summary={summary} choice={data.choice} loaderView={data.view} />}
        {data && <BoardLinks />}
      </div>
    </section>
  );
}

/**
 * The way to the whole board (docs/design.md, Board pages) on every screen, with the app or without it:
 * the top bar's links show from tablets up. After the odds, so a phone's first screen is the odds.
 */
function BoardLinks() {
  return (
    <p className="is-size-7 mt-3">
      Beyond these four leagues: <Link to="/matches">Today's matches</Link> · <Link to="/competitions">All competitions</Link>
    </p>
  );
}

interface SummaryBoardProps {
  summary: Served<OddsSummary> | null | undefined;
  choice: Arriving<DashboardOdds>;
  loaderView?: DashboardView;
}

function SummaryBoard({ summary, choice, loaderView }: SummaryBoardProps) {
  if (!summary) {
    return (
      <p className="has-text-centered py-5" role="status">
        {SUMMARY_LOADING_MESSAGE}
      </p>
    );
  }
  if (!summary.ok) {
    return <LoadFailed message={SUMMARY_LOAD_FAILED_MESSAGE} />;
  }
  return <OddsBoard summary={summary.data} choice={choice} loaderView={loaderView} />;
}

/**
 * /dashboard (docs/product.md, Dashboard): stats, league and market choice, and the odds of each match;
 * team search, a compact list and a day filter to find one fast
 * (docs/design.md, Finding a match on the dashboard).
 */
export function DashboardPage() {
  return (
    <RequireSession>
      <PageMeta title="Your odds dashboard" description="Compare live odds from Nigerian bookmakers for every football match, from the Premier League to the Champions League." />
      <Dashboard />
    </RequireSession>
  );
}
