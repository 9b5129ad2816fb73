import { lazy, Suspense } from "react";
import { Link, useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { BookDrop, DroppingOdds, OutcomeDrop } from "#shared/contract.ts";
import { formatKickoff, formatOdds } from "#shared/format.ts";
import { bookmakerName, eventCompetitionName } from "#shared/reference.ts";
import { LiteRefresh } from "../components/lite-refresh.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { FlashNotice, SlipForm } from "../components/page-form.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, useArrived, type Arriving } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { matchPath } from "../route-paths.ts";
import { RequireSession } from "../session/require-session.tsx";
import { useRootData } from "../session/root-data.ts";
import { ToolPage } from "../components/tool-page.tsx";
import { LeagueMarketFilter, leagueMarketOf, type LeagueMarket } from "../tools/league-market-filter.tsx";
import { marketLabelOf, selectionLabelOf } from "../match/market-names.ts";
import { learnToolMarkets, useKeptMarkets } from "../tools/tool-markets.ts";

/** The betslip's toggle, in the chunk the signed-in top bar loads at start (client/odds/table/odds-table.tsx). */
const SlipToggle = lazy(() => import("../betslip/signed-in.tsx").then((m) => ({ default: m.SlipToggle })));

/** docs/design.md, Dropping odds: the largest drops of the last 24 hours. */
export const DROPPING_HOURS = 24;
export const DROPPING_LOAD_FAILED_MESSAGE = "Failed to load dropping odds";
export const NO_DROPS_MESSAGE = "No price has dropped in the last 24 hours. Check again later: prices move all day.";
export const NO_DROPS_CHOSEN_MESSAGE = "No price in this league and market has dropped in the last 24 hours. Choose all leagues or all markets to see more.";

export interface DroppingData {
  choice: LeagueMarket;
  drops: Arriving<Served<DroppingOdds>>;
}

/** /dropping's data, on the server for the first HTML and in the browser for later visits (docs/design.md, One data path per screen). */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<DroppingData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const choice = leagueMarketOf(request.url);
  return deliver(context, { choice, drops: settle(source.dropping({ country: LIVE_COUNTRY_ID, hours: DROPPING_HOURS, ...choice })) });
}

/** 'Drop 12.5%': one decimal, as the API rounds it. */
export const formatDrop = (dropPct: number) => `${dropPct.toFixed(1)}%`;

/** One bookmaker's fall: its name, from and to, how much and when. */
function BookFall({ book, now, timeZone }: { book: BookDrop; now: number; timeZone: string }) {
  return (
    <li className="drop-book">
      <span className="drop-book-name">{bookmakerName(book.provider)}</span>
      <span className="drop-book-prices">
        <span className="visually-hidden">from </span>
        {formatOdds(book.from)}
        <span aria-hidden="true"> &rarr; </span>
        <span className="visually-hidden"> to </span>
        {formatOdds(book.to)}
      </span>
      <span className="drop-book-pct">
        <span aria-hidden="true">&minus;</span>
        <span className="visually-hidden">down </span>
        {formatDrop(book.dropPct)}
      </span>
      <time className="drop-book-at" dateTime={book.at}>
        {formatKickoff(book.at, new Date(now), timeZone)}
      </time>
    </li>
  );
}

/** One outcome that fell: its match, market and selection, a tap to the betslip, and every book that moved. */
function DropItem({ drop, now, timeZone }: { drop: OutcomeDrop; now: number; timeZone: string }) {
  const { event } = drop;
  const books = drop.books.length === 1 ? "1 bookmaker" : `${drop.books.length} bookmakers`;
  return (
    <li className="drop-item">
      <div className="drop-head">
        <div className="drop-what">
          <Link className="drop-match" to={matchPath(event.id)}>
            {event.name}
          </Link>
          <span className="drop-detail">
            {marketLabelOf(drop.marketId)} · <strong>{selectionLabelOf(drop.selectionTypeId)}</strong>
          </span>
          <span className="drop-detail">
            {eventCompetitionName(event)} · Kick-off <time dateTime={event.date}>{formatKickoff(event.date, new Date(now), timeZone)}</time>
          </span>
        </div>
        <div className="drop-move">
          <strong className="drop-pct">
            <span className="visually-hidden">Dropped </span>
            <span aria-hidden="true">&minus;</span>
            {formatDrop(drop.dropPct)}
          </strong>
          <span className="drop-detail">at {books}</span>
        </div>
      </div>
      <ul className="drop-books" aria-label={`Bookmakers whose ${selectionLabelOf(drop.selectionTypeId)} price fell`}>
        {drop.books.map((book) => (
          <BookFall key={book.provider} book={book} now={now} timeZone={timeZone} />
        ))}
      </ul>
      <Suspense fallback={null}>
        <SlipToggle event={event} marketId={drop.marketId} selectionTypeId={drop.selectionTypeId} wording="action" />
      </Suspense>
    </li>
  );
}

function DropList({ served, choice }: { served: Served<DroppingOdds> | undefined; choice: LeagueMarket }) {
  const root = useRootData();
  const location = useLocation();
  if (!served) {
    return (
      <p className="has-text-centered py-5" role="status">
        Loading dropping odds...
      </p>
    );
  }
  if (!served.ok) {
    return <LoadFailed message={DROPPING_LOAD_FAILED_MESSAGE} />;
  }
  // Before any row renders: the names of the markets beyond the eight come with the answer.
  learnToolMarkets(served.data.markets);
  if (served.data.drops.length === 0) return <p className="py-5">{choice.competition === undefined && choice.market === undefined ? NO_DROPS_MESSAGE : NO_DROPS_CHOSEN_MESSAGE}</p>;
  return (
    <SlipForm back={`${location.pathname}${location.search}`}>
      <ol className="drop-list" aria-label="Dropping odds">
        {served.data.drops.map((drop) => (
          <DropItem key={`${drop.event.id}:${drop.marketId}:${drop.selectionTypeId}`} drop={drop} now={root.now} timeZone={root.timeZone} />
        ))}
      </ol>
    </SlipForm>
  );
}

function Dropping() {
  const data = useLoaderData<typeof loader>();
  const drops = useArrived(data?.drops ?? null);
  const markets = useKeptMarkets(drops?.ok ? drops.data.markets : undefined);
  return (
    <ToolPage title="Dropping odds">
      <FlashNotice />
      <p className="mb-3">The prices that fell the most in the last 24 hours, across every competition and market we compare, one row per outcome with every bookmaker that moved. A falling price often means money is coming in on it.</p>
      {data && (
        <>
          <LeagueMarketFilter action="/dropping" choice={data.choice} markets={markets} />
          <LiteRefresh />
          <DropList served={drops ?? undefined} choice={data.choice} />
        </>
      )}
    </ToolPage>
  );
}

/** /dropping (docs/design.md, Dropping odds): the largest price drops of the last 24 hours, each linking to its match. */
export function DroppingPage() {
  return (
    <RequireSession>
      <PageMeta title="Dropping odds" description="The football prices that fell the most in the last 24 hours at Nigerian bookmakers." />
      <Dropping />
    </RequireSession>
  );
}
