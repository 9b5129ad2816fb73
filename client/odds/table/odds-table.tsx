import { lazy, memo, Suspense, type JSX } from "react";
import type { EventMarket } from "#shared/contract.ts";
import { bookmakerName, marketLabel, marketSelections } from "#shared/reference.ts";
import type { SlipEvent } from "../../betslip/slip.ts";
import { StaleIcon } from "../flag-icons.tsx";
import { selectionLabelOf } from "../../match/market-names.ts";
import { MarginCell, rowMarginAttributes } from "./margin-cell.tsx";
import { OddsCell } from "./odds-cell.tsx";

/** The market's selections in display order; for a market this build does not know, whatever the prices name. */
function columnsOf(market: EventMarket): readonly number[] {
  const known = marketSelections(market.marketId);
  if (known.length > 0) return known;
  const seen = new Set(market.odds.flatMap((row) => row.odds.map((o) => o.selectionTypeId)));
  return [...seen].sort((a, b) => a - b);
}

/**
 * The betslip toggle and its store load only where a table offers it (a signed-in user's): the
 * public pages' odds tables ship none of it (docs/design.md, Page weight: the public JavaScript budget). It
 * is the chunk the signed-in top bar loads at start, so a table rarely waits for it.
 */
const SlipToggle = lazy(() => import("../../betslip/signed-in.tsx").then((m) => ({ default: m.SlipToggle })));

/**
 * A selection's column heading, here and on the match page: its add-to-betslip toggle where the
 * table offers one (`event`), else the label alone.
 */
export function SelectionHeading({ event, marketId, selectionTypeId }: { event: SlipEvent | undefined; marketId: number; selectionTypeId: number }): JSX.Element {
  const label = selectionLabelOf(selectionTypeId);
  if (!event) return <th scope="col">{label}</th>;
  return (
    // `abbr`: what a screen reader repeats beside each price in the column, rather than the button's whole name.
    <th scope="col" abbr={label}>
      <Suspense fallback={label}>
        <SlipToggle event={event} marketId={marketId} selectionTypeId={selectionTypeId} />
      </Suspense>
    </th>
  );
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
              <th scope="row" {...rowMarginAttributes(row.margin)}>
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
