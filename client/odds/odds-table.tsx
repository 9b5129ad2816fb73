import { memo } from "react";
import type { EventMarket } from "#shared/contract.ts";
import { bookmakerName, marketLabel, marketSelections } from "#shared/reference.ts";
import { SelectionHeading } from "../betslip/slip-toggle.tsx";
import { StaleIcon } from "./flag-icons.tsx";
import { MarginCell } from "./margin-cell.tsx";
import { OddsCell } from "./odds-cell.tsx";

/** The market's selections in display order; for a market this build does not know, whatever the prices name. */
function columnsOf(market: EventMarket): readonly number[] {
  const known = marketSelections(market.marketId);
  if (known.length > 0) return known;
  const seen = new Set(market.odds.flatMap((row) => row.odds.map((o) => o.selectionTypeId)));
  return [...seen].sort((a, b) => a - b);
}

/**
 * One market of one event: a row per bookmaker, a column per selection plus 'Ov' (margin).
 * Memoised: the page clock re-renders the cards every second, the prices do not change with it;
 * `stale` (the stale bookmakers' ids, comma-separated) is text so an unchanged set compares equal.
 * With `eventId` (a signed-in user's live card) each selection's heading adds it to the betslip.
 */
export const OddsTable = memo(function OddsTable({
  market,
  eventName,
  eventId,
  stale = "",
}: {
  market: EventMarket;
  eventName: string;
  eventId?: string | undefined;
  stale?: string;
}) {
  const columns = columnsOf(market);
  const slipEvent = eventId === undefined ? undefined : { id: eventId, name: eventName };
  const staleIds = new Set(stale.split(",").filter(Boolean).map(Number));
  return (
    <div className="table-container">
      <table className="table is-fullwidth is-narrow odds-table">
        <caption>
          <span className="visually-hidden">{eventName}, </span>
          {marketLabel(market.marketId)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Bookmaker</th>
            {columns.map((id) => (
              <SelectionHeading key={id} event={slipEvent} marketId={market.marketId} selectionTypeId={id} />
            ))}
            <th scope="col">
              <abbr title="Overround (bookmaker margin)">Ov</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {market.odds.map((row) => (
            <tr key={row.provider} className={staleIds.has(row.provider) ? "odds-stale" : undefined}>
              <th scope="row">
                {bookmakerName(row.provider)}
                {staleIds.has(row.provider) && <StaleIcon />}
              </th>
              {columns.map((id) => (
                <OddsCell key={id} selection={row.odds.find((o) => o.selectionTypeId === id)} />
              ))}
              <MarginCell margin={row.margin} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
