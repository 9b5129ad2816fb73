import type { JSX } from "react";
import type { BetslipLeg } from "#shared/contract.ts";
import { selectionLabel } from "#shared/reference.ts";
import { useBetslip } from "./store.ts";
import { legName, sameLeg, type SlipEvent } from "./slip.ts";

/**
 * A plus on a selection a tap adds, a tick on one that is on the slip: the pressed state shown, not
 * only told, and the heading as wide either way, so a tap moves nothing.
 */
function SlipMark({ onSlip }: { onSlip: boolean }): JSX.Element {
  return (
    <svg className={onSlip ? "i slip-mark slip-tick" : "i slip-mark"} aria-hidden="true" viewBox="0 0 24 24">
      <path d={onSlip ? "M5 12.5 10 17.5 19 7" : "M12 5v14M5 12h14"} />
    </svg>
  );
}

/**
 * A selection's column heading as a one-tap toggle (docs/design.md, Betslip): the heading's own words
 * ('Home', 'Over 2.5') stay what it shows, so the table keeps its width on a 360 px phone; the
 * button says what a tap does, and `aria-pressed` whether the selection is on the slip.
 */
export function SlipToggle({ event, marketId, selectionTypeId }: { event: SlipEvent; marketId: number; selectionTypeId: number }): JSX.Element {
  const leg: BetslipLeg = { eventId: event.id, marketId, selectionTypeId };
  const onSlip = useBetslip((s) => s.legs.some((l) => sameLeg(l, leg)));
  const name = legName(leg, event.name);
  return (
    <button
      type="button"
      className={onSlip ? "slip-toggle is-on-slip" : "slip-toggle"}
      aria-pressed={onSlip}
      aria-label={onSlip ? `Remove ${name} from betslip` : `Add ${name} to betslip`}
      onClick={() => void useBetslip.getState().toggle(leg, event.name)}
    >
      <SlipMark onSlip={onSlip} />
      {selectionLabel(selectionTypeId)}
    </button>
  );
}
