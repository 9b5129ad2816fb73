/**
 * What a selection did, from the match's scores and its market type's rule (docs/design.md,
 * Settlement rules; decision 042): won, lost, void (stake back), half-won or half-lost, and what a
 * stake returns then. One interpreter for the closed set of rules in settle-rule.ts. A match
 * abandoned or without the score a rule reads settles nothing, and a `by-hand` rule waits for an
 * operator: each answers why, never a guess; input that does not go together is refused
 * (settlement-input.ts). Decision 047.
 */
import { checkSettleInput, SettlementInputError, type MatchScores, type PeriodResult, type Score, type SettleMarket } from "./settlement-input.ts";
import type { SettleRule, TotalQuantity } from "./settle-rule.ts";

export type SettleOutcome = "won" | "lost" | "void" | "half-won" | "half-lost";

/** Why a selection is not settled: the match was abandoned, its score (or its half-time score) is not known, or its rule needs an operator. */
export type UnsettledReason = "abandoned" | "no-score" | "no-half-time-score" | "by-hand";

export type Settlement = { settled: true; outcome: SettleOutcome } | { settled: false; reason: UnsettledReason };

/** The scores a settled match gives every rule: full time, first half, second half (full time less the first). */
interface Periods {
  FT: Score;
  "1H": Score | null;
  "2H": Score | null;
}

type Whole = "won" | "lost" | "void";

const wonIf = (yes: boolean): Whole => (yes ? "won" : "lost");

function resultOf({ home, away }: Score, handicap = 0): PeriodResult {
  const d = home + handicap - away;
  return d > 0 ? "home" : d < 0 ? "away" : "draw";
}

/** Against one line: what is above it wins, what lands on it is void. */
const onLine = (margin: number): Whole => (margin > 0 ? "won" : margin < 0 ? "lost" : "void");

/**
 * A bet on a line whose margin is `margin(line)` (positive wins). A quarter line (−0.25, 2.75) puts
 * half the stake on each neighbouring line (0 and −0.5; 2.5 and 3), so one half can be void while
 * the other wins or loses: half-won, half-lost. Goals are whole, so the halves never split won and lost.
 */
function againstLine(line: number, margin: (line: number) => number): SettleOutcome {
  if (Number.isInteger(line * 2)) return onLine(margin(line));
  const [low, high] = [onLine(margin(line - 0.25)), onLine(margin(line + 0.25))];
  if (low === high) return low;
  const decided = low === "void" ? high : low;
  return decided === "won" ? "half-won" : "half-lost";
}

const COVERED: Record<string, readonly PeriodResult[]> = { "home-draw": ["home", "draw"], "home-away": ["home", "away"], "draw-away": ["draw", "away"] };

function totalGoals(score: Score, quantity: TotalQuantity): number {
  return quantity === "h" ? score.home : quantity === "a" ? score.away : score.home + score.away;
}

/** The rules read in one period's score. */
function settlePeriod(settle: Exclude<SettleRule, { rule: "asian" | "ht-ft" | "either-half" | "by-hand" }>, market: SettleMarket, outcome: string, score: Score): SettleOutcome {
  switch (settle.rule) {
    case "result":
      return wonIf(resultOf(score, market.line ?? 0) === outcome);
    case "cover":
      return wonIf(COVERED[outcome]!.includes(resultOf(score)));
    case "total": {
      const goals = totalGoals(score, settle.quantity);
      return againstLine(market.line!, (line) => (outcome === "over" ? goals - line : line - goals));
    }
    case "no-draw":
      return resultOf(score) === "draw" ? "void" : wonIf(resultOf(score) === outcome);
    case "both-score":
      return wonIf((score.home > 0 && score.away > 0) === (outcome === "yes"));
    case "score": {
      const exact = `${score.home}:${score.away}`;
      return wonIf(outcome === "other" ? !market.outcomes.includes(exact) : outcome === exact);
    }
  }
}

/** The rules that read the whole match or both halves; null when a half-time score they need is not known. */
function settleMatch(settle: Exclude<SettleRule, { rule: "by-hand" }>, market: SettleMarket, outcome: string, periods: Periods): SettleOutcome | null {
  const { FT, "1H": first, "2H": second } = periods;
  switch (settle.rule) {
    case "asian": {
      const homeMargin = (line: number) => FT.home + line - FT.away;
      return againstLine(market.line!, outcome === "home" ? homeMargin : (line) => -homeMargin(line));
    }
    case "ht-ft":
      return first && wonIf(`${resultOf(first)}/${resultOf(FT)}` === outcome);
    case "either-half":
      return first && second && wonIf([first, second].some((half) => resultOf(half) === settle.team) === (outcome === "yes"));
    default: {
      const score = periods[settle.period];
      return score && settlePeriod(settle, market, outcome, score);
    }
  }
}

function periodsOf(fullTime: Score, halfTime: Score | null): Periods {
  const second = halfTime && { home: fullTime.home - halfTime.home, away: fullTime.away - halfTime.away };
  return { FT: fullTime, "1H": halfTime, "2H": second };
}

/**
 * What the selection backing `outcome` in `market` did, given the match's scores. Throws
 * SettlementInputError when the rule, the line, the outcome or the scores do not go together.
 */
export function settleSelection(market: SettleMarket, outcome: string, scores: MatchScores): Settlement {
  checkSettleInput(market, outcome, scores);
  const { settle } = market;
  if (settle.rule === "by-hand") return { settled: false, reason: "by-hand" };
  if (scores.status === "abandoned") return { settled: false, reason: "abandoned" };
  if (scores.fullTime === null) return { settled: false, reason: "no-score" };
  const settled = settleMatch(settle, market, outcome, periodsOf(scores.fullTime, scores.halfTime));
  return settled === null ? { settled: false, reason: "no-half-time-score" } : { settled: true, outcome: settled };
}

const kobo = (naira: number) => Math.round(naira * 100) / 100;

/**
 * What a settled stake returns before tax, to the kobo: won, stake × price; void, the stake; half-won,
 * half at the price and half back; half-lost, half back; lost, nothing.
 */
export function settledReturn(outcome: SettleOutcome, stake: number, price: number): number {
  if (!Number.isFinite(stake) || stake <= 0) throw new SettlementInputError(`a stake is a positive amount, not ${stake}`);
  if (!Number.isFinite(price) || price <= 1) throw new SettlementInputError(`a price is above 1, not ${price}`);
  const returns: Record<SettleOutcome, number> = { won: stake * price, "half-won": (stake / 2) * price + stake / 2, void: stake, "half-lost": stake / 2, lost: 0 };
  return kobo(returns[outcome]);
}
