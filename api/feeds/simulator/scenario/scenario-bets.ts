/**
 * The 1X2 markets the bettor-tools scenario plays (scenario.ts), worked out with the bettor tools'
 * own arithmetic (shared/math/bettor-math.ts, decision 018), so the tools find exactly these bets, and
 * drop exactly the sure bet the tax on winnings turns into a loss
 * (docs/design.md, Tax on sure bets and value bets).
 */
import { bestLegs, fairProbabilities, inverseSum, netSureBetProfitPct, sureBetProfitPct, valuePct, type Leg } from "#shared/math/bettor-math.ts";
import type { BookmakerPrices } from "#shared/math/odds-math.ts";
import { findMarket } from "#shared/reference.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../../types.ts";
import { MARGIN_PROFILES, MIN_PRICE, roundPrice } from "./margins.ts";
import { unit } from "./random.ts";

/** Each bookmaker's 1X2 prices: home, draw, away. */
export type Book1x2 = Map<BookmakerKey, number[]>;

const MATCH_RESULT = 1;
const SELECTIONS = findMarket(MATCH_RESULT)?.selections ?? [];
const [HOME, DRAW, AWAY] = [0, 1, 2] as const;
/**
 * A sure bet's profit before tax: from `from` to `from + spread`, fixed per fixture; with
 * `lossAfterTax`, lowered (not under 1 %) until the tax on winnings makes it a loss.
 */
export interface SureBetPlan {
  from: number;
  spread: number;
  lossAfterTax: boolean;
}
/**
 * The sure bet the tools list: 4.5 to 5.5 % before tax, which the 5 % tax on the winning leg's
 * winnings brings to about 1 to 3 % (tax on a 1X2 leg adds 1 to 4 % to Σ(1/b), the more the
 * longer the prices).
 */
export const SURE_PROFIT: SureBetPlan = { from: 0.045, spread: 0.01, lossAfterTax: false };
/**
 * The sure bet before tax only, which the tools drop: 1.2 to 1.6 % before tax, a loss after it.
 * A market with a very short favourite pays so little tax on that leg that its profit may need
 * lowering towards 1 % first (sureBetLegs).
 */
export const LOST_TO_TAX_PROFIT: SureBetPlan = { from: 0.012, spread: 0.004, lossAfterTax: true };
/** The lowest profit before tax a sure bet lost to tax is given, in percent. */
const LOST_TO_TAX_FLOOR_PCT = 1;
/** How far the profit is lowered at a time. */
const PROFIT_STEP = 0.0005;
/** The value bet: 6.5 to 8.5 % above the consensus fair price, fixed per fixture. */
const VALUE = { from: 0.065, spread: 0.02 };
/** Other books' prices on the value bet's selection stay this far under the fair price. */
const LONG_SHOT_MARGIN = 0.02;
/** On the value fixture the best prices keep at least this margin: no sure bet there. */
const NO_SURE_BET_MARGIN = 0.01;

function asRows(books: Book1x2): BookmakerPrices[] {
  return [...books].map(([bk, prices]) => ({
    provider: BOOKMAKER_ID_BY_KEY[bk],
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
 * Σ(1/price) = 1 / (1 + profit) in proportion to their chances. The likelier side is quoted first
 * and the other takes what its rounding left: a cent on a short price moves Σ ten times as much as
 * on a long one, so the profit lands within a few hundredths of a point of `profit`.
 */
function legsAt(seed: number, serial: number, books: Book1x2, profit: number): Leg[] {
  const legBook = legBooks(seed, serial);
  const p = consensus(books);
  const draw = Math.floor(Math.max(...[...books.values()].map((prices) => prices[DRAW]!)) * 100) / 100;
  const room = 1 / (1 + profit) - 1 / draw;
  const [short, long] = p[HOME]! >= p[AWAY]! ? [HOME, AWAY] : [AWAY, HOME];
  const prices = [0, draw, 0];
  prices[short] = roundPrice((p[HOME]! + p[AWAY]!) / (room * p[short]!), 2);
  prices[long] = roundPrice(1 / (room - 1 / prices[short]), 2);
  return prices.map((value, i) => ({ selectionTypeId: SELECTIONS[i] ?? 0, provider: BOOKMAKER_ID_BY_KEY[legBook[i]!], value }));
}

/**
 * The legs at the plan's seeded profit; one to be lost to tax, at the first profit down from there
 * that the tax makes a loss, but never under 1 % before tax.
 */
function sureBetLegs(seed: number, serial: number, books: Book1x2, plan: SureBetPlan): Leg[] {
  let profit = plan.from + plan.spread * unit(seed, "scenario-profit", serial);
  let legs = legsAt(seed, serial, books, profit);
  while (plan.lossAfterTax && netSureBetProfitPct(legs) >= 0) {
    profit -= PROFIT_STEP;
    const lower = legsAt(seed, serial, books, profit);
    if ((sureBetProfitPct(lower) ?? 0) < LOST_TO_TAX_FLOOR_PCT) break;
    legs = lower;
  }
  return legs;
}

/**
 * A sure bet over three books, one leg each (each book keeps its margin by moving its other
 * prices), and every other price of the market a tick under its selection's leg; its profit
 * before tax as `plan` says.
 */
export function withSureBet(seed: number, serial: number, books: Book1x2, plan: SureBetPlan): Book1x2 {
  const legs = sureBetLegs(seed, serial, books, plan);
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
