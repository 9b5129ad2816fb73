import { Link, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { DroppingOdds, PriceDrop } from "#shared/contract.ts";
import { formatKickoff, formatOdds } from "#shared/format.ts";
import { bookmakerName, marketLabel, selectionLabel } from "#shared/reference.ts";
import { LoadFailed } from "../components/load-failed.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, useArrived, type Arriving } from "../loaders/page-data.ts";
import { settle, type Served } from "../odds/served.ts";
import { matchPath } from "../route-paths.ts";
import { RequireSession } from "../session/require-session.tsx";
import type { RootData } from "../shell/root-loader.ts";
import { BackToDashboard } from "../components/back-to-dashboard.tsx";

/** docs/design.md, Dropping odds: the largest drops of the last 24 hours. */
export const DROPPING_HOURS = 24;
export const DROPPING_LOAD_FAILED_MESSAGE = "Failed to load dropping odds";
export const NO_DROPS_MESSAGE = "No price has dropped in the last 24 hours. Check again later: prices move all day.";

export interface DroppingData {
  drops: Arriving<Served<DroppingOdds>>;
}

/** /dropping's data, on the server for the first HTML and in the browser for later visits (docs/design.md, One data path per screen). */
export async function loader({ context }: LoaderFunctionArgs): Promise<DroppingData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  return deliver(context, { drops: settle(source.dropping(LIVE_COUNTRY_ID, DROPPING_HOURS)) });
}

/** 'Drop 12.5%': one decimal, as the API rounds it. */
export const formatDrop = (dropPct: number) => `${dropPct.toFixed(1)}%`;

function DropItem({ drop, now, timeZone }: { drop: PriceDrop; now: number; timeZone: string }) {
  const { event } = drop;
  return (
    <li className="drop-item">
      <div className="drop-what">
        <Link className="drop-match" to={matchPath(event.id)}>
          {event.name}
        </Link>
        <span className="drop-detail">
          {marketLabel(drop.marketId)} · {selectionLabel(drop.selectionTypeId)} · {bookmakerName(drop.provider)}
        </span>
        <span className="drop-detail">
          Kick-off <time dateTime={event.date}>{formatKickoff(event.date, new Date(now), timeZone)}</time>
        </span>
      </div>
      <div className="drop-move">
        <strong className="drop-pct">
          <span className="visually-hidden">Dropped </span>
          <span aria-hidden="true">&minus;</span>
          {formatDrop(drop.dropPct)}
        </strong>
        <span>
          <span className="visually-hidden">from </span>
          {formatOdds(drop.from)}
          <span aria-hidden="true"> &rarr; </span>
          <span className="visually-hidden"> to </span>
          {formatOdds(drop.to)}
        </span>
        <span className="drop-detail">
          <time dateTime={drop.at}>{formatKickoff(drop.at, new Date(now), timeZone)}</time>
        </span>
      </div>
    </li>
  );
}

function DropList({ served }: { served: Served<DroppingOdds> | undefined }) {
  const root = useRouteLoaderData("root") as RootData;
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
  if (served.data.drops.length === 0) return <p className="py-5">{NO_DROPS_MESSAGE}</p>;
  return (
    <ol className="drop-list">
      {served.data.drops.map((drop) => (
        <DropItem key={`${drop.event.id}:${drop.marketId}:${drop.selectionTypeId}:${drop.provider}`} drop={drop} now={root.now} timeZone={root.timeZone} />
      ))}
    </ol>
  );
}

function Dropping() {
  const data = useLoaderData() as DroppingData | null;
  const drops = useArrived(data?.drops ?? null);
  return (
    <section className="section px-3">
      <div className="container is-max-tablet">
        <p className="mb-3">
          <BackToDashboard />
        </p>
        <h1 className="title is-4 mb-2">Dropping odds</h1>
        <p className="mb-4">The prices that fell the most in the last 24 hours, across the Premier League, La Liga, Serie A and the Bundesliga. A falling price often means money is coming in on it.</p>
        {data && <DropList served={drops ?? undefined} />}
      </div>
    </section>
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
