/**
 * SportyBet's market and outcome ids as our selections (docs/design.md, SportyBet feed), as the loaded
 * catalogue maps them: its feed and its booking codes name markets alike, so both read them here.
 */
import { catalogueSelection, type ProductSelection } from "../common.ts";

/** "total=2.5", possibly among other Sportradar specifiers joined by "|"; whole lines ("total=2") are not ours. */
export function totalLine(specifier: string | null | undefined): string | undefined {
  const line = specifier
    ?.split("|")
    .find((part) => part.startsWith("total="))
    ?.slice("total=".length);
  return line !== undefined && /^\d+\.5$/.test(line) ? line : undefined;
}

/** Our selection for one of SportyBet's outcomes, or undefined for a market or line we do not compare. Keyed on the market: 19/20 (team totals) reuse 12/13. */
export function selectionFor(market: { id: string; specifier?: string | null | undefined }, outcomeId: string): ProductSelection | undefined {
  return catalogueSelection("sportybet", market.id, outcomeId, totalLine(market.specifier));
}
