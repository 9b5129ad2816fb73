import { Link } from "react-router";
import type { EventHeading } from "#shared/contract.ts";
import { formatKickoff } from "#shared/format.ts";
import { eventCompetitionName } from "#shared/reference.ts";
import { marketLabelOf } from "../match/market-names.ts";
import { matchPath } from "../route-paths.ts";

export interface ToolEventProps {
  event: EventHeading;
  marketId: number;
  /** The minute clock kick-off labels are measured from, and the viewer's time zone. */
  now: number;
  timeZone: string;
  /** The heading's id, for the card's accessible name. */
  id?: string;
}

/** Which match and market a sure or value bet is on: the match links to its page (docs/design.md, Bettor tools). */
export function ToolEvent({ event, marketId, now, timeZone, id }: ToolEventProps) {
  return (
    <div className="tool-event">
      <h2 className="tool-match" id={id}>
        <Link to={matchPath(event.id)}>{event.name}</Link>
      </h2>
      <p className="tool-detail">
        {marketLabelOf(marketId)} · {eventCompetitionName(event)}
      </p>
      <p className="tool-detail">
        Kick-off <time dateTime={event.date}>{formatKickoff(event.date, new Date(now), timeZone)}</time>
      </p>
    </div>
  );
}
