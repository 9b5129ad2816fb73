import { lazy, Suspense, type ReactNode } from "react";
import type { BookmakerLink, MatchMarket, MatchProviderOdds, MatchSelection } from "#shared/contract.ts";
import { formatMargin, formatOdds } from "#shared/format.ts";
import { bookmakerName, bookmakerShortName, FLAGS, hasFlag } from "#shared/reference.ts";
import { marketLabelOf, selectionLabelOf } from "./market-names.ts";
import type { SlipEvent } from "../betslip/slip.ts";
import { SelectionHeading } from "../odds/table/odds-table.tsx";
import { StaleIcon } from "../odds/flag-icons.tsx";
import { flashWhen } from "../odds/table/flash.tsx";
import { useChanged } from "../odds/table/use-changed.ts";
import { averageRow, formatAverage, formatPayout, highestRow, isManyWay, payoutAtBest, selectionsOf, type Highest } from "./market-stats.ts";
import { Direction, NO_PRICE, PriceCell } from "./price-cell.tsx";
import { usePricesStale } from "../live/link-status.ts";

/** The betslip toggle's chunk, as the odds tables load it (client/odds/table/odds-table.tsx): the one the signed-in top bar loads at start. */
const SlipToggle = lazy(() => import("../betslip/signed-in.tsx").then((m) => ({ default: m.SlipToggle })));

/**
 * The bookmaker's own page for the event, opened in a new tab: no affiliate parameters, no referrer,
 * no ranking credit (docs/design.md, Bookmaker links). Its accessible name starts with the visible name
 * (WCAG 2.5.3).
 */
function BookmakerName({ provider, link, stale }: { provider: number; link: BookmakerLink | undefined; stale: boolean }) {
  const name = bookmakerName(provider);
  const where = link?.exact === false ? `open football on ${name}'s site` : `open this match on ${name}'s site`;
  return (
    <>
      {link ? (
        <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" aria-label={`${name}: ${where}`}>
          {name}
        </a>
      ) : (
        name
      )}
      {stale && <StaleIcon />}
    </>
  );
}

/** The book's margin on this market (docs/design.md, Market catalogue), as the API worked it out with the catalogue's descriptor; '-' for an incomplete set. */
function Margin({ margin }: { margin: number | null }) {
  return <span className="match-margin">margin {formatMargin(margin)}</span>;
}

function BookmakerCell({ row, link, stale }: { row: MatchProviderOdds; link: BookmakerLink | undefined; stale: boolean }) {
  return (
    <th scope="row">
      <BookmakerName provider={row.provider} link={link} stale={stale} />
      <Margin margin={row.margin} />
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

/** A many-way market's selection as its row's heading: its add-to-betslip toggle where the page offers one. */
function SelectionRowHeading({ event, marketId, selectionTypeId }: { event: SlipEvent | undefined; marketId: number; selectionTypeId: number }) {
  const label = selectionLabelOf(selectionTypeId);
  if (!event) return <th scope="row">{label}</th>;
  return (
    <th scope="row" abbr={label}>
      <Suspense fallback={label}>
        <SlipToggle event={event} marketId={marketId} selectionTypeId={selectionTypeId} />
      </Suspense>
    </th>
  );
}

/** One book's price of a many-way selection: its short name, the price (Best marked) and its direction since first seen, which screen readers hear. */
function BookPrice({ provider, selection, stale }: { provider: number; selection: MatchSelection; stale: boolean }) {
  const { value, flags, opening } = selection;
  const signature = `${value}:${flags}`;
  const changed = useChanged(signature);
  const best = hasFlag(flags, FLAGS.Best);
  const classes = [best ? "odds-best" : "", stale ? "odds-stale" : ""].filter(Boolean).join(" ");
  return (
    <li className={classes || undefined}>
      <span className="match-book" aria-hidden="true">
        {bookmakerShortName(provider)}
      </span>
      <span className="visually-hidden">{bookmakerName(provider)} </span>
      {flashWhen(
        changed,
        signature,
        <span className="match-price">
          {formatOdds(value)}
          {best && <span className="visually-hidden"> best odds</span>}
          <Direction value={value} opening={opening} />
        </span>,
      )}
      <span className="visually-hidden">, first seen {formatOdds(opening)}</span>
    </li>
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

function Caption({ market }: { market: MatchMarket }) {
  return (
    <caption>
      {marketLabelOf(market.marketId)}
      {market.bookOnly !== undefined && <span className="match-only-at">Only at {bookmakerName(market.bookOnly)}</span>}
    </caption>
  );
}

/**
 * A market of two or three selections: a row per bookmaker (its margin under its name), a column per
 * selection, then Highest and Average rows computed from those rows (none for a book-only market).
 */
function BookRowsTable({ market, links, slipEvent }: Omit<MarketTableProps, "children">) {
  const columns = selectionsOf(market);
  const highest = highestRow(market);
  const average = averageRow(market);
  const compared = market.bookOnly === undefined;
  // The link has been down past the stale threshold: every price here is that old at least.
  const linkStale = usePricesStale();
  return (
    <table className="table is-fullwidth is-narrow odds-table match-table">
      <Caption market={market} />
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
      {compared && (
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
      )}
    </table>
  );
}

/** One selection of a many-way market: its heading, each quoting book's price, then its Highest and Average (`highest` null: a book-only market, neither). */
function SelectionRow({
  market,
  selectionTypeId,
  slipEvent,
  highest,
  average,
  staleBook,
}: {
  market: MatchMarket;
  selectionTypeId: number;
  slipEvent: SlipEvent | undefined;
  highest: Highest | undefined | null;
  average: number | undefined;
  staleBook: (row: MatchProviderOdds) => boolean;
}) {
  const quotes = market.odds.flatMap((row) => {
    const selection = row.odds.find((o) => o.selectionTypeId === selectionTypeId);
    return selection ? [{ row, selection }] : [];
  });
  return (
    <tr>
      <SelectionRowHeading event={slipEvent} marketId={market.marketId} selectionTypeId={selectionTypeId} />
      <td className="match-book-prices">
        {quotes.length === 0 ? (
          NO_PRICE
        ) : (
          <ul>
            {quotes.map(({ row, selection }) => (
              <BookPrice key={row.provider} provider={row.provider} selection={selection} stale={staleBook(row)} />
            ))}
          </ul>
        )}
      </td>
      {highest !== null && <HighestCell highest={highest} />}
      {highest !== null && <td>{formatAverage(average)}</td>}
    </tr>
  );
}

/**
 * A many-way market (correct score's 26, HT/FT's 9; decision 055): a row per selection, its books'
 * prices wrapping in one cell, then its Highest and Average, so it fits a 360 px phone and reads at
 * 240 px without sideways scroll; each book's link and margin in the footer.
 */
function SelectionRowsTable({ market, links, slipEvent }: Omit<MarketTableProps, "children">) {
  const selections = selectionsOf(market);
  const highest = highestRow(market);
  const average = averageRow(market);
  const compared = market.bookOnly === undefined;
  const linkStale = usePricesStale();
  const staleBook = (row: MatchProviderOdds) => row.stale === true || linkStale;
  return (
    <table className="table is-fullwidth is-narrow odds-table match-table match-many">
      <Caption market={market} />
      <thead>
        <tr>
          <th scope="col">Selection</th>
          <th scope="col">Prices</th>
          {compared && <th scope="col">Highest</th>}
          {compared && <th scope="col">Average</th>}
        </tr>
      </thead>
      <tbody>
        {selections.map((id) => (
          <SelectionRow key={id} market={market} selectionTypeId={id} slipEvent={slipEvent} highest={compared ? highest.get(id) : null} average={average.get(id)} staleBook={staleBook} />
        ))}
      </tbody>
      <tfoot>
        <tr>
          {/* One cell across the table: the list names itself, so no heading takes a column's width. */}
          <td colSpan={compared ? 4 : 2}>
            <ul className="match-books" aria-label="Bookmakers and their margins">
              {market.odds.map((row) => (
                <li key={row.provider}>
                  <BookmakerName provider={row.provider} link={links.find((l) => l.provider === row.provider)} stale={staleBook(row)} />
                  <Margin margin={row.margin} />
                </li>
              ))}
            </ul>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * One market of the match page (docs/design.md, The match page): each book's prices and margin, the
 * Highest and Average computed from them, and the payout of backing every selection at its best
 * price; a book-only market (1UP, 2UP) only at its book, with its margin and neither of those.
 */
export function MarketTable({ market, links, slipEvent, children }: MarketTableProps) {
  const label = marketLabelOf(market.marketId);
  const compared = market.bookOnly === undefined;
  return (
    <section className="match-market" aria-label={label}>
      <div className="table-container">
        {isManyWay(market) ? <SelectionRowsTable market={market} links={links} slipEvent={slipEvent} /> : <BookRowsTable market={market} links={links} slipEvent={slipEvent} />}
      </div>
      {compared && (
        <p className="match-payout">
          Payout at best prices: <strong>{formatPayout(payoutAtBest(market, highestRow(market)))}</strong>
        </p>
      )}
      {children}
    </section>
  );
}
