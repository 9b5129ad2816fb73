import type { JSX } from "react";
import { Link } from "react-router";
import { SlipIcon } from "./slip-icon.tsx";
import { selectionCount } from "./slip.ts";
import { useBetslip } from "./store.ts";

/**
 * The top bar's way to the betslip, with its size (docs/design.md, Betslip): the count follows every tap
 * at once. Until the slip is read (and on the server, which never reads it) no count is claimed.
 */
export function BetslipBadge(): JSX.Element {
  const known = useBetslip((s) => s.status === "ready");
  const count = useBetslip((s) => s.legs.length);
  return (
    <Link className="betslip-badge" to="/betslip" aria-label={known ? `Betslip, ${selectionCount(count)}` : "Betslip"}>
      <SlipIcon />
      <span className="is-hidden-mobile">Betslip</span>
      {/* The space keeps the visible words ('Betslip 3') inside the name 'Betslip, 3 selections' (WCAG 2.5.3). */}{" "}
      {known && <span className="betslip-count">{count}</span>}
    </Link>
  );
}
