import { useId, useState, type JSX, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { STAKE_ROUNDINGS } from "#shared/math/sure-bet-split.ts";
import type { SureBetLeg } from "#shared/contract.ts";
import { useAppRunning } from "../../boot/use-app-running.ts";
import { useEarlyValue } from "../../boot/use-early-value.ts";
import { parseStakeTotal } from "../money.ts";
import { parseRounding, roundingLabel } from "./split-messages.ts";
import { StakeSplit } from "./stake-split.tsx";

/** What the calculator starts with, so the split is on screen before anyone types (₦10,000: docs/design.md, Sure bets). */
export const DEFAULT_TOTAL_STAKE = "10000";

/** The rounding of the stakes, whole naira unless the bettor (or the page's URL, `&round=50`) asks for ₦10, ₦50 or ₦100. */
function RoundingField({ id, what, value, onChange, error }: { id: string; what: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const fieldRef = useEarlyValue<HTMLSelectElement>(value, onChange);
  return (
    <div className="field">
      <label className="label is-small" htmlFor={`${id}-round`}>
        Round the stakes<span className="visually-hidden"> on {what}</span>
      </label>
      <div className={error ? "select is-small is-danger" : "select is-small"}>
        <select
          id={`${id}-round`}
          name={SPLIT_PARAMS.round}
          ref={fieldRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-round-error` : undefined}
        >
          {STAKE_ROUNDINGS.map((rounding) => (
            <option key={rounding} value={String(rounding)}>
              {roundingLabel(rounding)}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="help is-danger" id={`${id}-round-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A sure bet's stake split (docs/design.md, Sure bets; Tax on sure bets and value bets): for a total in
 * naira, each leg's stake in whole naira (or rounded to ₦10, ₦50 or ₦100) within its book's minimum
 * stake and maximum payout and, if it wins, what it pays, the tax on its winnings and what is left, and
 * the amount staked beside the total asked for (a few naira may stay unstaked so the returns after tax
 * agree within ₦1: decision 018). `what` names the sure bet for screen readers: every calculator's
 * field has its own label.
 */
export function StakeCalculator({ legs, what, split }: { legs: readonly SureBetLeg[]; what: string; split: SplitTarget }) {
  const id = useId();
  const [text, setText] = useState(split.asked ?? DEFAULT_TOTAL_STAKE);
  const fieldRef = useEarlyValue<HTMLInputElement>(text, setText);
  const total = parseStakeTotal(text);
  // A rounding the URL gets wrong is said beside the field, and the split is in whole naira until one is chosen.
  const asked = parseRounding(split.round);
  const [roundText, setRoundText] = useState(asked.ok ? String(asked.rounding) : "1");
  const [roundError, setRoundError] = useState(asked.ok ? undefined : asked.message);
  const chooseRounding = (value: string) => {
    setRoundText(value);
    setRoundError(undefined);
  };
  const rounding = parseRounding(roundText);
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
      <RoundingField id={id} what={what} value={roundText} onChange={chooseRounding} error={roundError} />
      {!running && (
        <button type="submit" className="button is-small is-primary mb-3">
          Split the stake<span className="visually-hidden"> on {what}</span>
        </button>
      )}
      {total.ok && <StakeSplit legs={legs} total={total.naira} rounding={rounding.ok ? rounding.rounding : 1} what={what} />}
    </SplitForm>
  );
}

/** The query names of a split asked by form: the sure bet (its key), the total typed for it and the rounding chosen. */
export const SPLIT_PARAMS = { bet: "bet", total: "total", round: "round" } as const;

/** Which sure bet a calculator splits, as the page's URL names it, and the total and rounding asked for it there (`?bet=KEY&total=N&round=50`), if any. */
export interface SplitTarget {
  bet: string;
  /** The id of the sure bet's card: the page comes back scrolled to it. */
  anchor: string;
  asked?: string | undefined;
  round?: string | undefined;
}

/**
 * The calculator as a GET form of the sure-bets page (docs/design.md, Pages without JavaScript):
 * without JavaScript "Split" asks for the page again with this bet's total and rounding in the URL, the list's
 * choice kept, and the server renders the split; with it the split follows each keystroke and
 * nothing is sent.
 */
function SplitForm({ split, children }: { split: SplitTarget; children: ReactNode }): JSX.Element {
  const [params] = useSearchParams();
  const keep = [...params].filter(([name]) => !(Object.values(SPLIT_PARAMS) as string[]).includes(name));
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
