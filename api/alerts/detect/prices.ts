/**
 * The best prices detection judges (docs/design.md, Detection): per outcome, the highest price a
 * confirmed bookmaker quotes in the listing (a stale book's prices are not confirmed).
 */
import type { OddsEvent } from "#shared/contract.ts";
import { isValidPrice } from "#shared/math/odds-math.ts";

export interface BestPrice {
  price: number;
  provider: number;
}

export const outcomeKey = (marketId: number, selectionTypeId: number) => `${marketId}:${selectionTypeId}`;

/** Every outcome's best price in an event, by `outcomeKey`; equal prices go to the lower book id. */
export function bestPricesOf(event: OddsEvent | undefined): Map<string, BestPrice> {
  const best = new Map<string, BestPrice>();
  for (const market of event?.markets ?? []) {
    for (const row of market.odds) {
      if (row.stale) continue;
      for (const odd of row.odds) {
        if (!isValidPrice(odd.value)) continue;
        const key = outcomeKey(market.marketId, odd.selectionTypeId);
        const known = best.get(key);
        if (!known || odd.value > known.price || (odd.value === known.price && row.provider < known.provider)) best.set(key, { price: odd.value, provider: row.provider });
      }
    }
  }
  return best;
}

export function bestPriceOf(event: OddsEvent | undefined, marketId: number, selectionTypeId: number): BestPrice | undefined {
  return bestPricesOf(event).get(outcomeKey(marketId, selectionTypeId));
}
