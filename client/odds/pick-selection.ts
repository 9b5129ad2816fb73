import type { OddsSummary } from "#shared/contract.ts";

export interface LeagueMarketChoice {
  league: number | null;
  market: number | null;
}

/**
 * Parses `?league=&market=` and falls back to the summary's first league and market
 * (docs/product.md, Dashboard). The dashboard's loader and the page both use it (client/pages/dashboard.tsx).
 */
export function pickSelection(
  params: URLSearchParams,
  summary: Pick<OddsSummary, "competitionIds" | "marketIds">,
): LeagueMarketChoice {
  const league = Number(params.get("league"));
  const market = Number(params.get("market"));
  return {
    league: summary.competitionIds.includes(league) ? league : (summary.competitionIds[0] ?? null),
    market: summary.marketIds.includes(market) ? market : (summary.marketIds[0] ?? null),
  };
}
