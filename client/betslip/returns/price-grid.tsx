import { useId, type JSX } from "react";
import type { BetslipLegView } from "#shared/contract.ts";
import { formatOdds } from "#shared/format.ts";
import { BOOKMAKERS, marketCode } from "#shared/reference.ts";
import { legMarketName, legSelectionName, legState } from "../slip.ts";
import { onlyAtText, UNKNOWN_MATCH } from "../slip-legs.tsx";

/** One price of one selection: the best of its row in bold and said in words, a missing one said as such. */
function PriceCell({ value, best }: { value: number | undefined; best: boolean }): JSX.Element {
  if (value === undefined) {
    return (
      <td className="slip-grid-none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">no price</span>
      </td>
    );
  }
  return (
    <td className={best ? "slip-grid-best" : undefined}>
      {formatOdds(value)}
      {best && <span className="visually-hidden"> best</span>}
    </td>
  );
}

function LegRow({ leg }: { leg: BetslipLegView }): JSX.Element {
  // A book-only market has no Best: one book quotes it (docs/design.md, Book-only markets).
  const top = leg.prices.length > 0 && leg.bookOnly === undefined ? Math.max(...leg.prices.map((p) => p.value)) : undefined;
  const state = legState(leg);
  return (
    <tr className={state === "biddable" ? undefined : "is-out"}>
      <th scope="row">
        <span className="slip-grid-match">{leg.event?.name ?? UNKNOWN_MATCH}</span>{" "}
        <span className="slip-grid-pick">
          {marketCode(leg.marketId) ?? legMarketName(leg)}: {legSelectionName(leg)}
        </span>
        {leg.bookOnly !== undefined && <span className="slip-grid-state">{onlyAtText(leg.bookOnly)}</span>}
        {state === "started" && <span className="slip-grid-state">Started</span>}
        {state === "unpriced" && <span className="slip-grid-state">No longer priced</span>}
      </th>
      {BOOKMAKERS.map((book) => {
        const value = leg.prices.find((p) => p.provider === book.id)?.value;
        return <PriceCell key={book.id} value={value} best={value !== undefined && value === top} />;
      })}
    </tr>
  );
}

/**
 * Each selection's price at each of the five bookmakers (docs/product.md, Betslip page): a row per
 * selection, a column per bookmaker under its short name (a name that fits a phone: shared/reference.ts), the best price of each row in bold and
 * named 'best' for screen readers, a missing one '—' read as 'no price'. A phone scrolls the grid,
 * never the page; the box takes the keyboard's focus so it can be scrolled without a pointer.
 */
export function PriceGrid({ legs }: { legs: readonly BetslipLegView[] }): JSX.Element {
  const captionId = useId();
  return (
    <div className="slip-grid" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table is-narrow slip-grid-table">
        <caption id={captionId}>Each selection&apos;s price at each bookmaker (best in bold)</caption>
        <thead>
          <tr>
            <th scope="col">Selection</th>
            {BOOKMAKERS.map((book) => (
              <th key={book.id} scope="col">
                {book.short === book.name ? (
                  book.name
                ) : (
                  <>
                    <span aria-hidden="true">{book.short}</span>
                    <span className="visually-hidden">{book.name}</span>
                  </>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {legs.map((leg) => (
            <LegRow key={`${leg.eventId}:${leg.marketId}:${leg.selectionTypeId}`} leg={leg} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
