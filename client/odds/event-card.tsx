import { Link } from "react-router";
import type { OddsEvent } from "#shared/contract.ts";
import { formatKickoff, formatUpdatedAgo } from "#shared/format.ts";
import { newestPrice, staleProviders } from "./freshness.ts";
import { OddsTable } from "./table/odds-table.tsx";
import { matchPath } from "../route-paths.ts";
import { usePricesStale } from "../live/link-status.ts";
import { useKickedOff } from "./use-kicked-off.ts";

/** A live card's clock: how old its prices are (docs/design.md, In the browser); stale bookmakers are the API's mark. */
export interface CardClock {
  /** Epoch ms, ticking each second. */
  now: number;
}

export interface EventCardProps {
  event: OddsEvent;
  /** The viewer's zone (root loader), so server and browser print the same kick-off. */
  timeZone: string;
  /** Epoch ms that 'Today' and 'Tomorrow' are measured from. */
  now: number;
  /** 2 on the dashboard; 3 where the cards sit under a section heading (the Nigeria preview). */
  headingLevel?: 2 | 3;
  /**
   * Live cards (the dashboard) say how old their prices are, mark stale bookmakers, link their
   * title to the match page and add selections to the betslip (login required); the public preview
   * does none of these.
   */
  clock?: CardClock;
}

export const STARTED_CARD_NOTE = "This match has started: these are its last prices before kick-off, and it can no longer be added to the betslip.";

/** One match: name, kick-off in the viewer's zone, and a table per market that has prices. */
export function EventCard({ event, timeZone, now, headingLevel = 2, clock }: EventCardProps) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  // A live card turns 'Started' at the kick-off instant: adding stops, the last prices stay (docs/product.md, Event card).
  const kickedOff = useKickedOff(event.date, false, now);
  const started = clock !== undefined && kickedOff;
  const markets = event.markets.filter((market) => market.odds.length > 0);
  const newest = clock && newestPrice(markets);
  // The link has been down past the stale threshold: every price here is that old at least.
  const linkStale = usePricesStale();
  return (
    <article className="card event-card mb-4">
      <div className="card-content">
        <Heading className="title is-6 mb-1">{clock ? <Link to={matchPath(event.id)}>{event.name}</Link> : event.name}</Heading>
        <p className="event-kickoff">
          <time dateTime={event.date}>{formatKickoff(event.date, new Date(now), timeZone)}</time>
          {started && <span className="tag is-warning is-light ml-2">Started</span>}
          {clock && newest !== undefined && (
            <span className="event-updated">
              {" · "}
              {formatUpdatedAgo(newest, clock.now)}
            </span>
          )}
        </p>
        {started && <p className="event-started">{STARTED_CARD_NOTE}</p>}
        {markets.map((market) => (
          <OddsTable
            key={market.marketId}
            market={market}
            eventName={event.name}
            eventId={clock && !started ? event.id : undefined}
            stale={clock ? (linkStale ? market.odds.map((row) => row.provider) : staleProviders(market)).join(",") : ""}
          />
        ))}
      </div>
    </article>
  );
}
