/**
 * What the odds and bettor maths need to know of a market (docs/design.md, Market catalogue, "How the
 * tools read a type"): its selections in display order, its shape, how many results each selection
 * covers, whether exactly one selection wins (so sure bets and value bets may use it) and whether one
 * book alone quotes it. The browser builds the spec's eight from shared/reference.ts
 * (`referenceDescriptor`); the API builds every catalogue market's (api/catalogue/market-descriptors.ts).
 */
import { findMarket, type Market } from "../reference.ts";

export type MarketShape = "two-way" | "three-way" | "many-way" | "overlapping";

export interface MarketDescriptor {
  readonly id: number;
  /** The catalogue's complete selection set, in display order. */
  readonly selections: readonly number[];
  readonly shape: MarketShape;
  /** Results each selection covers: 2 for Double Chance, whose margin divides by it; else 1. */
  readonly coverage: number;
  /** Exactly one selection wins and none is void or half (docs/design.md, Market catalogue): sure and value bets read only these. */
  readonly exclusive: boolean;
  /** Quoted at one book only (SportyBet's 1UP and 2UP): no Best, no Average, no sure or value bets. */
  readonly bookOnly: boolean;
}

/** A market's descriptor by id; undefined for a market the lookup does not know. */
export type MarketLookup = (marketId: number) => MarketDescriptor | undefined;

/** A market by its id among the spec's eight (shared/reference.ts), or by its descriptor. */
export type MarketRef = number | MarketDescriptor;

function shapeOf(market: Market): MarketShape {
  if (market.outcomesPerSelection > 1) return "overlapping";
  return market.selections.length === 3 ? "three-way" : "two-way";
}

const REFERENCE = new Map<number, MarketDescriptor>();

/**
 * The descriptor of one of the spec's eight markets from shared/reference.ts: 1X2 three-way,
 * Over/Under 0.5-4.5 and BTTS two-way, Double Chance overlapping with coverage 2; every one but
 * Double Chance exclusive, none book-only. Undefined for any other id.
 */
export function referenceDescriptor(marketId: number): MarketDescriptor | undefined {
  const known = REFERENCE.get(marketId);
  if (known) return known;
  const market = findMarket(marketId);
  if (!market) return undefined;
  const descriptor: MarketDescriptor = {
    id: market.id,
    selections: market.selections,
    shape: shapeOf(market),
    coverage: market.outcomesPerSelection,
    exclusive: market.outcomesPerSelection === 1,
    bookOnly: false,
  };
  REFERENCE.set(marketId, descriptor);
  return descriptor;
}

/** A market reference resolved: an id through `referenceDescriptor`, a descriptor as it is. */
export function describeMarket(market: MarketRef): MarketDescriptor | undefined {
  return typeof market === "number" ? referenceDescriptor(market) : market;
}

/** Whether sure bets and value bets may use the market: exclusive, and not quoted by one book alone. */
export function backsWholeSet(market: MarketDescriptor): boolean {
  return market.exclusive && !market.bookOnly && market.coverage === 1;
}
