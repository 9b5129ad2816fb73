/**
 * Seeded situations the simulator plays over its normal prices (SIM_SCENARIO), so a browser test
 * can count on finding them. `bettor-tools` (issue 17; decision 018 for the arithmetic): in each
 * league the soonest upcoming fixture that all five bookmakers list carries a sure bet in 1X2,
 * and the next one a value bet that is no sure bet. Only those fixtures' 1X2 changes, and it is
 * rebuilt at every instant from the books' normal prices, so it holds through every price step.
 */
import { bestLegs, fairProbabilities, inverseSum, valuePct } from "#shared/bettor-math.ts";
import type { BookmakerPrices } from "#shared/odds-math.ts";
import { findMarket } from "#shared/reference.ts";
import { BOOKMAKER_IDS, BOOKMAKER_KEYS, type BookmakerKey } from "../types.ts";
import { MARGIN_PROFILES, MIN_PRICE, roundPrice } from "./margins.ts";
import { listedByAll, quoteFixture, type QuotedMarket } from "./pricing.ts";
import { unit } from "./random.ts";
import { upcomingFixtures, type SimFixture } from "./schedule.ts";

/** The scenarios SIM_SCENARIO may name; unset (or empty) plays none. */
export const SIM_SCENARIOS = ["bettor-tools"] as const;
export type SimScenario = (typeof SIM_SCENARIOS)[number];

export type ScenarioRole = "sure-bet" | "value-bet";

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

type Book1x2 = Map<BookmakerKey, number[]>;

/**
 * The part a fixture plays at real instant `now`: its league's first two upcoming fixtures that
 * every bookmaker lists, by kick-off. The first stays first until it kicks off.
 */
export function scenarioRole(seed: number, fixture: SimFixture, now: number): ScenarioRole | undefined {
  const [sure, value] = upcomingFixtures(seed, now, fixture.competitionId).filter((f) => listedByAll(seed, f));
  if (fixture.serial === sure?.serial) return "sure-bet";
  if (fixture.serial === value?.serial) return "value-bet";
  return undefined;
}

/** quoteFixture, with the scenario's 1X2 on the fixtures it plays on. */
export function quoteInScenario(seed: number, bk: BookmakerKey, fixture: SimFixture, now: number, stepMs?: number): QuotedMarket[] | null {
  const own = quoteFixture(seed, bk, fixture, now, stepMs);
  const role = own ? scenarioRole(seed, fixture, now) : undefined;
  if (!own || !role) return own;
  const books: Book1x2 = new Map();
  for (const key of BOOKMAKER_KEYS) {
    const prices = (key === bk ? own : quoteFixture(seed, key, fixture, now, stepMs))?.find((m) => m.kind === "1X2")?.prices;
    if (!prices) return own;
    books.set(key, prices);
  }
  const played = role === "sure-bet" ? withSureBet(seed, fixture.serial, books) : withValueBet(seed, fixture.serial, books);
  // Never suspended, so the bet is there at every collection; NairaBet's boost flag would mislabel the prices.
  return own.map((m) => (m.kind === "1X2" ? { ...m, prices: played.get(bk) ?? m.prices, suspended: false, boosted: role === "sure-bet" && m.boosted } : m));
}

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

/** Two different bookmakers, fixed per fixture. */
function twoBooks(seed: number, serial: number): [BookmakerKey, BookmakerKey] {
  const n = BOOKMAKER_KEYS.length;
  const first = Math.floor(unit(seed, "scenario-book", serial, 0) * n);
  const second = (first + 1 + Math.floor(unit(seed, "scenario-book", serial, 1) * (n - 1))) % n;
  return [BOOKMAKER_KEYS[first]!, BOOKMAKER_KEYS[second]!];
}

/**
 * The book's prices with one selection at `price` and the other two shortened so the book keeps
 * its margin: it rates that side lower than the market, as a real book out of line does.
 */
function leanTo(bk: BookmakerKey, prices: readonly number[], index: number, price: number): number[] {
  const total = prices.reduce((s, q) => s + 1 / q, 0);
  const scale = (total - 1 / price) / (total - 1 / prices[index]!);
  return prices.map((q, i) => (i === index ? price : quoted(bk, q / scale)));
}

/**
 * One book long on the home side, another on the away side, so that with the best draw of the
 * other books Σ(1/best) = 1 / (1 + profit). Every other home and away price stays under theirs.
 */
function withSureBet(seed: number, serial: number, books: Book1x2): Book1x2 {
  const [homeBook, awayBook] = twoBooks(seed, serial);
  const profit = SURE_PROFIT.from + SURE_PROFIT.spread * unit(seed, "scenario-profit", serial);
  const p = consensus(books);
  const draws = [...books].filter(([bk]) => bk !== homeBook && bk !== awayBook).map(([, prices]) => prices[DRAW]!);
  const draw = Math.max(...draws);
  // What 1/home + 1/away may add up to, shared in proportion to the two sides' chances.
  const room = 1 / (1 + profit) - 1 / draw;
  const sides = p[HOME]! + p[AWAY]!;
  const home = quoted(homeBook, sides / (room * p[HOME]!));
  const away = quoted(awayBook, sides / (room * p[AWAY]!));
  const played: Book1x2 = new Map();
  for (const [bk, prices] of books) {
    const leaned = bk === homeBook ? leanTo(bk, prices, HOME, home) : bk === awayBook ? leanTo(bk, prices, AWAY, away) : prices;
    played.set(bk, [atMost(bk, leaned[HOME]!, home), atMost(bk, leaned[DRAW]!, draw), atMost(bk, leaned[AWAY]!, away)]);
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
 * Every book's prices capped at the consensus fair price less a margin, which grows until the
 * best prices keep NO_SURE_BET_MARGIN once one book's long-shot price is raised to the value.
 */
function withValueBet(seed: number, serial: number, books: Book1x2): Book1x2 {
  const valueBook = BOOKMAKER_KEYS[Math.floor(unit(seed, "scenario-value-book", serial) * BOOKMAKER_KEYS.length)]!;
  const target = VALUE.from + VALUE.spread * unit(seed, "scenario-value", serial);
  const p = consensus(books);
  const longShot = p.indexOf(Math.min(...p));
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
