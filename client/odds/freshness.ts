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

/** '20 s ago', in minutes from one minute and hours from one hour; a clock ahead of ours reads 0 s. */
export function formatAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/** 'Updated 20 s ago' (formatAgo). */
export function formatUpdatedAgo(at: number, now: number): string {
  return `Updated ${formatAgo(at, now)}`;
}
