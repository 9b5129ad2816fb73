/**
 * The markets the tools' answers name (docs/design.md, Bettor tools, "Markets the tools name"): each
 * catalogue market with its name and group (shared/market-groups.ts, by its type's key), in the
 * order a Market choice lists them (group, then the type's rank, then the line), and, for a market
 * beyond the spec's eight that an answer shows, its selections' labels, as the match answer names
 * them (decision 053).
 */
import type { ToolMarket } from "#shared/contract.ts";
import { MARKET_GROUPS } from "#shared/market-groups.ts";
import { isMarketId } from "#shared/reference.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";

export interface ToolMarketNames {
  /** Every live catalogue market in choice order, without selections. */
  readonly all: readonly ToolMarket[];
  /** Whether the market is one the catalogue lists (not retired): what a Market choice may ask for, as /odds/markets lists them. */
  knows(marketId: number): boolean;
  /**
   * `markets` (choice order) with the selections of those among `shown` beyond the eight; a market
   * `shown` that `markets` leaves out (a retired one) is added, so every market shown is named.
   */
  named(markets: readonly ToolMarket[], shown: ReadonlySet<number>): ToolMarket[];
}

const built = new WeakMap<Catalogue, ToolMarketNames>();

/** The catalogue's names for the tools, built once per catalogue (a reload builds a new catalogue). */
export function toolMarketNames(catalogue: Catalogue): ToolMarketNames {
  const known = built.get(catalogue);
  if (known) return known;
  const entries = new Map<number, { market: ToolMarket; order: number[] }>();
  for (const market of catalogue.markets.values()) {
    const type = catalogue.types.get(market.typeId);
    if (!type) continue;
    const group = type.group;
    const order = [market.retired || type.retired ? 1 : 0, MARKET_GROUPS.indexOf(group), type.rank, type.id, market.line ?? -Infinity, market.id];
    entries.set(market.id, { market: { marketId: market.id, name: market.name, group }, order });
  }
  const byOrder = (a: number[], b: number[]) => a.reduce((found, value, i) => found || Math.sign(value - b[i]!), 0);
  const sorted = [...entries.values()].sort((a, b) => byOrder(a.order, b.order));
  const all = sorted.filter(({ order }) => order[0] === 0).map(({ market }) => market);
  const listed = new Set(all.map((market) => market.marketId));
  const selectionsOf = (marketId: number) =>
    (catalogue.markets.get(marketId)?.selections ?? []).map((id) => ({ id, label: catalogue.selections.get(id)?.label ?? `Selection ${id}` }));
  const names: ToolMarketNames = {
    all,
    knows: (marketId) => listed.has(marketId),
    named(markets, shown) {
      const given = new Set(markets.map((m) => m.marketId));
      const extra = sorted.filter(({ market }) => shown.has(market.marketId) && !given.has(market.marketId)).map(({ market }) => market);
      return [...markets, ...extra].map((market) => (shown.has(market.marketId) && !isMarketId(market.marketId) ? { ...market, selections: selectionsOf(market.marketId) } : market));
    },
  };
  built.set(catalogue, names);
  return names;
}
