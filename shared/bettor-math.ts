/**
 * The bettor tools' arithmetic (DESIGN section 11; issue 17): sure bets across bookmakers, the
 * stakes that return the same whichever result comes, and value against the market's fair price.
 * Pure functions over the prices the API already lists; prices are taken as shown (2 decimals).
 */
import { isValidPrice, type BookmakerPrices } from "./odds-math.ts";
import { findMarket } from "./reference.ts";

/** One selection backed at one bookmaker's price. */
export interface Leg {
  selectionTypeId: number;
  provider: number;
  value: number;
}

/** Whether a bookmaker prices every selection of the market: a missing one usually means it is suspending it. */
function pricesWholeMarket(selections: readonly number[], row: BookmakerPrices): boolean {
  return selections.every((id) => row.odds.some((p) => p.selectionTypeId === id && isValidPrice(p.value)));
}

/**
 * The best price of each of the market's selections and who offers it (the lowest bookmaker id on
 * a tie), among the bookmakers that price the whole market; undefined when there is none, or for
 * Double Chance, whose selections overlap and so cannot be backed all at once.
 */
export function bestLegs(marketId: number, rows: readonly BookmakerPrices[]): Leg[] | undefined {
  const market = findMarket(marketId);
  if (!market || market.outcomesPerSelection !== 1) return undefined;
  const complete = rows.filter((row) => pricesWholeMarket(market.selections, row)).sort((a, b) => a.provider - b.provider);
  const legs: Leg[] = [];
  for (const selectionTypeId of market.selections) {
    let best: Leg | undefined;
    for (const row of complete) {
      const price = row.odds.find((p) => p.selectionTypeId === selectionTypeId);
      if (price && isValidPrice(price.value) && (!best || price.value > best.value)) best = { selectionTypeId, provider: row.provider, value: price.value };
    }
    if (!best) return undefined;
    legs.push(best);
  }
  return legs;
}

/** Σ(1/price) over the legs: below 1, backing all of them returns more than the stakes. */
export function inverseSum(legs: readonly Leg[]): number {
  return legs.reduce((sum, leg) => sum + 1 / leg.value, 0);
}

/** The guaranteed profit in percent of the total stake, when the legs make a sure bet; else undefined. */
export function sureBetProfitPct(legs: readonly Leg[]): number | undefined {
  const sum = inverseSum(legs);
  return legs.length > 1 && sum < 1 ? (1 / sum - 1) * 100 : undefined;
}

export interface Stake extends Leg {
  /** Whole naira. */
  stake: number;
  /** What this leg pays if it wins: stake x price, to the kobo. */
  returns: number;
}

/**
 * Stakes in whole naira for a total, each in proportion to 1/price so every result returns about
 * the same. Rounding each stake to the naira moves its return by at most half its price; of the
 * roundings up or down of each leg that keep the total exactly, the one whose returns lie
 * closest together is chosen.
 */
export function sureBetStakes(legs: readonly Leg[], total: number): Stake[] {
  const sum = inverseSum(legs);
  const exact = legs.map((leg) => (total * (1 / leg.value)) / sum);
  const floors = exact.map(Math.floor);
  const missing = Math.round(total - floors.reduce((a, b) => a + b, 0));
  let best: number[] = floors;
  let bestSpread = Number.POSITIVE_INFINITY;
  // Choose which `missing` legs round up: at most 2^legs choices (three legs: eight).
  for (let mask = 0; mask < 1 << legs.length; mask += 1) {
    const ups = [...Array(legs.length).keys()].filter((i) => mask & (1 << i));
    if (ups.length !== missing) continue;
    const stakes = floors.map((s, i) => (ups.includes(i) ? s + 1 : s));
    const returns = stakes.map((s, i) => s * legs[i]!.value);
    const spread = Math.max(...returns) - Math.min(...returns);
    if (spread < bestSpread) [best, bestSpread] = [stakes, spread];
  }
  return legs.map((leg, i) => ({ ...leg, stake: best[i]!, returns: Math.round(best[i]! * leg.value * 100) / 100 }));
}

/**
 * Fair probabilities by consensus (decision 018): each bookmaker with a price for every selection
 * has its margin removed proportionally (its implied probabilities 1/price divided by their sum),
 * and the fair probability of a selection is the mean over those bookmakers. Undefined when no
 * bookmaker prices the whole market, or for Double Chance.
 */
export function fairProbabilities(marketId: number, rows: readonly BookmakerPrices[]): Map<number, number> | undefined {
  const market = findMarket(marketId);
  if (!market || market.outcomesPerSelection !== 1) return undefined;
  const books: number[][] = [];
  for (const row of rows) {
    const implied = market.selections.map((id) => row.odds.find((p) => p.selectionTypeId === id)?.value);
    if (implied.some((v) => v === undefined || !isValidPrice(v))) continue;
    const inverse = implied.map((v) => 1 / v!);
    const sum = inverse.reduce((a, b) => a + b, 0);
    books.push(inverse.map((p) => p / sum));
  }
  if (books.length === 0) return undefined;
  return new Map(market.selections.map((id, i) => [id, books.reduce((total, book) => total + book[i]!, 0) / books.length]));
}

/** Value of a price against a fair probability, in percent: (price x probability - 1) x 100. */
export function valuePct(price: number, fairProbability: number): number {
  return (price * fairProbability - 1) * 100;
}
