/** Margins and price flags (docs/design.md, Margins; docs/design.md, Flags), computed once per change by the API's odds cache. */
import { MOVEMENT_WINDOW_MS } from "../constants.ts";
import { asShown } from "../format.ts";
import { FLAGS } from "../reference.ts";
import { describeMarket, type MarketDescriptor, type MarketRef } from "./market-descriptor.ts";

export interface Price {
  readonly selectionTypeId: number;
  readonly value: number;
}

export interface LastChange {
  readonly direction: "up" | "down";
  /** Epoch milliseconds of the change. */
  readonly at: number;
}

export interface BookmakerPrices {
  readonly provider: number;
  readonly odds: readonly Price[];
}

/** Decimal odds of 1 or less pay nothing back: bookmakers use them as placeholders for suspended prices. */
export function isValidPrice(value: number): boolean {
  return Number.isFinite(value) && value > 1;
}

/** `(Σ 1/price / coverage − 1) × 100` (docs/design.md, Market catalogue): every shape's margin, coverage 1 but for Double Chance. */
function marginOf(impliedSum: number, market: MarketDescriptor): number {
  return (impliedSum / market.coverage - 1) * 100;
}

/**
 * Margin in percent over the market's complete selection set (the catalogue's whole set: correct
 * score with "any other", HT/FT's nine), unrounded; null when any selection is missing or a
 * placeholder, or the market is unknown. Double Chance divides by its coverage, 2, because each of
 * its selections covers two of the three results. Selections of other markets are ignored. The
 * market is one of the spec's eight by id, or any market by its descriptor (market-descriptor.ts).
 */
export function marketMargin(marketRef: MarketRef, prices: readonly Price[]): number | null {
  const market = describeMarket(marketRef);
  if (!market) return null;
  let impliedSum = 0;
  for (const selection of market.selections) {
    const price = prices.find((p) => p.selectionTypeId === selection);
    if (!price || !isValidPrice(price.value)) return null;
    impliedSum += 1 / price.value;
  }
  return marginOf(impliedSum, market);
}

/**
 * The highest valid price per selection among the given (fresh) bookmakers, as shown (2 decimals).
 * Given a market, only its selections count, and a book-only market has none, one book's price
 * being no comparison (docs/design.md, Book-only markets).
 */
export function bestPrices(rows: readonly BookmakerPrices[], marketRef?: MarketRef): Map<number, number> {
  const best = new Map<number, number>();
  const market = marketRef === undefined ? undefined : describeMarket(marketRef);
  if (market?.bookOnly) return best;
  const counts = (id: number) => !market || market.selections.includes(id);
  for (const row of rows) {
    for (const { selectionTypeId, value } of row.odds) {
      if (!isValidPrice(value) || !counts(selectionTypeId)) continue;
      const current = best.get(selectionTypeId);
      const shown = asShown(value);
      if (current === undefined || shown > current) best.set(selectionTypeId, shown);
    }
  }
  return best;
}

/**
 * The mean valid price of each of the market's selections among the books quoting it (the Average
 * row, docs/design.md, Market catalogue), in the market's selection order; a selection no book prices
 * is absent, and a book-only market, or an unknown one, has none.
 */
export function averagePrices(marketRef: MarketRef, rows: readonly BookmakerPrices[]): Map<number, number> {
  const market = describeMarket(marketRef);
  const averages = new Map<number, number>();
  if (!market || market.bookOnly) return averages;
  for (const selectionTypeId of market.selections) {
    let total = 0;
    let count = 0;
    for (const row of rows) {
      const price = row.odds.find((p) => p.selectionTypeId === selectionTypeId);
      if (!price || !isValidPrice(price.value)) continue;
      total += price.value;
      count += 1;
    }
    if (count > 0) averages.set(selectionTypeId, total / count);
  }
  return averages;
}

/**
 * Judged on the price as shown (docs/design.md, Flags): every price that prints like the best is
 * Best, so of two identical-looking numbers never only one is highlighted. Both sides go
 * through the display's own rounding, so the comparison is exact equality of equal texts.
 */
export function isBestPrice(
  best: ReadonlyMap<number, number>,
  selectionTypeId: number,
  value: number,
): boolean {
  return isValidPrice(value) && best.get(selectionTypeId) === asShown(value);
}

/** Increased or Decreased when the last change is at most `windowMs` old; a change dated in the future counts as none. */
export function movementFlag(
  lastChange: LastChange | null | undefined,
  now: number,
  windowMs: number = MOVEMENT_WINDOW_MS,
): number {
  if (!lastChange) return 0;
  const age = now - lastChange.at;
  if (age < 0 || age > windowMs) return 0;
  return lastChange.direction === "up" ? FLAGS.Increased : FLAGS.Decreased;
}

export interface PriceFlagInput {
  readonly boosted?: boolean | undefined;
  readonly lastChange?: LastChange | null | undefined;
  readonly isBest?: boolean | undefined;
}

export function priceFlags(
  input: PriceFlagInput,
  now: number,
  windowMs: number = MOVEMENT_WINDOW_MS,
): number {
  return (
    (input.boosted ? FLAGS.Boosted : 0) |
    movementFlag(input.lastChange, now, windowMs) |
    (input.isBest ? FLAGS.Best : 0)
  );
}

export interface StoredPrice extends Price {
  readonly boosted?: boolean | undefined;
  readonly lastChange?: LastChange | null | undefined;
}

export interface StoredBookmakerMarket<U = string> {
  readonly provider: number;
  readonly updatedAt: U;
  readonly odds: readonly StoredPrice[];
}

export interface AnnotatedPrice {
  selectionTypeId: number;
  value: number;
  flags: number;
}

export interface AnnotatedBookmakerMarket<U = string> {
  provider: number;
  margin: number | null;
  updatedAt: U;
  odds: AnnotatedPrice[];
}

/**
 * One market's response entries from fresh bookmakers' stored prices. Keeps only valid
 * prices of this market's selections (first one per selection), in the market's selection
 * order so responses and their ETags are stable; drops bookmakers left with no price
 * (they are absent: docs/design.md, Odds shapes). Rows keep the caller's order. Unknown market: [].
 * A book-only market keeps its margin but flags no price Best (docs/design.md, Book-only markets).
 */
export function annotateMarket<U = string>(
  marketRef: MarketRef,
  rows: readonly StoredBookmakerMarket<U>[],
  now: number,
  windowMs: number = MOVEMENT_WINDOW_MS,
): AnnotatedBookmakerMarket<U>[] {
  const market = describeMarket(marketRef);
  if (!market) return [];
  const selections: readonly number[] = market.selections;

  // Per row, prices by selection position: one pass to clean, reused for best and margin.
  const cleaned = rows.map((row) => {
    const slots: (StoredPrice | undefined)[] = new Array(selections.length).fill(undefined);
    for (const price of row.odds) {
      const slot = selections.indexOf(price.selectionTypeId);
      if (slot >= 0 && slots[slot] === undefined && isValidPrice(price.value)) slots[slot] = price;
    }
    return slots;
  });

  // Best per selection as shown; margins below still use the raw prices.
  const best: number[] = new Array(selections.length).fill(0);
  for (const slots of cleaned) {
    slots.forEach((price, slot) => {
      if (price && asShown(price.value) > (best[slot] ?? 0)) best[slot] = asShown(price.value);
    });
  }

  const result: AnnotatedBookmakerMarket<U>[] = [];
  rows.forEach((row, index) => {
    const slots = cleaned[index] ?? [];
    const odds: AnnotatedPrice[] = [];
    let impliedSum = 0;
    slots.forEach((price, slot) => {
      if (!price) return;
      impliedSum += 1 / price.value;
      const isBest = !market.bookOnly && asShown(price.value) === best[slot];
      odds.push({
        selectionTypeId: price.selectionTypeId,
        value: price.value,
        flags: priceFlags({ boosted: price.boosted, lastChange: price.lastChange, isBest }, now, windowMs),
      });
    });
    if (odds.length === 0) return;
    const margin = odds.length === selections.length ? marginOf(impliedSum, market) : null;
    result.push({ provider: row.provider, margin, updatedAt: row.updatedAt, odds });
  });
  return result;
}
