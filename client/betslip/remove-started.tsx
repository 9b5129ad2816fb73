import type { JSX } from "react";
import type { BetslipLegView } from "#shared/contract.ts";
import { legState, plainLeg, selectionCount } from "./slip.ts";
import { useBetslip } from "./store.ts";

/**
 * Every started selection off the slip in one tap (docs/product.md, Betslip page). Each goes as the
 * remove a single tap sends, one selection at a time on the slip as stored (decision 024): the
 * selections still to play, the stake, and what another device added meanwhile all stay.
 */
export function RemoveStarted({ legs }: { legs: readonly BetslipLegView[] }): JSX.Element | null {
  const started = legs.filter((leg) => legState(leg) === "started");
  if (started.length === 0) return null;
  const removeAll = () => {
    const { remove } = useBetslip.getState();
    for (const leg of started) void remove(plainLeg(leg));
  };
  return (
    <div className="slip-started notification is-warning is-light">
      <p>
        {started.length === 1 ? "1 selection has" : `${selectionCount(started.length)} have`} started: no bookmaker takes a bet on {started.length === 1 ? "it" : "them"} now, so
        the totals leave {started.length === 1 ? "it" : "them"} out.
      </p>
      <button type="button" className="button slip-remove-started" onClick={removeAll}>
        Remove started selections
      </button>
    </div>
  );
}
