import { useEffect } from "react";
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from "react-router";
import type { MarketHistory, MatchDetail, MatchHeading } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { formatKickoff, formatTimeZone } from "#shared/format.ts";
import { isMarketGroup, type MarketGroup } from "#shared/market-groups.ts";
import { eventCompetitionName } from "#shared/reference.ts";
import { learnMarketNames, marketGroupOf, marketLabelOf } from "../match/market-names.ts";
import { chosenGroup, DEFAULT_GROUP, groupsOf, MarketPicker, matchSearch, mergeGroups, type GroupCount } from "../match/market-picker.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { FlashNotice, SlipForm } from "../components/page-form.tsx";
import { LiteRefresh } from "../components/lite-refresh.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, useArrived, visitorSource, type Arriving } from "../loaders/page-data.ts";
import { MarketTable } from "../match/market-table.tsx";
import { MatchAlertForm, TargetAlerts } from "../match/match-alerts.tsx";
import { selectionsOf } from "../match/market-stats.ts";
import { PriceChart } from "../match/price-chart.tsx";
import { useLiveMatch } from "../match/use-live-match.ts";
import { settle, type Served } from "../loaders/served.ts";
import { RequireSession, useCurrentUser } from "../session/require-session.tsx";
import { matchCard, MatchTeaser } from "../match/match-teaser.tsx";
import { useRootData } from "../session/root-data.ts";
import { BackToDashboard } from "../components/back-to-dashboard.tsx";
import { useKickedOff } from "../odds/use-kicked-off.ts";

/** The market charted when the URL names none: the first of the reference order, 1X2. */
export const DEFAULT_CHART = 1;
export const MATCH_LOAD_FAILED_MESSAGE = "Failed to load match data";
export const FIRST_SEEN_NOTE = "'First seen' is the first price AfriOdds saw from that bookmaker for this match, not necessarily its opening price.";
export const HISTORY_LOAD_FAILED_MESSAGE = "Failed to load price history";

export interface MatchData {
  /** The event with the markets of the group shown only: the first HTML carries no other group's prices (decision 055). */
  detail: Served<MatchDetail>;
  /** The group shown (`?group=`, else Main, else the first this match has). */
  group: MarketGroup;
  /** Every group this match has markets in, for the picker. */
  groups: GroupCount[];
  /** The market whose price history is shown (`?chart=M`, else 1X2, else the group's first market). */
  chart: number;
  history: Arriving<Served<MarketHistory>>;
}

function askedGroup(url: string): MarketGroup | undefined {
  const raw = new URL(url).searchParams.get("group");
  return isMarketGroup(raw) ? raw : undefined;
}

/** The event with only the markets of one group: what the page shows and its first HTML carries. */
function inGroup(detail: MatchDetail, group: MarketGroup): MatchDetail {
  return { ...detail, event: { ...detail.event, markets: detail.event.markets.filter((m) => marketGroupOf(m) === group) } };
}

function askedChart(url: string): number | undefined {
  const raw = new URL(url).searchParams.get("chart");
  // Any market the event shows may be charted (chartedMarket checks it is one).
  return raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
}

/** An event the API does not know (or whose id it rejects) is the 404 page, with a 404 status on the server; any other failure is the page's own message. */
async function loadEvent<T>(call: Promise<T>): Promise<Served<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    return { ok: false };
  }
}

/** The preview card of a shared match link (server/render/render.tsx reads it from the route's handle). */
export const handle = {
  card: (data: unknown, timeZone: string) => {
    const preview = data && typeof data === "object" && "preview" in data ? (data as MatchPreview).preview : undefined;
    return preview?.ok ? matchCard(preview.data, timeZone) : undefined;
  },
};

/** What a signed-out visitor's shared link shows (docs/product.md, Shared links): the match without prices. */
export interface MatchPreview {
  preview: Served<MatchHeading>;
}

function chartedMarket(detail: Served<MatchDetail>, asked: number | undefined): number {
  const present = detail.ok ? detail.data.event.markets.map((m) => m.marketId) : [];
  if (asked !== undefined && present.includes(asked)) return asked;
  return present.includes(DEFAULT_CHART) ? DEFAULT_CHART : (present[0] ?? DEFAULT_CHART);
}

/**
 * /match/:id's data, on the server for the first HTML and in the browser for later visits
 * (docs/design.md, One data path per screen): the event's markets, and the history of the charted market,
 * asked at the same time.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<MatchData | MatchPreview | null> {
  const id = params.id ?? "";
  const visitor = visitorSource(context);
  if (visitor) return { preview: await loadEvent(visitor.matchHeading(id)) };
  const source = protectedSource(context);
  if (!source) return null;
  const asked = askedChart(request.url);
  const group = askedGroup(request.url);
  // Asked beside the event when the chart is known before it: the one asked, or 1X2 on Main.
  const guess = asked ?? (group === undefined || group === DEFAULT_GROUP ? DEFAULT_CHART : undefined);
  const early = guess === undefined ? undefined : settle(source.history(id, guess));
  const whole = await loadEvent(source.event(id));
  if (whole.ok) learnMarketNames(whole.data.event.markets);
  const groups = whole.ok ? groupsOf(whole.data.event.markets) : [];
  // A chart asked without a group (a link from before the groups, or a shared one) shows its own group.
  const chartGroup = whole.ok && asked !== undefined ? whole.data.event.markets.find((m) => m.marketId === asked) : undefined;
  const shown = chosenGroup(group ?? (chartGroup && marketGroupOf(chartGroup)), groups);
  const detail: Served<MatchDetail> = whole.ok ? { ok: true, data: inGroup(whole.data, shown) } : whole;
  const chart = chartedMarket(detail, asked);
  const history = early && chart === guess ? early : settle(source.history(id, chart));
  return deliver(context, { detail, group: shown, groups, chart, history });
}

function ChartArea({ history, market, end, timeZone }: { history: Served<MarketHistory> | undefined; market: { marketId: number; selections: readonly number[] }; end: number; timeZone: string }) {
  const label = marketLabelOf(market.marketId);
  return (
    <div className="match-history" id="price-history">
      <h2 className="title is-6 mb-2">Price history: {label}</h2>
      {!history && (
        <p role="status" className="py-3">
          Loading price history...
        </p>
      )}
      {history && !history.ok && (
        <p role="alert" className="notification is-danger is-light">
          {HISTORY_LOAD_FAILED_MESSAGE}
        </p>
      )}
      {history?.ok && <PriceChart history={history.data} selections={market.selections} end={end} timeZone={timeZone} />}
    </div>
  );
}

function ChartLink({ marketId, group }: { marketId: number; group: MarketGroup }) {
  return (
    <Link className="button is-small is-light" to={{ search: matchSearch(group, marketId) }} replace preventScrollReset>
      Price history<span className="visually-hidden"> of {marketLabelOf(marketId)}</span>
    </Link>
  );
}

function MatchBoard({ served, group, groups: servedGroups, chart, history: arriving }: { served: MatchDetail; group: MarketGroup; groups: GroupCount[]; chart: number; history: Arriving<Served<MarketHistory>> }) {
  const root = useRootData();
  const { pathname, search } = useLocation();
  const arrived = useArrived(arriving);
  const { detail, history } = useLiveMatch(served, arrived?.ok ? arrived.data : undefined, chart);
  const { event } = detail;
  // Before any table renders: the names of the markets beyond the eight come with the answer.
  learnMarketNames(event.markets);
  // A refetch or a live frame may bring other groups' markets: the page shows the chosen group's.
  const markets = event.markets.filter((m) => marketGroupOf(m) === group);
  const groups = mergeGroups(servedGroups, groupsOf(event.markets));
  const started = useKickedOff(event.date, event.started, root.now);
  // Prices hold until they change: the lines run to now, or to kick-off once the prices stopped.
  const until = started ? Math.min(root.now, Date.parse(event.date)) : root.now;
  const end = Math.floor(Math.max(until, Date.parse(detail.updatedAt) || 0) / 1000);
  return (
    <>
      <PageMeta title={`${event.name} odds`} description={`Compare every bookmaker's odds for ${event.name}: all markets, best prices, the first prices seen and price history.`} />
      <h1 className="title is-4 mb-1">{event.name}</h1>
      <p className="event-kickoff">
        <time dateTime={event.date}>{formatKickoff(event.date, new Date(root.now), root.timeZone)}</time>{" "}
        <span className="event-zone">{formatTimeZone(root.timeZone, new Date(root.now))}</span> · {eventCompetitionName(event)}
        {started && <span className="tag is-warning is-light ml-2">Started</span>}
      </p>
      {/* One message each, never two that contradict (docs/product.md, Match page). */}
      {started && (
        <p className="notification is-warning is-light" role="status">
          {markets.length > 0
            ? "This match has started: the prices below are as last seen before kick-off."
            : "This match has started. No bookmaker had prices for it before kick-off."}
        </p>
      )}
      {!started && markets.length === 0 && <p className="py-3">No bookmaker has prices for this match yet.</p>}
      {markets.length > 0 && <p className="is-size-7 mb-3">{FIRST_SEEN_NOTE}</p>}
      {!started && markets.length > 0 && <LiteRefresh />}
      <MarketPicker groups={groups} current={group} />
      <FlashNotice />
      {/* "Alert me" (docs/design.md, What a bettor follows): until kick-off, before the betslip's form, which it cannot sit in. */}
      {!started && <MatchAlertForm eventId={event.id} back={`${pathname}${search}`} />}
      {/* The selection buttons add to the slip by this form without JavaScript, and come back here. */}
      <SlipForm back={`${pathname}${search}`}>
        {markets.map((market) => (
          // Every market's selections go on the betslip (docs/design.md, Betslip), 1UP and 2UP at their one book.
          <MarketTable key={market.marketId} market={market} links={event.links} slipEvent={started ? undefined : event}>
            {!started && <TargetAlerts market={market} eventId={event.id} />}
            {market.marketId === chart ? (
              <ChartArea history={arrived && (history ? { ok: true, data: history } : arrived)} market={{ marketId: market.marketId, selections: selectionsOf(market) }} end={end} timeZone={root.timeZone} />
            ) : (
              <ChartLink marketId={market.marketId} group={group} />
            )}
          </MarketTable>
        ))}
      </SlipForm>
    </>
  );
}

function Match() {
  const loaded = useLoaderData<typeof loader>();
  const data = loaded && "detail" in loaded ? loaded : null;
  return (
    <section className="section odds-section">
      <div className="container">
        <p className="mb-3">
          <BackToDashboard />
        </p>
        {data && !data.detail.ok && (
          <>
            <PageMeta title="Match odds" description="Compare every bookmaker's odds for one match." />
            {/* The page keeps its level-one heading when its data failed (axe page-has-heading-one). */}
            <h1 className="title is-4">Match odds</h1>
            <LoadFailed message={MATCH_LOAD_FAILED_MESSAGE} />
          </>
        )}
        {data?.detail.ok && <MatchBoard served={data.detail.data} group={data.group} groups={data.groups} chart={data.chart} history={data.history} />}
      </div>
    </section>
  );
}

function Teaser({ preview }: { preview: Served<MatchHeading> }) {
  return (
    <section className="section px-3">
      <div className="container">
        {preview.ok ? (
          <MatchTeaser heading={preview.data} />
        ) : (
          <>
            <PageMeta title="Match odds" description="Compare every bookmaker's odds for one match." />
            <h1 className="title is-4">Match odds</h1>
            <LoadFailed message={MATCH_LOAD_FAILED_MESSAGE} />
          </>
        )}
      </div>
    </section>
  );
}

/** /match/:id (docs/design.md, The match page): every market of one event, best and average prices, opening prices and price history. */
export function MatchPage() {
  const loaded = useLoaderData<typeof loader>();
  const { user, loading } = useCurrentUser();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Signed in from the teaser: load the match's prices, as a visit signed in would.
  const preview = loaded && "preview" in loaded ? loaded.preview : undefined;
  useEffect(() => {
    if (preview && user && !loading) void navigate(`${pathname}${search}`, { replace: true });
  }, [preview, user, loading, navigate, pathname, search]);
  if (preview && !user) return <Teaser preview={preview} />;
  return (
    <RequireSession>
      <Match />
    </RequireSession>
  );
}
