import { memo } from "react";
import { Link } from "react-router";
import type { OddsEvent } from "#shared/contract.ts";
import { formatOdds } from "#shared/format.ts";
import { bookmakerName, bookmakerShortName, selectionLabel } from "#shared/reference.ts";
import { useChanged } from "../odds/table/use-changed.ts";
import { matchPath } from "../route-paths.ts";
import { bestOutcomes, type BestOutcome } from "./live/best-prices.ts";

/**
 * One outcome's best price with its bookmaker's short name under it; screen readers hear the
 * outcome and the full names. A price that changed live flashes, as in the cards.
 */
function BestPrice({ outcome }: { outcome: BestOutcome }) {
  const { selectionTypeId, value, providers } = outcome;
  const signature = `${value}:${providers.join(",")}`;
  const changed = useChanged(signature);
  const [first] = providers;
  const more = providers.length > 1 ? ` +${providers.length - 1}` : "";
  return (
    <span className="finder-price">
      <span className="visually-hidden">{selectionLabel(selectionTypeId)} </span>
      <span key={signature} className={changed ? "finder-value odds-flash" : "finder-value"}>
        {formatOdds(value)}
      </span>
      {first !== undefined && (
        <>
          <span className="finder-bookie" aria-hidden="true">
            {bookmakerShortName(first)}
            {more}
          </span>
          <span className="visually-hidden"> at {providers.map(bookmakerName).join(", ")}</span>
        </>
      )}
    </span>
  );
}

export interface ListRowProps {
  event: OddsEvent;
  market: number;
  /** 'HH:MM' in the viewer's zone: the day is the group's heading. */
  time: string;
}

/**
 * One match as one link to its page (docs/design.md, Finding a match on the dashboard): kick-off, 'Home v
 * Away', and the best price of each outcome. Memoised: the page clock re-renders the list each minute, the
 * prices do not change with it.
 */
export const ListRow = memo(function ListRow({ event, market, time }: ListRowProps) {
  return (
    <li>
      <Link className="finder-row" to={matchPath(event.id)}>
        <time className="finder-time" dateTime={event.date}>
          {time}
        </time>
        <span className="finder-teams">
          {event.home} v {event.away}
        </span>
        <span className="finder-prices">
          {bestOutcomes(event, market).map((outcome) => (
            <BestPrice key={outcome.selectionTypeId} outcome={outcome} />
          ))}
        </span>
      </Link>
    </li>
  );
});
