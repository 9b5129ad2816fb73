import type { ReactNode } from "react";
import type { BookmakerLink, MatchMarket, MatchProviderOdds } from "#shared/contract.ts";
import { formatOdds } from "#shared/format.ts";
import { bookmakerName, bookmakerShortName } from "#shared/reference.ts";
import { marketLabelOf } from "./market-names.ts";
import type { SlipEvent } from "../betslip/slip.ts";
import { SelectionHeading } from "../odds/table/odds-table.tsx";
import { StaleIcon } from "../odds/flag-icons.tsx";
import { averageRow, formatAverage, formatPayout, highestRow, payoutAtBest, selectionsOf, type Highest } from "./market-stats.ts";
import { PriceCell } from "./price-cell.tsx";
import { usePricesStale } from "../live/link-status.ts";

/**
 * The bookmaker's own page for the event, opened in a new tab: no affiliate parameters, no referrer,
 * no ranking credit (docs/design.md, Bookmaker links). Its accessible name starts with the visible name
 * (WCAG 2.5.3).
 */
function BookmakerCell({ row, link, stale }: { row: MatchProviderOdds; link: BookmakerLink | undefined; stale: boolean }) {
  const name = bookmakerName(row.provider);
  const where = link?.exact === false ? `open football on ${name}'s site` : `open this match on ${name}'s site`;
  return (
    <th scope="row">
      {link ? (
        <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" aria-label={`${name}: ${where}`}>
          {name}
        </a>
      ) : (
        name
      )}
      {stale && <StaleIcon />}
    </th>
  );
}

/** 'Highest': the best price and who offers it, short names to fit a phone, full names for screen readers. */
function HighestCell({ highest }: { highest: Highest | undefined }) {
  if (!highest) return <td>-</td>;
  return (
    <td>
      <span className="match-price">{formatOdds(highest.value)}</span>
      <span className="match-opening" aria-hidden="true">
        {highest.providers.map(bookmakerShortName).join(" ")}
      </span>
      <span className="visually-hidden"> at {highest.providers.map(bookmakerName).join(", ")}</span>
    </td>
  );
}

export interface MarketTableProps {
  market: MatchMarket;
  links: readonly BookmakerLink[];
  /** The match, when its selections can go on the betslip (each selection's heading adds it); absent once it has started. */
  slipEvent?: SlipEvent | undefined;
  /** What follows the payout line: the price history of this market, or the control that shows it. */
  children?: ReactNode;
}

/**
 * One market of the match page (docs/design.md, The match page): a row per bookmaker, then Highest and
 * Average rows computed from those same rows, and the payout of backing every selection at its best price.
 */
export function MarketTable({ market, links, slipEvent, children }: MarketTableProps) {
  const columns = selectionsOf(market);
  const highest = highestRow(market);
  const average = averageRow(market);
  const label = marketLabelOf(market.marketId);
  // The link has been down past the stale threshold: every price here is that old at least.
  const linkStale = usePricesStale();
  return (
    <section className="match-market" aria-label={label}>
      <div className="table-container">
        <table className="table is-fullwidth is-narrow odds-table match-table">
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Bookmaker</th>
              {columns.map((id) => (
                <SelectionHeading key={id} event={slipEvent} marketId={market.marketId} selectionTypeId={id} />
              ))}
            </tr>
          </thead>
          <tbody>
            {market.odds.map((row) => (
              <tr key={row.provider} className={row.stale || linkStale ? "odds-stale" : undefined}>
                <BookmakerCell row={row} link={links.find((l) => l.provider === row.provider)} stale={row.stale === true || linkStale} />
                {columns.map((id) => (
                  <PriceCell key={id} selection={row.odds.find((o) => o.selectionTypeId === id)} />
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="match-summary-row">
              <th scope="row">Highest</th>
              {columns.map((id) => (
                <HighestCell key={id} highest={highest.get(id)} />
              ))}
            </tr>
            <tr className="match-summary-row">
              <th scope="row">Average</th>
              {columns.map((id) => (
                <td key={id}>{formatAverage(average.get(id))}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="match-payout">
        Payout at best prices: <strong>{formatPayout(payoutAtBest(market, highest))}</strong>
      </p>
      {children}
    </section>
  );
}
