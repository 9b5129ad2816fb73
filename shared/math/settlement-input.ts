/**
 * What the settlement (settlement.ts) is given, and its checks: a rule with a line its kind cannot
 * read, an outcome the rule does not know or a score no match can have is refused with an error that
 * names it, never settled by guess (docs/design.md, Settlement rules).
 */
import { RULE_LINE_KINDS, type LineKind, type SettleRule, type SettleRuleKind } from "./settle-rule.ts";

/** Goals of one side each, at one moment of the match. */
export interface Score {
  home: number;
  away: number;
}

/**
 * A match's scores, as the books' results list them: the 90 minutes with stoppage time; null while
 * not known. An abandoned match settles nothing, whatever score it had reached.
 */
export interface MatchScores {
  status: "finished" | "abandoned";
  fullTime: Score | null;
  halfTime: Score | null;
}

/** The market a selection belongs to: its type's rule and line kind, its own line, and its selections' outcomes. */
export interface SettleMarket {
  settle: SettleRule;
  lineKind: LineKind;
  /** Goals, as bettors read it (2.5; −0.25): null for a type without lines. */
  line: number | null;
  outcomes: readonly string[];
}

/** Input the settlement refuses: the message says what and why. */
export class SettlementInputError extends Error {
  override name = "SettlementInputError";
}

export const PERIOD_RESULTS = ["home", "draw", "away"] as const;
export type PeriodResult = (typeof PERIOD_RESULTS)[number];

const CORRECT_SCORE = /^(0|[1-9]\d*):(0|[1-9]\d*)$/;

/** The outcomes each rule settles (`score`'s are "home:away" goals and "other"; `by-hand` takes the market's own). */
const RULE_OUTCOMES: Record<SettleRuleKind, (outcome: string) => boolean> = {
  result: (o) => (PERIOD_RESULTS as readonly string[]).includes(o),
  cover: (o) => ["home-draw", "home-away", "draw-away"].includes(o),
  total: (o) => o === "over" || o === "under",
  asian: (o) => o === "home" || o === "away",
  "no-draw": (o) => o === "home" || o === "away",
  "both-score": (o) => o === "yes" || o === "no",
  score: (o) => o === "other" || CORRECT_SCORE.test(o),
  "ht-ft": (o) => PERIOD_RESULTS.some((ht) => PERIOD_RESULTS.some((ft) => o === `${ht}/${ft}`)),
  "either-half": (o) => o === "yes" || o === "no",
  "by-hand": () => true,
};

/** The line as its rule reads it: none, a whole three-way handicap, a positive total, an Asian line, in quarters. */
function checkLine({ settle, lineKind, line }: SettleMarket): void {
  if (!RULE_LINE_KINDS[settle.rule].includes(lineKind)) throw new SettlementInputError(`rule "${settle.rule}" does not settle a type of line kind "${lineKind}"`);
  if (lineKind === "none") {
    if (line !== null) throw new SettlementInputError(`a type without lines has no line, not ${String(line)}`);
    return;
  }
  if (line === null || !Number.isFinite(line) || !Number.isInteger(line * 4)) throw new SettlementInputError(`a line of kind "${lineKind}" is a number of goals in quarters, not ${String(line)}`);
  if (lineKind === "handicap" && !Number.isInteger(line)) throw new SettlementInputError(`a three-way handicap is whole goals, not ${line}`);
  if (lineKind === "total" && line <= 0) throw new SettlementInputError(`a total line is above 0, not ${line}`);
}

function checkScore(score: Score | null, name: string): void {
  if (score === null) return;
  for (const goals of [score.home, score.away]) {
    if (!Number.isInteger(goals) || goals < 0) throw new SettlementInputError(`the ${name} score is whole goals from 0, not ${score.home}:${score.away}`);
  }
}

/** Throws SettlementInputError unless the market, the outcome backed and the scores go together. */
export function checkSettleInput(market: SettleMarket, outcome: string, scores: MatchScores): void {
  checkLine(market);
  const known = RULE_OUTCOMES[market.settle.rule];
  for (const o of market.outcomes) if (!known(o)) throw new SettlementInputError(`"${o}" is not an outcome rule "${market.settle.rule}" settles`);
  if (!market.outcomes.includes(outcome)) throw new SettlementInputError(`"${outcome}" is not an outcome of this market (${market.outcomes.join(", ")})`);
  if (scores.status !== "finished" && scores.status !== "abandoned") throw new SettlementInputError(`a match is finished or abandoned, not ${String(scores.status)}`);
  checkScore(scores.fullTime, "full-time");
  checkScore(scores.halfTime, "half-time");
  const { fullTime, halfTime } = scores;
  if (fullTime && halfTime && (halfTime.home > fullTime.home || halfTime.away > fullTime.away)) {
    throw new SettlementInputError(`a half-time score of ${halfTime.home}:${halfTime.away} cannot end ${fullTime.home}:${fullTime.away}`);
  }
}
