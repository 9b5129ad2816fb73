import type { JSX } from "react";
import { Link } from "react-router";
import type { BetslipLegView } from "#shared/contract.ts";
import { formatOdds, formatKickoff } from "#shared/format.ts";
import { bookmakerName } from "#shared/reference.ts";
import { PageForm } from "../components/page-form.tsx";
import { FORM_POSTS, matchPath } from "../route-paths.ts";
import { legField, legMarketName, legName, legSelectionName, legState, plainLeg } from "./slip.ts";
import { useBetslip } from "./store.ts";

/** What a leg is called when its event has left the API (pruned after the match). */
export const UNKNOWN_MATCH = "A match no longer listed";

/** The leg's best price now and who offers it, as a hint of what it adds to the slip; a book-only leg's one price, no Best (docs/design.md, Book-only markets). */
function BestPrice({ prices, bookOnly }: { prices: BetslipLegView["prices"]; bookOnly: boolean }): JSX.Element {
  const top = Math.max(...prices.map((p) => p.value));
  const who = prices.filter((p) => p.value === top).map((p) => bookmakerName(p.provider));
  return (
    <span className="slip-leg-detail">
      {bookOnly ? "" : "Best "}
      {formatOdds(top)} at {who.join(", ")}
    </span>
  );
}

/** 'Only at SportyBet': a leg of a book-only market (SportyBet's 1UP and 2UP), which the other books never price. */
export const onlyAtText = (provider: number) => `Only at ${bookmakerName(provider)}`;

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
          {legMarketName(leg)}: <strong>{legSelectionName(leg)}</strong>
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
          {leg.bookOnly !== undefined && <span className="tag is-info is-light">{onlyAtText(leg.bookOnly)}</span>}
          {state === "biddable" && <BestPrice prices={leg.prices} bookOnly={leg.bookOnly !== undefined} />}
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
