/**
 * The catalogue's markets as the odds and bettor maths read them (docs/design.md, Market catalogue,
 * "How the tools read a type"): each market's selections in order with its type's shape, coverage,
 * exclusivity and book-only mark, so shared/math/odds-math.ts and bettor-math.ts answer for every
 * compared market, not only markets 1-8 that shared/reference.ts knows.
 */
import type { MarketDescriptor, MarketLookup } from "#shared/math/market-descriptor.ts";
import type { Catalogue, CatalogueMarket, CatalogueMarketType } from "./catalogue.ts";

/**
 * Whether a market of an exclusive type still has exactly one winner at its line: a total on a whole
 * or quarter line can be void or half (docs/design.md, Settlement rules), as can any Asian line; a
 * three-way handicap's whole line cannot, since the draw is a selection of its own.
 */
function oneWinnerAtLine(type: CatalogueMarketType, line: number | null): boolean {
  if (line === null || type.lineKind === "none" || type.lineKind === "handicap") return true;
  if (type.lineKind === "asian") return false;
  return Math.abs(Math.round(line * 100)) % 100 === 50;
}

export function marketDescriptor(type: CatalogueMarketType, market: CatalogueMarket): MarketDescriptor {
  return {
    id: market.id,
    selections: market.selections,
    shape: type.shape,
    coverage: type.coverage,
    exclusive: type.exclusive && oneWinnerAtLine(type, market.line),
    bookOnly: type.bookOnly !== null,
  };
}

const lookups = new WeakMap<Catalogue, MarketLookup>();

/** Every catalogue market's descriptor, built once per catalogue (a reload builds a new catalogue, so a new lookup). */
export function catalogueMarkets(catalogue: Catalogue): MarketLookup {
  const known = lookups.get(catalogue);
  if (known) return known;
  const descriptors = new Map<number, MarketDescriptor>();
  for (const market of catalogue.markets.values()) {
    const type = catalogue.types.get(market.typeId);
    if (type) descriptors.set(market.id, marketDescriptor(type, market));
  }
  const lookup: MarketLookup = (marketId) => descriptors.get(marketId);
  lookups.set(catalogue, lookup);
  return lookup;
}
