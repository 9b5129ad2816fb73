/**
 * A selection read from a book that lists a match's sides the other way round, in our orientation,
 * from the catalogue (docs/design.md, Reading a code): their home is our away, so a home team total
 * is our away team total, a handicap's line (goals added to their home) changes sign, Home (-1) at
 * -1 being our Away (+1) at +1, HT/FT "1/X" is our "2/X", correct score 2:1 our 1:2, and Double
 * Chance 1X our X2. Selections naming no side (draw, over, yes, 12, other) keep their outcome.
 * Undefined where the catalogue has no mirror market: the leg is then left out, never mapped wrong.
 */
import type { Catalogue } from "../catalogue/catalogue.ts";
import { typeSelection } from "../catalogue/catalogue.ts";
import type { SettleRule } from "#shared/math/settle-rule.ts";

const SIDE: Record<string, string> = { home: "away", away: "home" };

/** An outcome seen from the other side: home <-> away, in covers ("home-draw") and HT/FT halves ("home/draw") too; a score's goals swapped. */
export function mirrorOutcome(outcome: string): string {
  const score = /^(\d+):(\d+)$/.exec(outcome);
  if (score) return `${score[2]}:${score[1]}`;
  if (outcome.includes("/")) return outcome.split("/").map(mirrorOutcome).join("/");
  if (outcome.includes("-")) {
    const parts = outcome.split("-").map(mirrorOutcome);
    // A cover names its results in home, draw, away order ("draw-away", never "away-draw").
    const order = ["home", "draw", "away"];
    return parts.sort((a, b) => order.indexOf(a) - order.indexOf(b)).join("-");
  }
  return SIDE[outcome] ?? outcome;
}

/** The rule seen from the other side: a team's total or "to win either half" becomes the other team's. */
function mirrorRule(rule: SettleRule): SettleRule {
  if (rule.rule === "total" && rule.quantity !== "h+a") return { ...rule, quantity: rule.quantity === "h" ? "a" : "h" };
  if (rule.rule === "either-half") return { ...rule, team: rule.team === "home" ? "away" : "home" };
  return rule;
}

const sameRule = (a: SettleRule, b: SettleRule) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Our selection for a reversed book's selection (both ours by id), or undefined where the catalogue has no mirror. */
export function mirrorSelection(catalogue: Catalogue, marketId: number, selectionTypeId: number): { marketId: number; selectionTypeId: number } | undefined {
  const market = catalogue.markets.get(marketId);
  const type = market && catalogue.types.get(market.typeId);
  const selection = catalogue.selections.get(selectionTypeId);
  if (!market || !type || !selection || selection.market_id !== marketId) return undefined;
  const rule = mirrorRule(type.settle);
  const mirrorType =
    rule === type.settle
      ? type
      : [...catalogue.types.values()].find((t) => !t.retired && t.id !== type.id && t.period === type.period && t.lineKind === type.lineKind && t.bookOnly === type.bookOnly && sameRule(t.settle, rule));
  if (!mirrorType) return undefined;
  const line = market.line === null ? null : type.lineKind === "handicap" || type.lineKind === "asian" ? (market.line === 0 ? 0 : -market.line) : market.line;
  return typeSelection(catalogue, mirrorType.id, line, mirrorOutcome(selection.outcome));
}
