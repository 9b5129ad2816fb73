import { useMemo } from "react";
import { netSureBetProfitPct, RETURNS_AGREE_WITHIN, type Stake } from "#shared/math/bettor-math.ts";
import { TAX_ON_WINNINGS_RATE } from "#shared/math/bookmaker-rules.ts";
import { splitSureBet, type StakeRounding } from "#shared/math/sure-bet-split.ts";
import type { SureBetLeg } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";
import { selectionLabelOf } from "../../match/market-names.ts";
import { formatNaira } from "../money.ts";
import { belowMinimumsMessage, overMaxPayoutMessage, roundedLossMessage, roundedNote } from "./split-messages.ts";

/** Net returns that whole-naira stakes cannot bring within ₦1 of each other (decision 018). */
export const returnsDifferMessage = (spread: number) =>
  `At these prices, whole-naira stakes cannot make every result pay the same after tax: the returns differ by up to ${formatNaira(spread, { kobo: true })}.`;
/** Why the stakes are not the usual 1/price split (docs/design.md, Tax on sure bets and value bets). */
export const TAX_SPLIT_NOTE = `The bookmaker withholds ${TAX_ON_WINNINGS_RATE * 100}% of the winnings of the ticket that wins as tax: the stakes are split so every result pays the same after that tax.`;
/** A split that returns no more than it stakes, at a total too small for whole naira to keep the profit. */
export const NO_PROFIT_MESSAGE = "At this total, whole-naira stakes make no profit after tax: raise the total.";
/** Prices that make a sure bet only before tax (the API does not list them; docs/design.md, Tax on sure bets and value bets). */
export const NO_PROFIT_AFTER_TAX_MESSAGE = "At these prices the tax on winnings leaves no profit, whatever the total.";

/** A naira figure that never breaks inside itself, though its label may wrap above it on a 240 px phone. */
const Amount = ({ naira }: { naira: number }) => <span className="stake-amount">{formatNaira(naira, { kobo: true })}</span>;

/** Each leg's stake and, if it wins, what the bookmaker pays, the tax withheld and what is left; and the amount staked. */
function StakeTable({ stakes, staked, what }: { stakes: readonly Stake[]; staked: number; what: string }) {
  return (
    // A very large total's returns may be wider than a phone: the table scrolls, not the page; a
    // keyboard reaches the scrolling box itself (nothing inside it takes focus).
    <div className="table-container" tabIndex={0} role="region" aria-label={`Stakes on ${what}`}>
      <table className="table is-narrow is-fullwidth tool-table stake-table">
        <caption className="visually-hidden">
          Stakes of {formatNaira(staked)} on {what}
        </caption>
        <thead>
          <tr>
            <th scope="col">Outcome</th>
            <th scope="col">Stake</th>
            <th scope="col">If it wins</th>
          </tr>
        </thead>
        <tbody>
          {stakes.map((leg) => (
            <tr key={leg.selectionTypeId}>
              <th scope="row">
                {selectionLabelOf(leg.selectionTypeId)} <span className="tool-detail">at {bookmakerName(leg.provider)}</span>
              </th>
              <td className="stake-cell">{formatNaira(leg.stake)}</td>
              {/* Three short lines, not three columns: five figures a row do not fit a 360 px phone;
                  at 240 px each label wraps above its figure (docs/design.md, Pages without JavaScript). */}
              <td>
                <span className="tool-detail">
                  Pays <Amount naira={leg.gross} />
                </span>
                <span className="tool-detail">
                  Tax <Amount naira={leg.tax} />
                </span>
                <span>
                  You get <strong><Amount naira={leg.net} /></strong>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Staked</th>
            <td className="stake-cell">{formatNaira(staked)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The line under the table: the least profit whichever result comes, or why there is none. */
function ProfitLine({ profit, legs, rounding }: { profit: number; legs: readonly SureBetLeg[]; rounding: StakeRounding }) {
  let said;
  if (profit > 0)
    said = (
      <>
        If every bet stands: at least <strong>{formatNaira(profit, { kobo: true })}</strong> profit after tax, whichever result comes
      </>
    );
  else if (netSureBetProfitPct(legs) <= 0) said = NO_PROFIT_AFTER_TAX_MESSAGE;
  else if (rounding > 1) said = roundedLossMessage(rounding, -profit);
  else said = NO_PROFIT_MESSAGE;
  return (
    <p className="stake-profit" aria-live="polite">
      {said}
    </p>
  );
}

/**
 * The split of `total` on a sure bet's legs within each book's minimum stake and maximum payout,
 * optionally rounded (shared/math/sure-bet-split.ts); a total the books refuse says why, with the
 * nearest total that works.
 */
export function StakeSplit({ legs, total, rounding, what }: { legs: readonly SureBetLeg[]; total: number; rounding: StakeRounding; what: string }) {
  // The search over roundings is the costly part; the page re-renders each second for the ages.
  const split = useMemo(() => splitSureBet(legs, total, { rounding }), [legs, total, rounding]);
  if (split.kind === "below-minimums")
    return <p className="stake-profit stake-refused" aria-live="polite">{belowMinimumsMessage(total, legs, rounding, split.smallestTotal)}</p>;
  if (split.kind === "over-max-payout")
    return <p className="stake-profit stake-refused" aria-live="polite">{overMaxPayoutMessage(total, split.provider, split.maxPayout, split.largestTotal)}</p>;
  const { stakes, staked, profit, spread } = split;
  // Unrounded, as the maths judges them (decision 018); at some prices no split agrees within ₦1.
  const agree = spread <= RETURNS_AGREE_WITHIN + 1e-9;
  return (
    <>
      <StakeTable stakes={stakes} staked={staked} what={what} />
      {staked < total && (
        <p className="tool-detail">
          {formatNaira(total - staked)} of your {formatNaira(total)} stays unstaked
          {rounding === 1 && agree ? ": with whole-naira stakes, that is what makes every result pay the same." : "."}
        </p>
      )}
      {rounding > 1 && <p className="tool-detail">{roundedNote(rounding)}</p>}
      {rounding === 1 && !agree && <p className="tool-detail">{returnsDifferMessage(spread)}</p>}
      {rounding === 1 && <p className="tool-detail">{TAX_SPLIT_NOTE}</p>}
      <ProfitLine profit={profit} legs={legs} rounding={rounding} />
    </>
  );
}
