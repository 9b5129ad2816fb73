/**
 * A market type's settlement rule as data (docs/design.md, Settlement rules): one of a closed set of
 * rule kinds with its parameters, never an expression (decision 042). A parameter that is a line
 * (the handicap of `result`, the line of `total` and `asian`) is the market's own line, so one rule
 * serves every line of its type; `result` without a line has handicap 0 (1X2).
 */
import { z } from "zod";

const period = z.enum(["FT", "1H", "2H"]);

export const settleRuleSchema = z.discriminatedUnion("rule", [
  z.strictObject({ rule: z.literal("result"), period }),
  z.strictObject({ rule: z.literal("cover"), period }),
  z.strictObject({ rule: z.literal("total"), period, quantity: z.enum(["h+a", "h", "a"]) }),
  z.strictObject({ rule: z.literal("asian") }),
  z.strictObject({ rule: z.literal("no-draw"), period }),
  z.strictObject({ rule: z.literal("both-score"), period }),
  z.strictObject({ rule: z.literal("score"), period }),
  z.strictObject({ rule: z.literal("ht-ft") }),
  z.strictObject({ rule: z.literal("either-half"), team: z.enum(["home", "away"]) }),
  z.strictObject({ rule: z.literal("by-hand") }),
]);

export type SettleRule = z.infer<typeof settleRuleSchema>;

/** The line kinds each rule reads its line from: a `total` rule on a type without lines would have nothing to settle on. */
export const RULE_LINE_KINDS: Record<SettleRule["rule"], readonly string[]> = {
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
