import type { OddsEvent } from "#shared/contract.ts";
import { bestPrices, isBestPrice } from "#shared/math/odds-math.ts";
import { marketSelections } from "#shared/reference.ts";

/** One outcome's best price and the bookmakers offering it (all of them when several print alike). */
export interface BestOutcome {
  selectionTypeId: number;
  value: number | null;
  providers: number[];
}

/**
 * The best price of each outcome of `market` for one event, judged as shown and among the fresh
 * bookmakers as the API judges Best (shared/math/odds-math.ts); only when every bookmaker is stale are
 * their prices used, so a row is never blank while the cards still show prices.
 */
export function bestOutcomes(event: OddsEvent, market: number): BestOutcome[] {
  const listed = event.markets.find((m) => m.marketId === market)?.odds ?? [];
  const fresh = listed.filter((row) => !row.stale);
  const rows = fresh.length > 0 ? fresh : listed;
  const best = bestPrices(rows);
  return marketSelections(market).map((selectionTypeId) => {
    const providers = rows.filter((row) => row.odds.some((o) => o.selectionTypeId === selectionTypeId && isBestPrice(best, selectionTypeId, o.value))).map((row) => row.provider);
    return { selectionTypeId, value: best.get(selectionTypeId) ?? null, providers };
  });
}
