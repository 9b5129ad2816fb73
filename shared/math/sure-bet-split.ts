/**
 * A sure bet's stake split as the bookmakers will take it (docs/design.md, Sure bets; decision 037):
 * the whole-naira split of decision 018 (bettor-math.ts), with each leg's stake at least its book's
 * minimum and its payout at most its book's maximum (bookmaker-rules.ts), optionally rounded to ₦10,
 * ₦50 or ₦100. A total too small for the minimums, or so large a leg would pass its book's maximum
 * payout, is refused with the nearest total that works.
 */
import { legReturn, netPrice, wholeNairaStakes, type Leg, type Stake } from "./bettor-math.ts";
import { rulesOf, TAX_ON_WINNINGS_RATE } from "./bookmaker-rules.ts";

/** What a leg's bookmaker allows: the smallest stake (₦1 when unknown) and the most a ticket pays (none when unknown). */
export interface LegLimits {
  minStake: number;
  maxPayout: number | undefined;
}

/** A bookmaker's limits from its rules (docs/design.md, Bookmaker rules): an unknown rule is no limit. */
export function legLimitsOf(provider: number): LegLimits {
  const { minStake, maxPayout } = rulesOf(provider);
  return { minStake: minStake.value === "unknown" ? 1 : minStake.value, maxPayout: maxPayout.value === "unknown" ? undefined : maxPayout.value };
}

/** Stakes a bettor may ask rounded to: whole naira (1, the exact split), or ₦10, ₦50, ₦100. */
export const STAKE_ROUNDINGS = [1, 10, 50, 100] as const;
export type StakeRounding = (typeof STAKE_ROUNDINGS)[number];

export interface SplitOptions {
  rounding?: StakeRounding;
  /** Each leg's limits, in the legs' order; from the rules by default. */
  limits?: readonly LegLimits[];
  taxRate?: number;
}

export type SureBetSplit =
  /** `profit`: the least any result leaves after tax, less the amount staked; `spread`: how far the unrounded net returns lie apart. */
  | { kind: "split"; stakes: Stake[]; staked: number; profit: number; spread: number }
  /** No split meets every leg's minimum stake: `smallestTotal` is the least total that does and makes a profit, when one was found. */
  | { kind: "below-minimums"; smallestTotal: number | undefined }
  /** A leg would pay more than its book's `maxPayout`: `largestTotal` is the most that stays within every cap. */
  | { kind: "over-max-payout"; provider: number; maxPayout: number; largestTotal: number | undefined };

/** How many totals the search for the nearest working one tries, a rounding step at a time. */
const TOTAL_SEARCH_STEPS = 400;

/** The smallest multiple of `unit` at or above `value`. */
const upTo = (value: number, unit: number) => Math.ceil(value / unit - 1e-9) * unit;

/** How many budgets below the total, a rounding step apart, the rounded split tries: a smaller one may round better. */
const ROUNDED_BUDGETS = 20;

/**
 * Stakes in multiples of `unit` (above 1) for at most `budget`: for the budget and a few rounding steps
 * below it, each leg's exact share rounded down or up (never below its minimum); the combination whose
 * worst result leaves the most after the stakes wins, then the one staking most. Every stake 0 when
 * none fits.
 */
function roundedStakes(prices: readonly number[], budget: number, mins: readonly number[], unit: number): number[] {
  const sum = prices.reduce((total, price) => total + 1 / price, 0);
  let best: { stakes: number[]; score: number; staked: number } | undefined;
  const consider = (chosen: number[]) => {
    const staked = chosen.reduce((a, b) => a + b, 0);
    if (staked > budget) return;
    const score = Math.min(...chosen.map((stake, i) => stake * prices[i]!)) - staked;
    if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && staked > best.staked)) best = { stakes: chosen, score, staked };
  };
  for (let step = 0; step < ROUNDED_BUDGETS && budget - step * unit > 0; step += 1) {
    const options = prices.map((price, i) => {
      const share = (budget - step * unit) / (price * sum);
      return [...new Set([Math.floor(share / unit) * unit, upTo(share, unit)])].filter((stake) => stake >= mins[i]!);
    });
    const pick = (chosen: number[]): void => {
      if (chosen.length === prices.length) return consider(chosen);
      for (const stake of options[chosen.length]!) pick([...chosen, stake]);
    };
    pick([]);
  }
  return best?.stakes ?? prices.map(() => 0);
}

/** The stakes at `total` for prices after tax, in whole naira or rounded; all 0 when the minimums cannot be met. */
function stakesAt(prices: readonly number[], total: number, mins: readonly number[], unit: number): number[] {
  return unit === 1 ? wholeNairaStakes(prices, total, mins) : roundedStakes(prices, total, mins, unit);
}

interface Market {
  legs: readonly Leg[];
  prices: number[];
  mins: number[];
  limits: readonly LegLimits[];
  unit: number;
  taxRate: number;
}

function splitOf(market: Market, total: number): Extract<SureBetSplit, { kind: "split" }> | undefined {
  const chosen = stakesAt(market.prices, total, market.mins, market.unit);
  if (chosen.every((stake) => stake === 0)) return undefined;
  const stakes = market.legs.map((leg, i) => legReturn(leg, chosen[i]!, market.taxRate));
  const staked = chosen.reduce((a, b) => a + b, 0);
  const exact = chosen.map((stake, i) => stake * market.prices[i]!);
  return { kind: "split", stakes, staked, profit: Math.min(...stakes.map((s) => s.net)) - staked, spread: Math.max(...exact) - Math.min(...exact) };
}

/** The first leg whose payout passes its book's maximum, with that maximum. */
function overCap(market: Market, stakes: readonly Stake[]): { provider: number; maxPayout: number } | undefined {
  const i = stakes.findIndex((stake, j) => market.limits[j]!.maxPayout !== undefined && stake.gross > market.limits[j]!.maxPayout!);
  return i < 0 ? undefined : { provider: stakes[i]!.provider, maxPayout: market.limits[i]!.maxPayout! };
}

/**
 * The least total, a rounding step at a time, whose split meets every minimum and leaves a profit
 * after tax; else the least that meets the minimums; undefined when none of TOTAL_SEARCH_STEPS does. A
 * leg's exact share is total / (b' x Σ 1/b'), so the search starts a little below the total that makes
 * the largest minimum's share exact.
 */
function smallestTotal(market: Market): number | undefined {
  const sum = market.prices.reduce((total, price) => total + 1 / price, 0);
  const exact = Math.max(...market.prices.map((price, i) => market.mins[i]! * price * sum));
  // A stake may sit up to a rounding step (or, in whole naira, a few naira) above its exact share.
  const slack = 20 + market.unit * Math.max(...market.prices) * sum;
  const start = Math.max(market.unit * market.legs.length, upTo(exact - slack, market.unit));
  let placeable: number | undefined;
  for (let step = 0, total = start; step < TOTAL_SEARCH_STEPS; step += 1, total += market.unit) {
    const split = splitOf(market, total);
    if (!split) continue;
    if (split.profit > 0) return total;
    placeable ??= total;
  }
  return placeable;
}

/** The largest total, a rounding step at a time down from the caps' bound, whose split keeps every leg within its maximum payout. */
function largestTotal(market: Market): number | undefined {
  const sum = market.prices.reduce((total, price) => total + 1 / price, 0);
  const bounds = market.legs.map((leg, i) => ((market.limits[i]!.maxPayout ?? Infinity) * market.prices[i]! * sum) / leg.value);
  const start = Math.floor(Math.min(...bounds) / market.unit) * market.unit;
  for (let step = 0, total = start; step < TOTAL_SEARCH_STEPS && total > 0; step += 1, total -= market.unit) {
    const split = splitOf(market, total);
    if (split && !overCap(market, split.stakes)) return total;
  }
  return undefined;
}

/**
 * The stakes for `total` naira on a sure bet's legs (docs/design.md, Sure bets): the whole-naira split
 * that pays the same after tax on every result (decision 018), or with `rounding` each stake a multiple
 * of it with the best worst result; every stake at least its book's minimum and every payout at most
 * its book's maximum. Refused, with the nearest total that works, when neither can be met.
 */
export function splitSureBet(legs: readonly Leg[], total: number, options: SplitOptions = {}): SureBetSplit {
  const unit = options.rounding ?? 1;
  const limits = options.limits ?? legs.map((leg) => legLimitsOf(leg.provider));
  const taxRate = options.taxRate ?? TAX_ON_WINNINGS_RATE;
  const market: Market = {
    legs,
    prices: legs.map((leg) => netPrice(leg.value, taxRate)),
    mins: limits.map((limit) => upTo(Math.max(1, limit.minStake), unit)),
    limits,
    unit,
    taxRate,
  };
  const split = splitOf(market, Math.floor(total));
  if (!split) return { kind: "below-minimums", smallestTotal: smallestTotal(market) };
  const capped = overCap(market, split.stakes);
  if (capped) return { kind: "over-max-payout", ...capped, largestTotal: largestTotal(market) };
  return split;
}
