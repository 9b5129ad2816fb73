/**
 * The zod schema of a market type's settlement rule in `markets.json` and the `settle` column
 * (docs/design.md, Settlement rules; decision 042). The rule kinds and their types are shared
 * (shared/math/settle-rule.ts), since the settlement that reads them runs in the browser too; this
 * schema accepts exactly those, as the check below holds at compile time.
 */
import { z } from "zod";
import { SETTLE_PERIODS, TOTAL_QUANTITIES, type SettleRule } from "#shared/math/settle-rule.ts";

const period = z.enum(SETTLE_PERIODS);

export const settleRuleSchema = z.discriminatedUnion("rule", [
  z.strictObject({ rule: z.literal("result"), period }),
  z.strictObject({ rule: z.literal("cover"), period }),
  z.strictObject({ rule: z.literal("total"), period, quantity: z.enum(TOTAL_QUANTITIES) }),
  z.strictObject({ rule: z.literal("asian") }),
  z.strictObject({ rule: z.literal("no-draw"), period }),
  z.strictObject({ rule: z.literal("both-score"), period }),
  z.strictObject({ rule: z.literal("score"), period }),
  z.strictObject({ rule: z.literal("ht-ft") }),
  z.strictObject({ rule: z.literal("either-half"), team: z.enum(["home", "away"]) }),
  z.strictObject({ rule: z.literal("by-hand") }),
]);

/** True only when the schema's output and the shared type are the same set of rules, both ways. */
type SameRules<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaIsTheSharedType: SameRules<z.infer<typeof settleRuleSchema>, SettleRule> = true;
