import { useState, type JSX } from "react";
import type { MatchMarket } from "#shared/contract.ts";
import { formatOdds } from "#shared/format.ts";
import { AlertMeButton, AlertMeForm, TapSaid, YourAlertsLink } from "../alerts/alert-me.tsx";
import { DEFAULT_MOVE_SHARE, nextPriceStep } from "../alerts/alert-taps.ts";
import { marketLabelOf, selectionLabelOf } from "./market-names.ts";
import { highestRow, isManyWay, selectionsOf } from "./market-stats.ts";

/** The one form the match page's "Alert me" buttons post without JavaScript (client/alerts/alert-me.tsx). */
const MATCH_ALERT_FORM = "match-alert-me";

/**
 * The match's "Alert me" (docs/design.md, What a bettor follows): a move alert (its best prices moving
 * by 10 %) in one tap, and the form every target button of the tables below names. Outside the odds
 * tables' betslip form: forms do not nest.
 */
export function MatchAlertForm({ eventId, back }: { eventId: string; back: string }): JSX.Element {
  return (
    <AlertMeForm id={MATCH_ALERT_FORM} back={back} eventId={eventId}>
      <div className="alert-taps">
        <AlertMeButton form={MATCH_ALERT_FORM} tap={{ kind: "move", share: DEFAULT_MOVE_SHARE }} eventId={eventId}>
          Alert me when prices move {DEFAULT_MOVE_SHARE}%
        </AlertMeButton>
        <YourAlertsLink />
      </div>
    </AlertMeForm>
  );
}

/**
 * A market's target alerts: per outcome, one tap to be told when its best price reaches the next step
 * above the best now (5 % up), with one status line for the row. None for a many-way market (correct
 * score's 26 outcomes, HT/FT's 9): their buttons would take most of the lite page's budget in the
 * Specials group (docs/design.md, Page weight), and the match's move alert covers them.
 */
export function TargetAlerts({ market, eventId }: { market: MatchMarket; eventId: string }): JSX.Element | null {
  const [said, setSaid] = useState("");
  if (isManyWay(market)) return null;
  const highest = highestRow(market);
  // Named with its market: 1X2 and Draw No Bet both have a Home.
  const prefix = `Alert me, ${marketLabelOf(market.marketId)}: `;
  const taps = selectionsOf(market).flatMap((selectionTypeId) => {
    const best = highest.get(selectionTypeId)?.value;
    if (best === undefined) return [];
    const price = nextPriceStep(best);
    return [
      <AlertMeButton key={selectionTypeId} form={MATCH_ALERT_FORM} tap={{ kind: "target", marketId: market.marketId, selectionTypeId, price }} eventId={eventId} hiddenPrefix={prefix} say={setSaid}>
        {selectionLabelOf(selectionTypeId)} {formatOdds(price)}
      </AlertMeButton>,
    ];
  });
  if (taps.length === 0) return null;
  return (
    <div className="alert-targets">
      <p className="is-size-7 mb-0">Alert me when the best price reaches:</p>
      <div className="alert-taps">
        {taps}
        <TapSaid said={said} />
      </div>
    </div>
  );
}
