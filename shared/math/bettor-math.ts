/**
 * The bettor tools' arithmetic (docs/design.md, Bettor tools; decisions 018 and 019): sure bets across
 * bookmakers, the stakes that return the same whichever result comes, and value against the market's fair
 * price, before and after the tax on winnings (docs/design.md, Tax on sure bets and value bets). Pure
 * functions over the prices the API already lists, each as the bookmaker quotes it (2 or 3 decimals).
 */
import { TAX_ON_WINNINGS_RATE } from "./bookmaker-rules.ts";
import { isValidPrice, type BookmakerPrices } from "./odds-math.ts";
import { backsWholeSet, describeMarket, type MarketDescriptor, type MarketRef } from "./market-descriptor.ts";

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
 * The market when sure and value bets may use it (docs/design.md, Market catalogue, "How the tools
 * read a type"): exclusive (exactly one selection wins, none void or half: not Draw No Bet, whole or
 * quarter Asian lines, whole totals), not overlapping (Double Chance) and not book-only.
 */
function exclusiveMarket(marketRef: MarketRef): MarketDescriptor | undefined {
  const market = describeMarket(marketRef);
  return market && backsWholeSet(market) ? market : undefined;
}

/**
 * The best price of each of the market's selections and who offers it (the lowest bookmaker id on
 * a tie), among the bookmakers that price the whole market (every selection of the catalogue's set:
 * a many-way market only where a book quotes all of it); undefined when there is none, or for a
 * market that is not exclusive (exclusiveMarket): Double Chance, whose selections overlap and so
 * cannot be backed all at once, or one with a void or half outcome. The market is one of the spec's
 * eight by id, or any market by its descriptor (market-descriptor.ts).
 */
export function bestLegs(marketRef: MarketRef, rows: readonly BookmakerPrices[]): Leg[] | undefined {
  const market = exclusiveMarket(marketRef);
  if (!market) return undefined;
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

/** The profit before tax in percent of the total stake, when the legs make a sure bet before tax; else undefined. */
export function sureBetProfitPct(legs: readonly Leg[]): number | undefined {
  const sum = inverseSum(legs);
  return legs.length > 1 && sum < 1 ? (1 / sum - 1) * 100 : undefined;
}

/**
 * What a winning ticket pays per naira staked once the tax on its winnings is withheld: a stake s at
 * price b pays b x s and is taxed t x (b - 1) x s, so b' = b - t(b - 1)
 * (docs/design.md, Tax on sure bets and value bets). Each leg of a sure bet is its own ticket, taxed
 * on its own winnings.
 */
export function netPrice(price: number, taxRate = TAX_ON_WINNINGS_RATE): number {
  return price - taxRate * (price - 1);
}

/** Σ(1/b') over the legs, b' each leg's price after tax: below 1, the legs make a sure bet after tax. */
export function netInverseSum(legs: readonly Leg[], taxRate = TAX_ON_WINNINGS_RATE): number {
  return legs.reduce((sum, leg) => sum + 1 / netPrice(leg.value, taxRate), 0);
}

/**
 * The profit after tax in percent of the total stake, (1/Σ(1/b') - 1) x 100, for legs staked so every
 * result pays the same after tax: negative when the tax on the winning leg turns a sure bet into a loss.
 */
export function netSureBetProfitPct(legs: readonly Leg[], taxRate = TAX_ON_WINNINGS_RATE): number {
  return (1 / netInverseSum(legs, taxRate) - 1) * 100;
}

export interface Stake extends Leg {
  /** Whole naira. */
  stake: number;
  /** What the bookmaker pays if this leg wins, before tax: stake x price, to the kobo. */
  gross: number;
  /** The tax withheld on that win: the rate x (gross - stake), to the kobo. */
  tax: number;
  /** What reaches the bettor: gross - tax. */
  net: number;
}

/** Net returns within this many naira of each other count as the same. */
export const RETURNS_AGREE_WITHIN = 1;
/** How far below its exact share (in naira) the first leg's stake is tried. */
const FIRST_STAKE_SEARCH = 400;
/** At most this share of the total (or ₦20) is left unstaked to make the returns agree. */
const UNSTAKED_SHARE = 0.005;

/** Stakes in whole naira, each at least ₦1, with what each leg returns at its (net) price and how far apart those lie. */
function stakesFor(prices: readonly number[], stakes: number[]) {
  const returns = stakes.map((s, i) => s * prices[i]!);
  const low = Math.min(...returns);
  return { stakes, staked: stakes.reduce((a, b) => a + b, 0), spread: Math.max(...returns) - low, low };
}
type Candidate = ReturnType<typeof stakesFor>;

/**
 * Whether a beats b: returns that agree within ₦1 with at most `least` staked, then the most of the
 * total staked, then the closest returns, then the largest.
 */
function better(a: Candidate, b: Candidate, least: number): boolean {
  const agreeA = a.spread <= RETURNS_AGREE_WITHIN + 1e-9 && a.staked >= least;
  const agreeB = b.spread <= RETURNS_AGREE_WITHIN + 1e-9 && b.staked >= least;
  if (agreeA !== agreeB) return agreeA;
  if (a.staked !== b.staked) return a.staked > b.staked;
  if (Math.abs(a.spread - b.spread) > 1e-9) return a.spread < b.spread;
  return a.low > b.low;
}

/**
 * Whole-naira stakes for at most `budget` whose returns at `prices` (each leg's price after tax) agree
 * best (sureBetStakes), each at least its leg's `mins` (a bookmaker's smallest stake: sure-bet-split.ts);
 * every stake 0 when none fits.
 */
export function wholeNairaStakes(prices: readonly number[], budget: number, mins: readonly number[] = prices.map(() => 1)): number[] {
  const sum = prices.reduce((total, price) => total + 1 / price, 0);
  const first = prices[0]!;
  const exactFirst = (budget * (1 / first)) / sum;
  const least = budget - Math.max(20, Math.floor(budget * UNSTAKED_SHARE));
  let best: Candidate | undefined;
  const lowest = Math.max(1, mins[0] ?? 1, Math.floor(exactFirst) - FIRST_STAKE_SEARCH);
  for (let s0 = Math.ceil(exactFirst); s0 >= lowest; s0 -= 1) {
    const target = s0 * first;
    const options = prices.slice(1).map((price) => [Math.floor(target / price), Math.ceil(target / price)]);
    for (let mask = 0; mask < 1 << options.length; mask += 1) {
      const stakes = [s0, ...options.map((pair, i) => pair[(mask >> i) & 1]!)];
      if (stakes.some((s, i) => s < Math.max(1, mins[i] ?? 1))) continue;
      const candidate = stakesFor(prices, stakes);
      if (candidate.staked <= budget && (!best || better(candidate, best, least))) best = candidate;
    }
  }
  return best?.stakes ?? prices.map(() => 0);
}

const kobo = (naira: number) => Math.round(naira * 100);

/** A leg staked `stake`: what it pays, the tax on its winnings and what is left, to the kobo (net = gross - tax exactly). */
export function legReturn(leg: Leg, stake: number, taxRate = TAX_ON_WINNINGS_RATE): Stake {
  const gross = kobo(stake * leg.value);
  const tax = Math.max(0, kobo(taxRate * (stake * leg.value - stake)));
  return { ...leg, stake, gross: gross / 100, tax: tax / 100, net: (gross - tax) / 100 };
}

/**
 * Stakes in whole naira for at most `total`, in proportion to 1/b' (each leg's price after the tax on
 * its winnings: netPrice), so every result returns the same after tax
 * (docs/design.md, Tax on sure bets and value bets). A whole naira moves a return by its price, so
 * stakes adding up to the total exactly can rarely make the returns agree; instead the first leg's
 * stake is tried from its exact share downwards and each other leg's stake is the naira below or
 * above the first leg's net return over its net price. The choice: net returns agreeing within ₦1 leaving at most 0.5 % of the total (or ₦20)
 * unstaked, then as much of the total staked as possible, then the closest returns (decision 018).
 * Each leg comes with its gross return, tax and net return (legReturn).
 */
export function sureBetStakes(legs: readonly Leg[], total: number, taxRate = TAX_ON_WINNINGS_RATE): Stake[] {
  const budget = Math.floor(total);
  const chosen = legs.length > 0 && budget >= legs.length ? wholeNairaStakes(legs.map((leg) => netPrice(leg.value, taxRate)), budget) : legs.map(() => 0);
  return legs.map((leg, i) => legReturn(leg, chosen[i]!, taxRate));
}

/**
 * One bookmaker's margin removed by the power method: the k with Σ (1/price)^k = 1 (k > 1 when the
 * prices carry a margin), found by bisection; the fair probabilities are (1/price)^k. Unlike
 * dividing by Σ(1/price), it takes more of the margin off long prices than off short ones, as
 * bookmakers put it there (the favourite-longshot bias), so long prices are not called value for
 * the margin they carry (decision 018).
 */
export function powerDevig(prices: readonly number[]): number[] {
  const implied = prices.map((price) => 1 / price);
  const total = (k: number) => implied.reduce((sum, p) => sum + Math.pow(p, k), 0);
  let [low, high] = [0.2, 5];
  for (let i = 0; i < 60; i += 1) {
    const k = (low + high) / 2;
    if (total(k) > 1) low = k;
    else high = k;
  }
  const k = (low + high) / 2;
  return implied.map((p) => Math.pow(p, k));
}

/**
 * Fair probabilities by consensus (decision 018): each bookmaker with a price for every selection
 * has its margin removed by the power method (powerDevig), and the fair probability of a selection
 * is the mean over those bookmakers. Undefined when no bookmaker prices the whole market, or for a
 * market that is not exclusive (Double Chance, Draw No Bet, whole and quarter lines, book-only types).
 */
export function fairProbabilities(marketRef: MarketRef, rows: readonly BookmakerPrices[]): Map<number, number> | undefined {
  const market = exclusiveMarket(marketRef);
  if (!market) return undefined;
  const books: number[][] = [];
  for (const row of rows) {
    const prices = market.selections.map((id) => row.odds.find((p) => p.selectionTypeId === id)?.value);
    if (prices.some((v) => v === undefined || !isValidPrice(v))) continue;
    books.push(powerDevig(prices as number[]));
  }
  if (books.length === 0) return undefined;
  return new Map(market.selections.map((id, i) => [id, books.reduce((total, book) => total + book[i]!, 0) / books.length]));
}

/** Value of a price against a fair probability, in percent: (price x probability - 1) x 100. */
export function valuePct(price: number, fairProbability: number): number {
  return (price * fairProbability - 1) * 100;
}

/**
 * A price is listed as a value bet from this expected value after the tax on winnings, in percent,
 * judged unrounded (docs/design.md, Value bets; decision 037): positive after tax, with a point to
 * spare for the consensus fair price being an estimate.
 */
export const MIN_NET_EV_PCT = 1;

/**
 * The expected value of a price after the tax on winnings, in percent of the stake: (p x b' - 1) x 100,
 * b' = netPrice (docs/design.md, Tax on sure bets and value bets). Below valuePct: a few percent of
 * value before tax may be none after it.
 */
export function netEvPct(price: number, fairProbability: number, taxRate = TAX_ON_WINNINGS_RATE): number {
  return (netPrice(price, taxRate) * fairProbability - 1) * 100;
}
