import { useRef } from "react";
import type { ToolMarket } from "#shared/contract.ts";
import { isMarketId, marketChoiceLabel } from "#shared/reference.ts";
import { learnMarketNames } from "../match/market-names.ts";

/**
 * Keeps the names of the markets beyond the eight that a tool's answer carries (docs/design.md,
 * Bettor tools, "Markets the tools name"), for marketLabelOf and selectionLabelOf; the eight's
 * names stay shared/reference.ts's. Called before a list renders, as the match page does.
 */
export function learnToolMarkets(markets: readonly ToolMarket[] | undefined): void {
  if (!markets) return;
  learnMarketNames(
    markets
      .filter((market) => !isMarketId(market.marketId))
      .map(({ marketId, name, selections }) => ({
        marketId,
        name,
        odds: [],
        ...(selections ? { selections } : {}),
      })),
  );
}

/**
 * A market as a Market choice names it: the eight as the other selects do (marketChoiceLabel), a bare
 * full-time total beyond them in words too ('Over/Under 5.5 goals (OU5.5)'), the rest by the
 * catalogue's name ('1st Half Over/Under 1.5').
 */
export function marketChoiceName(market: Pick<ToolMarket, "marketId" | "name">): string {
  if (isMarketId(market.marketId)) return marketChoiceLabel(market.marketId);
  const total = /^OU(\d+(?:\.\d+)?)$/.exec(market.name);
  return total ? `Over/Under ${total[1]} goals (${market.name})` : market.name;
}

/**
 * The markets a tool's answer listed last: a refresh or a new choice on its way keeps the Market
 * choice as it was (no select rebuilt under the bettor's finger), until an answer lists others.
 */
export function useKeptMarkets(
  markets: readonly ToolMarket[] | undefined,
): readonly ToolMarket[] | undefined {
  const kept = useRef(markets);
  if (markets) kept.current = markets;
  return kept.current;
}
