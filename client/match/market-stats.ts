import type { MatchMarket } from "#shared/contract.ts";
import { asShown } from "#shared/format.ts";
import { referenceDescriptor, type MarketDescriptor } from "#shared/math/market-descriptor.ts";
import { averagePrices, bestPrices, isBestPrice, marketMargin } from "#shared/math/odds-math.ts";
import { marketSelections } from "#shared/reference.ts";

/** The best price of one selection as shown, and every bookmaker offering it (ties are all named, as Best flags them all). */
export interface Highest {
  value: number;
  providers: number[];
}

/** The market's selections in display order; for a market this build does not know, whatever the prices name. */
export function selectionsOf(market: MatchMarket): readonly number[] {
  const known = market.selections?.map((s) => s.id) ?? marketSelections(market.marketId);
  if (known.length > 0) return known;
  return [...new Set(market.odds.flatMap((row) => row.odds.map((o) => o.selectionTypeId)))].sort((a, b) => a - b);
}

/**
 * The market as shared/math/odds-math.ts reads it (docs/design.md, Market catalogue): one of the
 * eight from shared/reference.ts, any other from what its answer says (selections, shape, coverage,
 * book-only), the catalogue's own descriptor as the API took it for each book's margin (decision 055).
 */
export function descriptorOf(market: MatchMarket): MarketDescriptor {
  const reference = referenceDescriptor(market.marketId);
  if (reference && !market.selections) return reference;
  const selections = selectionsOf(market);
  return {
    id: market.marketId,
    selections,
    shape: market.shape ?? (selections.length === 2 ? "two-way" : selections.length === 3 ? "three-way" : "many-way"),
    coverage: market.coverage ?? 1,
    // Read by sure and value bets only, never on this page.
    exclusive: false,
    bookOnly: market.bookOnly !== undefined,
  };
}

/** Whether the market's table lists a row per selection: a many-way market (correct score, HT/FT; decision 055). */
export const isManyWay = (market: MatchMarket): boolean => descriptorOf(market).shape === "many-way";

/** The Highest row: per selection, Best as shared/math/odds-math.ts judges it over the rows shown; none for a book-only market. */
export function highestRow(market: MatchMarket): Map<number, Highest> {
  const best = bestPrices(market.odds, descriptorOf(market));
  const row = new Map<number, Highest>();
  for (const [selectionTypeId, value] of best) {
    const providers = market.odds.filter((r) => r.odds.some((o) => o.selectionTypeId === selectionTypeId && isBestPrice(best, selectionTypeId, o.value))).map((r) => r.provider);
    row.set(selectionTypeId, { value, providers });
  }
  return row;
}

/** The Average row: the mean of the valid prices each selection has among the rows shown (`averagePrices`); none for a book-only market. */
export function averageRow(market: MatchMarket): Map<number, number> {
  return averagePrices(descriptorOf(market), market.odds);
}

/**
 * Percent paid back by backing every selection at its best price: 100 / Σ(1/best)
 * (docs/design.md, The match page), through the market's own margin rule so Double Chance, whose
 * selections each cover two results, reads on the same scale. null until every selection has a price.
 */
export function payoutAtBest(market: MatchMarket, highest: ReadonlyMap<number, Highest>): number | null {
  const prices = [...highest].map(([selectionTypeId, { value }]) => ({ selectionTypeId, value }));
  const margin = marketMargin(descriptorOf(market), prices);
  return margin === null ? null : 100 / (1 + margin / 100);
}

/** The Average row: a mean, no book's price, so two decimals ('-' for none). */
export function formatAverage(mean: number | undefined): string {
  return mean === undefined ? "-" : mean.toFixed(2);
}

/** 'Payout at best prices: 97.4%'. */
export function formatPayout(payout: number | null): string {
  return payout === null ? "-" : `${payout.toFixed(1)}%`;
}

/** The price's direction against the first one this bookmaker offered, judged as shown. */
export function movement(value: number, opening: number): "up" | "down" | null {
  const now = asShown(value);
  const then = asShown(opening);
  if (now === then) return null;
  return now > then ? "up" : "down";
}
