import { useId, useState, type JSX } from "react";
import { PageForm } from "../components/page-form.tsx";
import { FORM_POSTS } from "../route-paths.ts";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { parseStake, STAKE_INVALID_MESSAGE, stakeText } from "./returns/money.ts";
import { useBetslip } from "./store.ts";

/**
 * The slip's stake in naira, saved with the slip when submitted (Enter or the button): every
 * keystroke would be a save. A stake the API refuses rolls back, and the field follows.
 */
export function StakeForm({ stake }: { stake: number }): JSX.Element {
  const id = useId();
  const [text, setText] = useState(stakeText(stake));
  const fieldRef = useEarlyValue<HTMLInputElement>(text, setText);
  const [invalid, setInvalid] = useState(false);
  // A stake saved, rolled back or read from another device replaces what the field shows; set while
  // rendering, so nothing typed before an effect would run is overwritten.
  const [shownStake, setShownStake] = useState(stake);
  if (stake !== shownStake) {
    setShownStake(stake);
    setText(stakeText(stake));
    setInvalid(false);
  }

  function submit() {
    const parsed = parseStake(text);
    setInvalid(parsed === undefined);
    if (parsed !== undefined && parsed !== stake) void useBetslip.getState().setStake(parsed);
  }

  return (
    <PageForm action={FORM_POSTS.stake} hidden={{ back: "/betslip" }} className="slip-stake" onSubmit={submit}>
      <label className="label" htmlFor={`${id}-stake`}>
        Stake (₦)
      </label>
      <div className="field has-addons mb-1">
        <div className="control is-expanded">
          <input
            id={`${id}-stake`}
            className={invalid ? "input is-danger" : "input"}
            name="stake"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            ref={fieldRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
          />
        </div>
        <div className="control">
          <button type="submit" className="button is-primary">
            Update stake
          </button>
        </div>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="help slip-stake-error" role="alert">
          {STAKE_INVALID_MESSAGE}
        </p>
      )}
    </PageForm>
  );
}
