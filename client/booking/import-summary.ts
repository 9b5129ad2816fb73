import { BETSLIP_MAX_LEGS } from "#shared/contract.ts";
import type { ImportMode, ImportPlan } from "../betslip/sync/import-legs.ts";
import { selectionCount } from "../betslip/slip.ts";

/** What the slip took, in a sentence or three: what went on it, and what did not and why. */
export function importSummary(plan: ImportPlan, mode: ImportMode): string {
  const lines = [
    mode === "replace" ? `Your slip now holds ${plan.added === 1 ? "this selection" : `these ${selectionCount(plan.added)}`}.` : plan.added === 0 ? "Nothing was added." : `Added ${selectionCount(plan.added)} to your slip.`,
  ];
  if (plan.sameMatch > 0) {
    const what = mode === "add" ? (plan.sameMatch === 1 ? "its match is already on your slip" : "their matches are already on your slip") : "a second selection for one match (one per match)";
    lines.push(`${plan.sameMatch} left out: ${what}.`);
  }
  if (plan.overLimit > 0) lines.push(`${plan.overLimit} left out: a slip holds ${BETSLIP_MAX_LEGS} selections at most.`);
  return lines.join(" ");
}
