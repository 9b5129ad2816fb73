/**
 * The 1X2 markets the bettor-tools scenario plays (scenario.ts), worked out with the bettor tools'
 * own arithmetic (shared/bettor-math.ts, decision 018), so the tools find exactly these bets.
 */
import { bestLegs, fairProbabilities, inverseSum, valuePct, type Leg } from "#shared/bettor-math.ts";
import type { BookmakerPrices } from "#shared/odds-math.ts";
import { findMarket } from "#shared/reference.ts";
import { BOOKMAKER_IDS, BOOKMAKER_KEYS, type BookmakerKey } from "../types.ts";
import { MARGIN_PROFILES, MIN_PRICE, roundPrice } from "./margins.ts";
import { unit } from "./random.ts";

/** Each bookmaker's 1X2 prices: home, draw, away. */
export type Book1x2 = Map<BookmakerKey, number[]>;

const MATCH_RESULT = 1;
const SELECTIONS = findMarket(MATCH_RESULT)?.selections ?? [];
const [HOME, DRAW, AWAY] = [0, 1, 2] as const;
/** The sure bet's guaranteed profit: 2.5 to 3.5 %, fixed per fixture. */
const SURE_PROFIT = { from: 0.025, spread: 0.01 };
/** The value bet: 6.5 to 8.5 % above the consensus fair price, fixed per fixture. */
const VALUE = { from: 0.065, spread: 0.02 };
/** Other books' prices on the value bet's selection stay this far under the fair price. */
const LONG_SHOT_MARGIN = 0.02;
/** On the value fixture the best prices keep at least this margin: no sure bet there. */
const NO_SURE_BET_MARGIN = 0.01;

function asRows(books: Book1x2): BookmakerPrices[] {
  return [...books].map(([bk, prices]) => ({
    provider: BOOKMAKER_IDS[bk],
    odds: prices.map((value, i) => ({ selectionTypeId: SELECTIONS[i] ?? 0, value })),
  }));
}

/** The fair probability of home, draw and away by consensus (decision 018). */
function consensus(books: Book1x2): number[] {
  const fair = fairProbabilities(MATCH_RESULT, asRows(books));
  return SELECTIONS.map((id) => fair?.get(id) ?? 1 / 3);
}

/** A price as the bookmaker quotes it (its own decimals). */
const quoted = (bk: BookmakerKey, price: number) => roundPrice(price, MARGIN_PROFILES[bk].decimals);

/** The price, but no more than `cap` as the bookmaker can quote it (rounded down). */
function atMost(bk: BookmakerKey, price: number, cap: number): number {
  const factor = 10 ** MARGIN_PROFILES[bk].decimals;
  return Math.min(price, Math.max(MIN_PRICE, Math.floor(cap * factor + 1e-9) / factor));
}

/**
 * The book's prices with one selection at `price` and the other two moved so the book keeps its
 * margin: it rates that result differently from the market, as a real book out of line does.
 */
function leanTo(bk: BookmakerKey, prices: readonly number[], index: number, price: number): number[] {
  const total = prices.reduce((s, q) => s + 1 / q, 0);
  const scale = (total - 1 / price) / (total - 1 / prices[index]!);
  return prices.map((q, i) => (i === index ? price : quoted(bk, q / scale)));
}

/** The books carrying the sure bet's home, draw and away legs: three of the two-decimal books, fixed per fixture. */
function legBooks(seed: number, serial: number): BookmakerKey[] {
  const books = BOOKMAKER_KEYS.filter((bk) => MARGIN_PROFILES[bk].decimals === 2);
  return books.sort((a, b) => unit(seed, "scenario-book", serial, a) - unit(seed, "scenario-book", serial, b)).slice(0, 3);
}

/**
 * The sure bet's legs: the market's best draw, and home and away prices sharing what is left of
 * Σ(1/price) = 1 / (1 + profit) in proportion to their chances.
 */
function sureBetLegs(seed: number, serial: number, books: Book1x2): Leg[] {
  const legBook = legBooks(seed, serial);
  const profit = SURE_PROFIT.from + SURE_PROFIT.spread * unit(seed, "scenario-profit", serial);
  const p = consensus(books);
  const draw = Math.floor(Math.max(...[...books.values()].map((prices) => prices[DRAW]!)) * 100) / 100;
  const room = 1 / (1 + profit) - 1 / draw;
  const sides = p[HOME]! + p[AWAY]!;
  const prices = [sides / (room * p[HOME]!), draw, sides / (room * p[AWAY]!)];
  return prices.map((value, i) => ({ selectionTypeId: SELECTIONS[i] ?? 0, provider: BOOKMAKER_IDS[legBook[i]!], value: roundPrice(value, 2) }));
}

/**
 * A sure bet over three books, one leg each (each book keeps its margin by moving its other
 * prices), and every other price of the market a tick under its selection's leg.
 */
export function withSureBet(seed: number, serial: number, books: Book1x2): Book1x2 {
  const legs = sureBetLegs(seed, serial, books);
  const legBook = legBooks(seed, serial);
  const played: Book1x2 = new Map();
  for (const [bk, prices] of books) {
    const own = legBook.indexOf(bk);
    const leaned = own >= 0 ? leanTo(bk, prices, own, legs[own]!.value) : prices;
    const tick = 10 ** -MARGIN_PROFILES[bk].decimals;
    played.set(bk, leaned.map((q, i) => (i === own ? q : atMost(bk, q, legs[i]!.value - tick))));
  }
  return played;
}

/**
 * One book's price on the long shot (the least likely result) `target` above the consensus fair
 * price, the consensus counting that price too. Found by bisection: the value rises with the price.
 */
function priceForValue(books: Book1x2, bk: BookmakerKey, index: number, target: number): number {
  const valueAt = (price: number) => {
    const trial = new Map(books).set(bk, books.get(bk)!.map((q, i) => (i === index ? price : q)));
    return valuePct(price, consensus(trial)[index]!) / 100;
  };
  const fairPrice = 1 / consensus(books)[index]!;
  let [low, high] = [fairPrice, 2 * fairPrice];
  for (let i = 0; i < 40; i += 1) {
    const mid = (low + high) / 2;
    if (valueAt(mid) < target) low = mid;
    else high = mid;
  }
  return quoted(bk, (low + high) / 2);
}

/**
 * A value bet on one selection (`longShot`: 0 home, 1 draw, 2 away) and no sure bet: every book's
 * prices capped at the consensus fair price less a margin, which grows until the best prices keep
 * NO_SURE_BET_MARGIN once one book's price on that selection is raised to the value.
 */
export function withValueBet(seed: number, serial: number, books: Book1x2, longShot: number): Book1x2 {
  const valueBook = BOOKMAKER_KEYS[Math.floor(unit(seed, "scenario-value-book", serial) * BOOKMAKER_KEYS.length)]!;
  const target = VALUE.from + VALUE.spread * unit(seed, "scenario-value", serial);
  const p = consensus(books);
  let played = books;
  for (let margin = 0.02; margin <= 0.15; margin += 0.005) {
    const capped: Book1x2 = new Map();
    for (const [bk, prices] of books) {
      capped.set(bk, prices.map((q, i) => atMost(bk, q, 1 / (p[i]! * (1 + (i === longShot ? LONG_SHOT_MARGIN : margin))))));
    }
    const price = priceForValue(capped, valueBook, longShot, target);
    played = capped.set(valueBook, capped.get(valueBook)!.map((q, i) => (i === longShot ? price : q)));
    const legs = bestLegs(MATCH_RESULT, asRows(played));
    if (legs && inverseSum(legs) >= 1 + NO_SURE_BET_MARGIN) break;
  }
  return played;
}
