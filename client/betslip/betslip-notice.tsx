import type { JSX } from "react";
import { useBetslip } from "./store.ts";

/**
 * What a tap on a betslip button did that the user must be told, wherever they tapped: a selection
 * replaced (one per match), or why a change was refused and undone. Fixed above the bottom bar, so
 * it shows however far down the page the tap was; stays until dismissed or the next tap.
 */
export function BetslipNotice(): JSX.Element | null {
  const notice = useBetslip((s) => s.notice);
  if (!notice) return null;
  const error = notice.tone === "error";
  return (
    <div className={error ? "notification is-danger is-light betslip-notice" : "notification is-info is-light betslip-notice"} role={error ? "alert" : "status"}>
      <button type="button" className="delete" aria-label="Dismiss betslip message" onClick={() => useBetslip.getState().dismiss()} />
      {notice.text}
    </div>
  );
}
