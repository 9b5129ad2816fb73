import type { EventMarket } from "#shared/contract.ts";

/** The newest price time among the markets shown (epoch ms), or undefined when none has one. */
export function newestPrice(markets: readonly EventMarket[]): number | undefined {
  let newest: number | undefined;
  for (const row of markets.flatMap((m) => m.odds)) {
    const at = Date.parse(row.updatedAt);
    if (Number.isFinite(at) && (newest === undefined || at > newest)) newest = at;
  }
  return newest;
}

/**
 * The bookmakers of a market the API marks stale: not confirmed by their feed for two intervals
 * (docs/design.md, In the browser). The API decides, since `updatedAt` is the last price change and a
 * bookmaker whose prices simply did not move is collected normally.
 */
export function staleProviders(market: EventMarket): number[] {
  return market.odds.filter((row) => row.stale === true).map((row) => row.provider);
}
