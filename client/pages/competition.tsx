import type { JSX } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { CompetitionEntry, OddsResponse } from "#shared/contract.ts";
import { formatTimeZone } from "#shared/format.ts";
import { isCompetitionId, marketChoiceLabel } from "#shared/reference.ts";
import { BoardList } from "../board/board-list.tsx";
import { boardMarketOf, MarketChoice } from "../board/market-choice.tsx";
import { PricesRead } from "../board/prices-read.tsx";
import { viewerClock } from "../board/viewer-clock.ts";
import { LoadFailed } from "../components/load-failed.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { protectedSource } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { competitionPath, COMPETITIONS_PATH } from "../route-paths.ts";
import { RequireSession } from "../session/require-session.tsx";
import { useRootData } from "../session/root-data.ts";

export const COMPETITION_FAILED_MESSAGE = "Failed to load odds data";
export const NOT_LISTED_MESSAGE = "This competition has no upcoming matches now, or is not one we list.";
export const NO_COMPETITION_MATCHES_MESSAGE = "No upcoming match in this competition has prices in this market. Choose another market.";

export interface CompetitionData {
  id: number;
  market: number;
  /** The competition as the list names it; null when it is not listed (no upcoming match, or no such id). */
  entry: CompetitionEntry | null;
  /** Where the region's name is known. */
  region: string | null;
  odds: Served<OddsResponse> | null;
  readAt: number;
}

/**
 * /competitions/:id?market=M (docs/design.md, Board pages; decision 049): one competition's upcoming
 * matches with each outcome's best price, read once (no live stream: a refresh link reads them again).
 */
export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<CompetitionData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const market = boardMarketOf(new URL(request.url).searchParams);
  const { now } = viewerClock(context);
  const list = await settle(source.competitions(LIVE_COUNTRY_ID));
  if (!list.ok) return { id, market, entry: null, region: null, odds: { ok: false }, readAt: now };
  const entry = list.data.competitions.find((each) => each.id === id) ?? null;
  if (!entry) return { id, market, entry, region: null, odds: null, readAt: now };
  const region = list.data.regions.find((each) => each.id === entry.regionId)?.name ?? null;
  const odds = await settle(source.odds({ country: LIVE_COUNTRY_ID, competition: id, market }));
  return { id, market, entry, region, odds, readAt: now };
}

function Prices({ data }: { data: CompetitionData }): JSX.Element | null {
  const root = useRootData();
  const { odds, market, entry } = data;
  if (!odds) return null;
  if (!odds.ok) return <LoadFailed message={COMPETITION_FAILED_MESSAGE} />;
  const priced = odds.data.events.filter((event) => event.markets.some((each) => each.marketId === market && each.odds.length > 0));
  return (
    <>
      <PricesRead at={data.readAt} timeZone={root.timeZone} href={`${competitionPath(data.id)}?market=${market}`} />
      {priced.length === 0 ? (
        <p className="py-4" role="status">
          {NO_COMPETITION_MATCHES_MESSAGE}
        </p>
      ) : (
        <>
          <p className="is-size-7 mb-2">Kick-off times are in {formatTimeZone(root.timeZone, new Date(root.now))}.</p>
          <BoardList events={priced} market={market} label={`${entry?.name ?? "Competition"} matches`} now={root.now} timeZone={root.timeZone} />
        </>
      )}
    </>
  );
}

function Competition(): JSX.Element {
  const data = useLoaderData<typeof loader>();
  const entry = data?.entry;
  return (
    <section className="section px-3">
      <PageMeta title={entry ? `${entry.name}${data.region ? ` (${data.region})` : ""} odds` : "Competition odds"} description="Compare the odds of one football competition's matches at Nigerian bookmakers." />
      <div className="container is-max-tablet">
        <p className="mb-3">
          <Link to={COMPETITIONS_PATH}>&larr; All competitions</Link>
        </p>
        <h1 className="title is-4 mb-2">{entry ? entry.name : "Competition"}</h1>
        {data && entry && (
          <>
            <p className="mb-2">
              {data.region ? `${data.region}. ` : ""}The best {marketChoiceLabel(data.market)} price for each outcome and the bookmaker offering it; open a match to compare every bookmaker.
              {isCompetitionId(data.id) && (
                <>
                  {" "}
                  <Link to={`/dashboard?league=${data.id}&market=${data.market}`}>Live odds for this league on the dashboard</Link>.
                </>
              )}
            </p>
            <MarketChoice action={competitionPath(data.id)} market={data.market} />
          </>
        )}
        {data && !entry && data.odds === null && (
          <p role="status">
            {NOT_LISTED_MESSAGE} <Link to={COMPETITIONS_PATH}>Choose a competition</Link>.
          </p>
        )}
        {data && <Prices data={data} />}
      </div>
    </section>
  );
}

/** /competitions/:id (docs/product.md, Competitions): one competition's matches and best prices. */
export function CompetitionPage() {
  return (
    <RequireSession>
      <Competition />
    </RequireSession>
  );
}
