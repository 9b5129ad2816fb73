import type { JSX } from "react";
import { BetslipBadge } from "./betslip-badge.tsx";
import { useBetslipSync } from "./sync/use-betslip-sync.ts";

export { BetslipNotice } from "./betslip-notice.tsx";
export { SlipToggle } from "./slip-toggle.tsx";

/**
 * The top bar's betslip: the badge, and the slip kept with the session.
 *
 * This module is the betslip's one lazily loaded chunk: the top bar (client/shell/top-bar.tsx) loads
 * it for a signed-in user, the odds tables (client/odds/table/odds-table.tsx) for a table that offers the
 * toggles. A visitor's public page ships none of the betslip (docs/design.md, Page weight:
 * the public JavaScript budget), and one chunk rather than two keeps the bundle's shared chunks as they were.
 */
export function SignedInSlip(): JSX.Element {
  useBetslipSync();
  return <BetslipBadge />;
}
