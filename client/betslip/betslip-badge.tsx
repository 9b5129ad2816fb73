import type { JSX } from "react";
import { Link } from "react-router";
import { SlipIcon } from "./slip-icon.tsx";
import { selectionCount } from "./slip.ts";
import { useCurrentUser } from "../session/require-session.tsx";
import { useOptionalRootData } from "../session/root-data.ts";
import { useBetslip } from "./store.ts";

/**
 * The top bar's way to the betslip, with its size (docs/design.md, Betslip): the count follows every tap
 * at once. Until the slip is read, the size the server read for the same user when it rendered the
 * page (a page without JavaScript shows that one); without either, no count is claimed.
 */
export function BetslipBadge(): JSX.Element {
  const known = useBetslip((s) => s.status === "ready");
  const live = useBetslip((s) => s.legs.length);
  const root = useOptionalRootData();
  const { user } = useCurrentUser();
  const served = root?.user && root.user.id === user?.id ? root.slipSize : undefined;
  const count = known ? live : served;
  return (
    <Link className="betslip-badge" to="/betslip" aria-label={count === undefined ? "Betslip" : `Betslip, ${selectionCount(count)}`}>
      <SlipIcon />
      <span className="is-hidden-mobile">Betslip</span>
      {/* The space keeps the visible words ('Betslip 3') inside the name 'Betslip, 3 selections' (WCAG 2.5.3). */}{" "}
      {count !== undefined && <span className="betslip-count">{count}</span>}
    </Link>
  );
}
