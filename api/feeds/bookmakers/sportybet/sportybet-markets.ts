/**
 * SportyBet's market and outcome ids as our selections (docs/design.md, SportyBet feed): its feed and
 * its booking codes name markets alike, so both read them here.
 */
import { SELECTIONS, selectionIn, type MarketIds, type ProductSelection } from "../common.ts";

/** Market id -> outcome id -> product selection. Keyed on the market: 19/20 (team totals) reuse 12/13. */
export const SPORTYBET_SELECTIONS: MarketIds<string> = {
  fixed: {
    "1": { "1": SELECTIONS.home, "2": SELECTIONS.draw, "3": SELECTIONS.away },
    "10": { "9": SELECTIONS.homeOrDraw, "10": SELECTIONS.homeOrAway, "11": SELECTIONS.drawOrAway },
    "29": { "74": SELECTIONS.bttsYes, "76": SELECTIONS.bttsNo },
  },
  totals: "18",
  totalSides: { "12": "over", "13": "under" },
};

/** "total=2.5", possibly among other Sportradar specifiers joined by "|"; whole lines ("total=2") are not ours. */
export function totalLine(specifier: string | null | undefined): string | undefined {
  const line = specifier
    ?.split("|")
    .find((part) => part.startsWith("total="))
    ?.slice("total=".length);
  return line !== undefined && /^\d+\.5$/.test(line) ? line : undefined;
}

/** Our selection for one of SportyBet's outcomes, or undefined for a market or line we do not compare. */
export function selectionFor(market: { id: string; specifier?: string | null | undefined }, outcomeId: string): ProductSelection | undefined {
  if (market.id === SPORTYBET_SELECTIONS.totals && totalLine(market.specifier) === undefined) return undefined;
  return selectionIn(SPORTYBET_SELECTIONS, market.id, outcomeId, totalLine(market.specifier));
}
