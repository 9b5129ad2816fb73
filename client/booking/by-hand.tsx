import type { JSX } from "react";
import { Link } from "react-router";
import type { BetslipLegView } from "#shared/contract.ts";
import { formatOdds } from "#shared/format.ts";
import { bookmakerName } from "#shared/reference.ts";
import { legMarketName, legSelectionName, legState } from "../betslip/slip.ts";
import { matchPath } from "../route-paths.ts";

function HandLeg({ leg, provider }: { leg: BetslipLegView; provider: number }): JSX.Element {
  const book = bookmakerName(provider);
  const price = leg.prices.find((p) => p.provider === provider)?.value;
  const link = leg.links.find((l) => l.provider === provider);
  const name = leg.event?.name ?? "this match";
  return (
    <li className="booking-leg">
      <Link className="booking-leg-match" to={matchPath(leg.eventId)}>
        {name}
      </Link>
      <span>
        {/* Named as the slip names it: the catalogue's names the answer carries beyond the eight (docs/design.md, Betslip). */}
        {legMarketName(leg)}: <strong>{legSelectionName(leg)}</strong>
        {price !== undefined && ` at ${formatOdds(price)}`}
      </span>
      {link && (
        <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
          {link.exact ? `Open ${name} at ${book}` : `${book}'s football page`}
        </a>
      )}
    </li>
  );
}

/**
 * A bookmaker we cannot create codes at (NairaBet, 1xBet: docs/design.md, Booking endpoints): it says
 * so, and on a tap lists the selections it prices, to add by hand, each with its match page and the
 * book's own page for the match where we have it. Folded until asked for: two such books on a slip of
 * 50 would be a long page on a phone. A `<details>` folds it, so it opens with or without JavaScript
 * (docs/design.md, Pages without JavaScript).
 */
export function ByHand({ provider, legs }: { provider: number; legs: readonly BetslipLegView[] }): JSX.Element {
  const book = bookmakerName(provider);
  const shown = legs.filter((leg) => legState(leg) === "biddable" && leg.prices.some((p) => p.provider === provider));
  return (
    <div className="booking-by-hand">
      <p className="booking-leg-detail">{book} has no booking code we can create.</p>
      <details>
        <summary className="button is-small">Selections to add at {book} by hand</summary>
        <ol className="booking-legs mt-2" aria-label={`Selections to add at ${book}`}>
          {shown.map((leg) => (
            <HandLeg key={`${leg.eventId}:${leg.marketId}:${leg.selectionTypeId}`} leg={leg} provider={provider} />
          ))}
        </ol>
      </details>
    </div>
  );
}
