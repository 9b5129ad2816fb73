import { bookmakerName } from "#shared/reference.ts";
import { BOOKMAKER_RULES, TAX_ON_WINNINGS_RATE, type AccumulatorBonus, type BookmakerRules, type Rule } from "#shared/math/bookmaker-rules.ts";
import { marketLabelOf } from "../../match/market-names.ts";
import { formatNaira } from "../../tools/money.ts";
import { formatPct } from "./return-lines.ts";

/**
 * The bookmakers' rules in words, for the betslip's note and the help page, straight from the data
 * the API prices slips with (shared/math/bookmaker-rules.ts), so what we say is what we count.
 */

/** Shown for a rule nobody has published or we could not verify: never a guess (docs/design.md, Naira-true returns). */
export const NOT_KNOWN = "Not known";

/** '5 %': the tax on winnings every book withholds. */
export const TAX_RATE_TEXT = formatPct(TAX_ON_WINNINGS_RATE * 100);

function bonusText(bonus: AccumulatorBonus): string {
  if (bonus.kind === "plan") {
    return (
      `${bonus.name}, an estimate from the book's live bonus plan, as a share of the stake times the prices of the selections at the plan's ` +
      `minimum price or more only (1.20 in 2026): a selection under it adds nothing, so the bonus reads as less than its percentage of the gross payout; ` +
      `its exact figure also depends on outcome probabilities the book does not publish`
    );
  }
  return (
    `${bonus.name}: ${bonus.ladder}, as a share of the gross payout; selections priced ${bonus.minLegOdds.toFixed(2)} or more count, ` +
    `not one kicking off more than ${bonus.maxDaysAhead} days ahead; no bonus on a win above ${formatNaira(bonus.noBonusAboveWin)}`
  );
}

const known = <T>(rule: Rule<T>, say: (value: T) => string) => (rule.value === "unknown" ? NOT_KNOWN : say(rule.value));

/** One bookmaker's rules as the help page lists them: what, its value or 'Not known', when checked, and where from. */
export function ruleRows(rules: BookmakerRules): { rule: string; value: string; checkedAt: string; source: string }[] {
  const row = <T>(rule: string, data: Rule<T>, say: (value: T) => string) => ({ rule, value: known(data, say), checkedAt: data.checkedAt, source: data.source });
  return [
    row("Tax on winnings", rules.taxOnWinnings, (rate) => formatPct(rate * 100)),
    row("Accumulator bonus", rules.accumulatorBonus, bonusText),
    row("Maximum payout per ticket", rules.maxPayout, (naira) => formatNaira(naira)),
    row("Minimum stake", rules.minStake, (naira) => formatNaira(naira)),
    row("Most selections on a ticket", rules.maxSelections, String),
    row("Markets left out of the bonus", rules.bonusExcludedMarkets, (ids) => (ids.length === 0 ? "None stated" : listNames(ids.map(marketLabelOf)))),
  ];
}

/** 'BetKing, NairaBet and 1xBet'. */
export function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The books whose accumulator bonus we do not know, and so count as none. */
export const UNMODELLED_BONUS_BOOKS = BOOKMAKER_RULES.filter((r) => r.accumulatorBonus.value === "unknown").map((r) => bookmakerName(r.provider));

/** The books whose bonus we can only estimate. */
export const ESTIMATED_BONUS_BOOKS = BOOKMAKER_RULES.filter((r) => r.accumulatorBonus.value !== "unknown" && r.accumulatorBonus.value.kind === "plan").map((r) =>
  bookmakerName(r.provider),
);
