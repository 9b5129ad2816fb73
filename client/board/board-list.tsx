import type { JSX } from "react";
import { Link } from "react-router";
import type { OddsEvent } from "#shared/contract.ts";
import { formatKickoff, formatOdds } from "#shared/format.ts";
import { bookmakerName, eventCompetitionName, selectionLabel } from "#shared/reference.ts";
import { matchPath } from "../route-paths.ts";
import { bestOutcomes, type BestOutcome } from "../finder/live/best-prices.ts";

export interface BoardListProps {
  events: readonly OddsEvent[];
  market: number;
  /** The list's accessible name ("Today's matches"). */
  label: string;
  now: number;
  timeZone: string;
  /** Where the list spans competitions, each match says its own (docs/design.md, Competition names). */
  showCompetition?: boolean;
}

/** The best price and the first book offering it; "+1" where another prints it alike. */
function OutcomeBest({ outcome }: { outcome: BestOutcome }): JSX.Element {
  const [first, ...others] = outcome.providers;
  if (outcome.value === null || first === undefined) return <span className="board-outcome-book">no price</span>;
  return (
    <>
      <strong className="board-outcome-price">{formatOdds(outcome.value)}</strong>{" "}
      <span className="board-outcome-book">
        {bookmakerName(first)}
        {others.length > 0 && (
          <>
            <span aria-hidden="true"> +{others.length}</span>
            <span className="visually-hidden"> and {others.length === 1 ? "1 other" : `${others.length} others`}</span>
          </>
        )}
      </span>
    </>
  );
}

/** One match: its teams (a link to its match page), its competition and kick-off, and each outcome's best price with its book. */
function BoardMatch({ event, market, now, timeZone, showCompetition }: Omit<BoardListProps, "events" | "label"> & { event: OddsEvent }): JSX.Element {
  const outcomes = bestOutcomes(event, market);
  const competition = showCompetition ? eventCompetitionName(event) : null;
  return (
    <li className="board-match">
      <Link className="board-match-teams" to={matchPath(event.id)}>
        {event.home} v {event.away}
      </Link>
      <span className="board-match-detail">
        {competition && <>{competition} · </>}
        <time dateTime={event.date}>{formatKickoff(event.date, new Date(now), timeZone)}</time>
      </span>
      <ul className="board-outcomes" aria-label={`Best prices: ${event.home} v ${event.away}`}>
        {outcomes.map((outcome) => (
          <li key={outcome.selectionTypeId} className="board-outcome">
            <span className="board-outcome-label">{selectionLabel(outcome.selectionTypeId)}</span> <OutcomeBest outcome={outcome} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The whole board's list (docs/design.md, Board pages): one entry per match, in the order given
 * (kick-off), each outcome's best price and the book offering it; the match page compares every book.
 */
export function BoardList({ events, label, ...each }: BoardListProps): JSX.Element {
  return (
    <ol className="board-list" aria-label={label}>
      {events.map((event) => (
        <BoardMatch key={event.id} event={event} {...each} />
      ))}
    </ol>
  );
}
