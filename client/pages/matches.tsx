import type { JSX } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { NextOdds } from "#shared/contract.ts";
import { formatTimeZone } from "#shared/format.ts";
import { marketChoiceLabel } from "#shared/reference.ts";
import { BoardList } from "../board/board-list.tsx";
import { BOARD_DAY_LABELS, BOARD_DAYS, dayBounds, isCursor, parseBoardDay, type BoardDay } from "../board/board-day.ts";
import { boardMarketOf, MarketChoice } from "../board/market-choice.tsx";
import { PricesRead } from "../board/prices-read.tsx";
import { viewerClock } from "../board/viewer-clock.ts";
import { BackToDashboard } from "../components/back-to-dashboard.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { protectedSource } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { COMPETITIONS_PATH, MATCHES_PATH } from "../route-paths.ts";
import { RequireSession } from "../session/require-session.tsx";
import { useRootData } from "../session/root-data.ts";

export const MATCHES_FAILED_MESSAGE = "Failed to load the day's matches";
export const noMoreMatches = (day: BoardDay) => `No more matches ${day}.`;

export interface MatchesData {
  day: BoardDay;
  market: number;
  /** The cursor this page started after, when it is not the day's first page. */
  after: string | null;
  page: Served<NextOdds>;
  readAt: number;
}

/**
 * /matches?day=today|tomorrow&market=M&after=CURSOR (docs/design.md, Board pages): one page of the
 * day's matches across every competition, in kick-off order, the day judged in the bettor's zone.
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<MatchesData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const params = new URL(request.url).searchParams;
  const day = parseBoardDay(params);
  const market = boardMarketOf(params);
  const { now, timeZone } = viewerClock(context);
  const { from, until } = dayBounds(day, now, timeZone);
  const given = params.get("after");
  const after = isCursor(given) ? given : null;
  const page = await settle(source.next({ country: LIVE_COUNTRY_ID, market, after: after ?? `${from}~`, until }));
  return { day, market, after, page, readAt: now };
}

/** This page's address with the given query fields (undefined ones left out). */
function matchesLink(fields: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
  return `${MATCHES_PATH}?${query.toString()}`;
}

/** The day links: the chosen day's is the current page only on its first page (a later page's link leads back to the first). */
function DayLinks({ day, market, firstPage }: { day: BoardDay; market: number; firstPage: boolean }): JSX.Element {
  return (
    <nav className="board-days buttons mb-2" aria-label="Day">
      {BOARD_DAYS.map((each) => (
        <Link key={each} className={`button is-small ${each === day ? "is-primary" : "is-light"}`} to={matchesLink({ day: each, market })} aria-current={each === day && firstPage ? "page" : undefined}>
          {BOARD_DAY_LABELS[each]}
        </Link>
      ))}
    </nav>
  );
}

function DayPage({ data }: { data: MatchesData }): JSX.Element {
  const root = useRootData();
  const { day, market, page } = data;
  if (!page.ok) return <LoadFailed message={MATCHES_FAILED_MESSAGE} />;
  const { events, next } = page.data;
  const first = matchesLink({ day, market });
  return (
    <>
      <PricesRead at={data.readAt} timeZone={root.timeZone} href={matchesLink({ day, market, after: data.after ?? undefined })} />
      {events.length === 0 ? (
        <p className="py-4" role="status">
          {noMoreMatches(day)}
        </p>
      ) : (
        <>
          <p className="is-size-7 mb-2">Kick-off times are in {formatTimeZone(root.timeZone, new Date(root.now))}.</p>
          <BoardList events={events} market={market} label={`${BOARD_DAY_LABELS[day]}'s matches`} now={root.now} timeZone={root.timeZone} showCompetition />
        </>
      )}
      <p className="board-paging mt-3">
        {next && (
          <Link className="button is-light" to={matchesLink({ day, market, after: next })}>
            More matches
          </Link>
        )}
        {data.after && (
          <Link className="button is-white" to={first}>
            Back to the first matches
          </Link>
        )}
      </p>
    </>
  );
}

function Matches(): JSX.Element {
  const data = useLoaderData<typeof loader>();
  const day = data?.day ?? "today";
  return (
    <section className="section px-3">
      <PageMeta title={`${BOARD_DAY_LABELS[day]}'s matches`} description="Every football match today and tomorrow at Nigerian bookmakers, by kick-off, with the best price for each outcome." />
      <div className="container is-max-tablet">
        <p className="mb-3">
          <BackToDashboard />
        </p>
        <h1 className="title is-4 mb-2">{BOARD_DAY_LABELS[day]}'s matches</h1>
        {data && (
          <>
            <p className="mb-2">
              Every competition's matches by kick-off, with the best {marketChoiceLabel(data.market)} price for each outcome and the bookmaker offering it. Or{" "}
              <Link to={COMPETITIONS_PATH}>choose a competition</Link>.
            </p>
            <DayLinks day={day} market={data.market} firstPage={data.after === null} />
            <MarketChoice action={MATCHES_PATH} market={data.market} keep={{ day }} />
            <DayPage data={data} />
          </>
        )}
      </div>
    </section>
  );
}

/** /matches (docs/product.md, Today and Tomorrow): the day's matches across every competition, by kick-off, in pages. */
export function MatchesPage() {
  return (
    <RequireSession>
      <Matches />
    </RequireSession>
  );
}
