import type { MatchMarket } from "#shared/contract.ts";
import { referenceGroup, type MarketGroup } from "#shared/market-groups.ts";
import { marketLabel, selectionLabel } from "#shared/reference.ts";

/**
 * Names of the markets beyond the spec's eight and of their selections, as the match answer carries
 * them (docs/design.md, Market catalogue), and every market's picker group. They are the catalogue's,
 * the same for every viewer, so what one answer taught is kept for the page (and, on the server, the
 * process); the eight's come from shared/reference.ts and shared/market-groups.ts.
 */
const markets = new Map<number, string>();
const selections = new Map<number, string>();
const groups = new Map<number, MarketGroup>();

export function learnMarketNames(list: readonly MatchMarket[]): void {
  for (const market of list) {
    if (market.name) markets.set(market.marketId, market.name);
    if (market.group) groups.set(market.marketId, market.group);
    for (const selection of market.selections ?? []) selections.set(selection.id, selection.label);
  }
}

/** 'Home Over/Under 0.5'; 'Market 10' only for one no answer named. */
export const marketLabelOf = (marketId: number): string => markets.get(marketId) ?? marketLabel(marketId);

/** 'Over 0.5'. Selection ids are the catalogue's, one meaning each across every market. */
export const selectionLabelOf = (selectionTypeId: number): string => selections.get(selectionTypeId) ?? selectionLabel(selectionTypeId);

/**
 * The market's picker group: the answer's, else one an answer taught, else the eight's own;
 * undefined for a market no answer described (a live frame's market new to the page), which no group lists.
 */
export const marketGroupOf = (market: Pick<MatchMarket, "marketId" | "group">): MarketGroup | undefined => market.group ?? groups.get(market.marketId) ?? referenceGroup(market.marketId);
