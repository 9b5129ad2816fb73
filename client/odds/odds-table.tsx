import { memo } from "react";
import type { EventMarket } from "#shared/contract.ts";
import { bookmakerName, marketLabel, marketSelections, selectionLabel } from "#shared/reference.ts";
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
 * Memoised: the page clock re-renders the cards every minute, the prices do not change with it.
 */
export const OddsTable = memo(function OddsTable({
  market,
  eventName,
}: {
  market: EventMarket;
  eventName: string;
}) {
  const columns = columnsOf(market);
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
              <th scope="col" key={id}>
                {selectionLabel(id)}
              </th>
            ))}
            <th scope="col">
              <abbr title="Overround (bookmaker margin)">Ov</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {market.odds.map((row) => (
            <tr key={row.provider}>
              <th scope="row">{bookmakerName(row.provider)}</th>
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
