import type { JSX } from "react";
import type { BetslipLeg } from "#shared/contract.ts";
import { selectionLabelOf } from "../match/market-names.ts";
import { useBetslip } from "./store.ts";
import { legField, legName, sameLeg, type SlipEvent } from "./slip.ts";

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
 * A selection's one-tap toggle (docs/design.md, Betslip). As a column heading (`wording`
 * "selection", the default) the heading's own words ('Home', 'Over 2.5') stay what it shows, so the
 * table keeps its width on a 360 px phone; in a list row ("action") it reads 'Add to betslip' or 'On
 * betslip', and its name starts with those words. Its name says what a tap does or what it holds, and
 * `aria-pressed` whether the selection is on the slip.
 */
export function SlipToggle({
  event,
  marketId,
  selectionTypeId,
  wording = "selection",
}: {
  event: SlipEvent;
  marketId: number;
  selectionTypeId: number;
  wording?: "selection" | "action";
}): JSX.Element {
  const leg: BetslipLeg = { eventId: event.id, marketId, selectionTypeId };
  const onSlip = useBetslip((s) => s.legs.some((l) => sameLeg(l, leg)));
  const name = legName(leg, event.name);
  const shown = wording === "selection" ? selectionLabelOf(selectionTypeId) : onSlip ? "On betslip" : "Add to betslip";
  // A row's button starts its name with the words it shows (WCAG 2.5.3, label in name).
  const label = wording === "selection" ? (onSlip ? `Remove ${name} from betslip` : `Add ${name} to betslip`) : `${shown}: ${name}`;
  // A submit of the slip form around the odds (SlipForm): without JavaScript the tap posts the
  // selection (docs/design.md, Pages without JavaScript); with it, the store toggles it and nothing is posted.
  return (
    <button
      type="submit"
      name="leg"
      value={legField(leg)}
      className={`slip-toggle${onSlip ? " is-on-slip" : ""}${wording === "action" ? " is-action" : ""}`}
      aria-pressed={onSlip}
      aria-label={label}
      onClick={(click) => {
        click.preventDefault();
        void useBetslip.getState().toggle(leg, event.name);
      }}
    >
      <SlipMark onSlip={onSlip} />
      {shown}
    </button>
  );
}
