/**
 * SportyBet's market and outcome ids as our selections (docs/design.md, SportyBet feed), as the loaded
 * catalogue maps them: its feed and its booking codes name markets alike, so both read them here.
 */
import { catalogueSelection, type ProductSelection } from "../common.ts";

/**
 * The line among a market's Sportradar specifiers, joined by "|": `total=2.5` for totals, `hcp=0:1`
 * (home:away head starts) for the 3-way handicap and `hcp=-1.5` (goals added to home) for the Asian
 * (docs/design.md, Lines). Other specifiers (`minsnr=10`, `goalnr=1`) name other markets, never a line.
 */
export function specifierLine(specifier: string | null | undefined): string | undefined {
  const part = specifier?.split("|").find((p) => p.startsWith("total=") || p.startsWith("hcp="));
  return part?.slice(part.indexOf("=") + 1);
}

/** Our selection for one of SportyBet's outcomes, or undefined for a market or line we do not compare. Keyed on the market: 19/20 (team totals) reuse 12/13. */
export function selectionFor(market: { id: string; specifier?: string | null | undefined }, outcomeId: string): ProductSelection | undefined {
  return catalogueSelection("sportybet", market.id, outcomeId, specifierLine(market.specifier));
}
