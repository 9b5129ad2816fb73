import { useId, useMemo, useState } from "react";
import { RETURNS_AGREE_WITHIN, sureBetStakes, type Stake } from "#shared/bettor-math.ts";
import type { SureBetLeg } from "#shared/contract.ts";
import { bookmakerName, selectionLabel } from "#shared/reference.ts";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { formatNaira, parseStakeTotal } from "./money.ts";

/** A total too small for a whole-naira stake on every outcome at these prices. */
export const cannotSplitMessage = (total: number) =>
  `At ${formatNaira(total)}, whole-naira stakes cannot cover every outcome at these prices: raise the total.`;
/** Returns that whole-naira stakes cannot bring within ₦1 of each other (decision 018). */
export const returnsDifferMessage = (spread: number) =>
  `At these prices, whole-naira stakes cannot make every result return the same: the returns differ by up to ${formatNaira(spread, { kobo: true })}.`;

/** What the calculator starts with, so the split is on screen before anyone types (₦10,000: docs/design.md, Sure bets). */
export const DEFAULT_TOTAL_STAKE = "10000";

/** Each leg's stake and what it returns, and the amount staked. */
function StakeTable({ stakes, staked, what }: { stakes: readonly Stake[]; staked: number; what: string }) {
  return (
    <>
      {/* A very large total's returns may be wider than a phone: the table scrolls, not the page. */}
      <div className="table-container">
        <table className="table is-narrow is-fullwidth tool-table stake-table">
          <caption className="visually-hidden">
            Stakes of {formatNaira(staked)} on {what}
          </caption>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col">Stake</th>
              <th scope="col">Returns</th>
            </tr>
          </thead>
          <tbody>
            {stakes.map((leg) => (
              <tr key={leg.selectionTypeId}>
                <th scope="row">
                  {selectionLabel(leg.selectionTypeId)}{" "}
                  <span className="tool-detail">at {bookmakerName(leg.provider)}</span>
                </th>
                <td>{formatNaira(leg.stake)}</td>
                <td>{formatNaira(leg.returns, { kobo: true })}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Staked</th>
              <td>{formatNaira(staked)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

function StakeSplit({ legs, total, what }: { legs: readonly SureBetLeg[]; total: number; what: string }) {
  // The search over roundings is the costly part; the page re-renders each second for the ages.
  const stakes = useMemo(() => sureBetStakes(legs, total), [legs, total]);
  const staked = stakes.reduce((sum, leg) => sum + leg.stake, 0);
  const profit = Math.min(...stakes.map((leg) => leg.returns)) - staked;
  // A long price's first stake may be worth more than a small total: no whole-naira split fits.
  if (staked === 0) return <p className="stake-profit">{cannotSplitMessage(total)}</p>;
  // Unrounded, as the maths judges them (decision 018); at some prices no split agrees within ₦1.
  const exactReturns = stakes.map((leg) => leg.stake * leg.value);
  const spread = Math.max(...exactReturns) - Math.min(...exactReturns);
  const agree = spread <= RETURNS_AGREE_WITHIN + 1e-9;
  return (
    <>
      <StakeTable stakes={stakes} staked={staked} what={what} />
      {staked < total && (
        <p className="tool-detail">
          {formatNaira(total - staked)} of your {formatNaira(total)} stays unstaked
          {agree ? ": with whole-naira stakes, that is what makes every result return the same." : "."}
        </p>
      )}
      {!agree && <p className="tool-detail">{returnsDifferMessage(spread)}</p>}
      <p className="stake-profit" aria-live="polite">
        {profit >= 0 ? (
          <>
            Profit whichever result: at least <strong>{formatNaira(profit, { kobo: true })}</strong>
          </>
        ) : (
          "At this total, whole-naira stakes cannot lock in a profit: raise the total."
        )}
      </p>
    </>
  );
}

/**
 * A sure bet's stake split (docs/design.md, Sure bets): for a total in naira, each leg's stake in whole
 * naira and what it returns, and the amount staked beside the total asked for (a few naira may stay
 * unstaked so the returns agree within ₦1: decision 018). `what` names the sure bet for screen readers: every calculator's field has its own label.
 */
export function StakeCalculator({ legs, what }: { legs: readonly SureBetLeg[]; what: string }) {
  const id = useId();
  const [text, setText] = useState(DEFAULT_TOTAL_STAKE);
  const fieldRef = useEarlyValue<HTMLInputElement>(text, setText);
  const total = parseStakeTotal(text, legs.length);
  const errorId = `${id}-error`;
  return (
    <div className="stake-calculator">
      <div className="field">
        <label className="label is-small" htmlFor={`${id}-total`}>
          Total stake (₦)<span className="visually-hidden"> on {what}</span>
        </label>
        <div className="control">
          <input
            id={`${id}-total`}
            className={total.ok ? "input stake-input" : "input stake-input is-danger"}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            ref={fieldRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={!total.ok}
            aria-describedby={total.ok ? undefined : errorId}
          />
        </div>
        {!total.ok && (
          <p className="help is-danger" id={errorId}>
            {total.message}
          </p>
        )}
      </div>
      {total.ok && <StakeSplit legs={legs} total={total.naira} what={what} />}
    </div>
  );
}
