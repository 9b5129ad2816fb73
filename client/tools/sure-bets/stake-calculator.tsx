import { useId, useMemo, useState, type JSX, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { netPrice, netSureBetProfitPct, RETURNS_AGREE_WITHIN, sureBetStakes, type Stake } from "#shared/math/bettor-math.ts";
import { TAX_ON_WINNINGS_RATE } from "#shared/math/bookmaker-rules.ts";
import type { SureBetLeg } from "#shared/contract.ts";
import { bookmakerName, selectionLabel } from "#shared/reference.ts";
import { useAppRunning } from "../../boot/use-app-running.ts";
import { useEarlyValue } from "../../boot/use-early-value.ts";
import { formatNaira, parseStakeTotal } from "../money.ts";

/** A total too small for a whole-naira stake on every outcome at these prices. */
export const cannotSplitMessage = (total: number) =>
  `At ${formatNaira(total)}, whole-naira stakes cannot cover every outcome at these prices: raise the total.`;
/** Net returns that whole-naira stakes cannot bring within ₦1 of each other (decision 018). */
export const returnsDifferMessage = (spread: number) =>
  `At these prices, whole-naira stakes cannot make every result pay the same after tax: the returns differ by up to ${formatNaira(spread, { kobo: true })}.`;
/** Why the stakes are not the usual 1/price split (docs/design.md, Tax on sure bets and value bets). */
export const TAX_SPLIT_NOTE = `The bookmaker withholds ${TAX_ON_WINNINGS_RATE * 100}% of the winnings of the ticket that wins as tax: the stakes are split so every result pays the same after that tax.`;
/** A split that returns no more than it stakes, at a total too small for whole naira to keep the profit. */
export const NO_PROFIT_MESSAGE = "At this total, whole-naira stakes make no profit after tax: raise the total.";
/** Prices that make a sure bet only before tax (the API does not list them; docs/design.md, Tax on sure bets and value bets). */
export const NO_PROFIT_AFTER_TAX_MESSAGE = "At these prices the tax on winnings leaves no profit, whatever the total.";

/** What the calculator starts with, so the split is on screen before anyone types (₦10,000: docs/design.md, Sure bets). */
export const DEFAULT_TOTAL_STAKE = "10000";

/** Each leg's stake and, if it wins, what the bookmaker pays, the tax withheld and what is left; and the amount staked. */
function StakeTable({ stakes, staked, what }: { stakes: readonly Stake[]; staked: number; what: string }) {
  return (
    <>
      {/* A very large total's returns may be wider than a phone: the table scrolls, not the page; a
          keyboard reaches the scrolling box itself (nothing inside it takes focus). */}
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
                  {selectionLabel(leg.selectionTypeId)}{" "}
                  <span className="tool-detail">at {bookmakerName(leg.provider)}</span>
                </th>
                <td>{formatNaira(leg.stake)}</td>
                {/* Three short lines, not three columns: five figures a row do not fit a 360 px phone. */}
                <td>
                  <span className="tool-detail">Pays {formatNaira(leg.gross, { kobo: true })}</span>
                  <span className="tool-detail">Tax {formatNaira(leg.tax, { kobo: true })}</span>
                  <span>
                    You get <strong>{formatNaira(leg.net, { kobo: true })}</strong>
                  </span>
                </td>
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
  const profit = Math.min(...stakes.map((leg) => leg.net)) - staked;
  // A long price's first stake may be worth more than a small total: no whole-naira split fits.
  if (staked === 0) return <p className="stake-profit">{cannotSplitMessage(total)}</p>;
  // Unrounded, as the maths judges them (decision 018); at some prices no split agrees within ₦1.
  const exactReturns = stakes.map((leg) => leg.stake * netPrice(leg.value));
  const spread = Math.max(...exactReturns) - Math.min(...exactReturns);
  const agree = spread <= RETURNS_AGREE_WITHIN + 1e-9;
  return (
    <>
      <StakeTable stakes={stakes} staked={staked} what={what} />
      {staked < total && (
        <p className="tool-detail">
          {formatNaira(total - staked)} of your {formatNaira(total)} stays unstaked
          {agree ? ": with whole-naira stakes, that is what makes every result pay the same." : "."}
        </p>
      )}
      {!agree && <p className="tool-detail">{returnsDifferMessage(spread)}</p>}
      <p className="tool-detail">{TAX_SPLIT_NOTE}</p>
      <p className="stake-profit" aria-live="polite">
        {profit > 0 ? (
          <>
            If every bet stands: at least <strong>{formatNaira(profit, { kobo: true })}</strong> profit after tax, whichever result comes
          </>
        ) : netSureBetProfitPct(legs) > 0 ? (
          NO_PROFIT_MESSAGE
        ) : (
          NO_PROFIT_AFTER_TAX_MESSAGE
        )}
      </p>
    </>
  );
}

/**
 * A sure bet's stake split (docs/design.md, Sure bets; Tax on sure bets and value bets): for a total in
 * naira, each leg's stake in whole naira and, if it wins, what it pays, the tax on its winnings and
 * what is left, and the amount staked beside the total asked for (a few naira may stay unstaked so the
 * returns after tax agree within ₦1: decision 018). `what` names the sure bet for screen readers:
 * every calculator's field has its own label.
 */
export function StakeCalculator({ legs, what, split }: { legs: readonly SureBetLeg[]; what: string; split: SplitTarget }) {
  const id = useId();
  const [text, setText] = useState(split.asked ?? DEFAULT_TOTAL_STAKE);
  const fieldRef = useEarlyValue<HTMLInputElement>(text, setText);
  const total = parseStakeTotal(text, legs.length);
  const errorId = `${id}-error`;
  // Without JavaScript the split is the server's, for the total sent by this button.
  const running = useAppRunning();
  return (
    <SplitForm split={split}>
      <div className="field">
        <label className="label is-small" htmlFor={`${id}-total`}>
          Total stake (₦)<span className="visually-hidden"> on {what}</span>
        </label>
        <div className="control">
          <input
            id={`${id}-total`}
            className={total.ok ? "input stake-input" : "input stake-input is-danger"}
            type="text"
            name={SPLIT_PARAMS.total}
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
      {!running && (
        <button type="submit" className="button is-small is-primary mb-3">
          Split the stake<span className="visually-hidden"> on {what}</span>
        </button>
      )}
      {total.ok && <StakeSplit legs={legs} total={total.naira} what={what} />}
    </SplitForm>
  );
}

/** The query names of a split asked by form: the sure bet (its key) and the total typed for it. */
export const SPLIT_PARAMS = { bet: "bet", total: "total" } as const;

/** Which sure bet a calculator splits, as the page's URL names it, and the total asked for it there (`?bet=KEY&total=N`), if any. */
export interface SplitTarget {
  bet: string;
  /** The id of the sure bet's card: the page comes back scrolled to it. */
  anchor: string;
  asked?: string | undefined;
}

/**
 * The calculator as a GET form of the sure-bets page (docs/design.md, Pages without JavaScript):
 * without JavaScript "Split" asks for the page again with this bet's total in the URL, the list's
 * choice kept, and the server renders the split; with it the split follows each keystroke and
 * nothing is sent.
 */
function SplitForm({ split, children }: { split: SplitTarget; children: ReactNode }): JSX.Element {
  const [params] = useSearchParams();
  const keep = [...params].filter(([name]) => name !== SPLIT_PARAMS.bet && name !== SPLIT_PARAMS.total);
  return (
    <form method="get" action={`/sure-bets#${split.anchor}`} className="stake-calculator" onSubmit={(event) => event.preventDefault()}>
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={SPLIT_PARAMS.bet} value={split.bet} />
      {children}
    </form>
  );
}
