/**
 * A market type's settlement rule as data (docs/design.md, Settlement rules): one of a closed set of
 * rule kinds with its parameters, never an expression (decision 042). A parameter that is a line
 * (the handicap of `result`, the line of `total` and `asian`) is the market's own line, so one rule
 * serves every line of its type; `result` without a line has handicap 0 (1X2). Plain types here,
 * read by the settlement (settlement.ts) in the browser and the API alike; the catalogue's file
 * schema (api/catalogue/settle-rules.ts) is checked against them.
 */

/** The period a rule reads: full time, first half, second half (full time less the first half). */
export const SETTLE_PERIODS = ["FT", "1H", "2H"] as const;
export type SettlePeriod = (typeof SETTLE_PERIODS)[number];

/** What a `total` counts: both sides' goals, the home side's, the away side's. */
export const TOTAL_QUANTITIES = ["h+a", "h", "a"] as const;
export type TotalQuantity = (typeof TOTAL_QUANTITIES)[number];

/** How a type's markets carry a line (docs/design.md, Lines). */
export const LINE_KINDS = ["none", "total", "handicap", "asian"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export type SettleRule =
  | { rule: "result"; period: SettlePeriod }
  | { rule: "cover"; period: SettlePeriod }
  | { rule: "total"; period: SettlePeriod; quantity: TotalQuantity }
  | { rule: "asian" }
  | { rule: "no-draw"; period: SettlePeriod }
  | { rule: "both-score"; period: SettlePeriod }
  | { rule: "score"; period: SettlePeriod }
  | { rule: "ht-ft" }
  | { rule: "either-half"; team: "home" | "away" }
  | { rule: "by-hand" };

export type SettleRuleKind = SettleRule["rule"];

/** The line kinds each rule reads its line from: a `total` rule on a type without lines would have nothing to settle on. */
export const RULE_LINE_KINDS: Record<SettleRuleKind, readonly LineKind[]> = {
  result: ["none", "handicap"],
  cover: ["none"],
  total: ["total"],
  asian: ["asian"],
  "no-draw": ["none"],
  "both-score": ["none"],
  score: ["none"],
  "ht-ft": ["none"],
  "either-half": ["none"],
  "by-hand": ["none"],
};
