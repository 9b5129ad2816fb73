import type { JSX } from "react";
import { Link } from "react-router";
import type { BetslipLegView } from "#shared/contract.ts";
import { formatOdds, formatKickoff } from "#shared/format.ts";
import { bookmakerName, marketLabel, selectionLabel } from "#shared/reference.ts";
import { PageForm } from "../components/page-form.tsx";
import { FORM_POSTS, matchPath } from "../route-paths.ts";
import { legField, legName, legState, plainLeg } from "./slip.ts";
import { useBetslip } from "./store.ts";

/** What a leg is called when its event has left the API (pruned after the match). */
export const UNKNOWN_MATCH = "A match no longer listed";

/** The leg's best price now and who offers it, as a hint of what it adds to the slip. */
function BestPrice({ prices }: { prices: BetslipLegView["prices"] }): JSX.Element {
  const top = Math.max(...prices.map((p) => p.value));
  const who = prices.filter((p) => p.value === top).map((p) => bookmakerName(p.provider));
  return (
    <span className="slip-leg-detail">
      Best {formatOdds(top)} at {who.join(", ")}
    </span>
  );
}

function LegItem({ leg, now, timeZone }: { leg: BetslipLegView; now: number; timeZone: string }): JSX.Element {
  const { event } = leg;
  const name = legName(leg, event?.name ?? "this match");
  const state = legState(leg);
  return (
    <li className="slip-leg">
      <div className="slip-leg-what">
        {event ? (
          <Link className="slip-leg-match" to={matchPath(leg.eventId)}>
            {event.name}
          </Link>
        ) : (
          <span className="slip-leg-match">{UNKNOWN_MATCH}</span>
        )}
        <span>
          {marketLabel(leg.marketId)}: <strong>{selectionLabel(leg.selectionTypeId)}</strong>
        </span>
        {event && (
          <span className="slip-leg-detail">
            Kick-off <time dateTime={event.date}>{formatKickoff(event.date, new Date(now), timeZone)}</time>
          </span>
        )}
        <span className="slip-leg-marks">
          {/* A started leg can no longer be backed (decision 019), nor one no bookmaker prices: both count at no bookmaker. */}
          {state === "started" && <span className="tag is-warning">Started</span>}
          {state === "unpriced" && <span className="tag is-danger is-light">No longer priced</span>}
          {state === "biddable" && <BestPrice prices={leg.prices} />}
        </span>
      </div>
      <PageForm action={FORM_POSTS.removeFromSlip} hidden={{ leg: legField(leg), back: "/betslip" }} onSubmit={() => void useBetslip.getState().remove(plainLeg(leg))}>
        <button type="submit" className="button slip-remove" aria-label={`Remove ${name} from betslip`}>
          Remove
        </button>
      </PageForm>
    </li>
  );
}

/** The slip's selections in the order they were added, each with its match, kick-off, marks and a remove button. */
export function SlipLegs({ legs, now, timeZone }: { legs: readonly BetslipLegView[]; now: number; timeZone: string }): JSX.Element {
  return (
    <ol className="slip-legs" aria-label="Selections">
      {legs.map((leg) => (
        <LegItem key={`${leg.eventId}:${leg.marketId}:${leg.selectionTypeId}`} leg={leg} now={now} timeZone={timeZone} />
      ))}
    </ol>
  );
}
