import { bookmakerName } from "#shared/reference.ts";
import { rulesOf } from "#shared/math/bookmaker-rules.ts";
import type { BookmakerSlip } from "#shared/contract.ts";
import { formatNaira } from "../../tools/money.ts";
import { formatKobo } from "./money.ts";
import { selectionCount } from "../slip.ts";

/**
 * The words of one bookmaker's return on the slip (docs/design.md, Naira-true returns): its bonus,
 * its tax, its cap and why it cannot take the slip, from the API's figures and the rule data the API
 * used (shared/math/bookmaker-rules.ts), so the names and rates shown are the ones counted.
 */

/** '25 %', '9.6 %': a percentage as the books print theirs, no trailing zeros. */
export const formatPct = (pct: number) => `${Number(pct.toFixed(2))} %`;

/** '25 Nov 2026': when a rule was checked (an ISO date, read as a calendar date). */
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
export const formatCheckedDate = (isoDate: string) => DAY.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));

/** The accumulator bonus's own name ('Multiple Bonus'), or a plain 'Bonus' when the rule is not known. */
function bonusName(provider: number): string {
  const rule = rulesOf(provider).accumulatorBonus.value;
  return rule === "unknown" ? "Bonus" : rule.name;
}

/**
 * 'Multiple Bonus +25 %: ₦2,500.00'; 'Multi Bet Bonus (estimate) +9.6 %: ₦960.00'; 'Bonus not
 * modelled' for a book whose rule we do not know (none is counted); 'No bonus on this slip'.
 */
export function bonusLine(book: BookmakerSlip): string | undefined {
  if (book.bonusStatus === "not-modelled") return "Bonus not modelled";
  if (book.netPayout === null) return undefined;
  if (book.bonusStatus === "none" || book.bonus === null) return "No bonus on this slip";
  const name = book.bonusStatus === "estimate" ? `${bonusName(book.provider)} (estimate)` : bonusName(book.provider);
  const pct = book.bonusPct === null ? "" : ` +${formatPct(book.bonusPct)}`;
  return `${name}${pct}: ${formatKobo(book.bonus)}`;
}

/**
 * What the bonus is a percentage of, so the figures on screen add up
 * (docs/design.md, Payout after bonus, cap and tax): '12 % of ₦947,181.52: the stake times the 5 selections priced 1.20 or more; the 1 under
 * 1.20 does not count' (SportyBet); '25 % of the gross payout ₦79,027.40 (9 of your 10 selections count
 * towards the rate)' (Bet9ja). `legs`: the selections the totals are over. Nothing from an API older than
 * the base's fields.
 */
export function bonusBaseLine(book: BookmakerSlip, legs: number): string | undefined {
  const { bonusBase: base, bonusPct, grossPayout: gross } = book;
  if (base === undefined || base === null || bonusPct === null || gross === null || !book.bonus) return undefined;
  const pct = formatPct(bonusPct);
  const counted = book.bonusLegs ?? legs;
  const left = legs - counted;
  if (base !== gross) {
    const min = (book.bonusMinLegOdds ?? 0).toFixed(2);
    const rest = left > 0 ? `; the ${left} under ${min} ${left === 1 ? "does" : "do"} not count` : "";
    return `${pct} of ${formatKobo(base)}: the stake times the ${selectionCount(counted)} priced ${min} or more${rest}`;
  }
  return `${pct} of the gross payout ${formatKobo(gross)}${left > 0 ? ` (${counted} of your ${legs} selections count towards the rate)` : ""}`;
}

/** 'Tax 5 % on winnings: −₦170.50', a minus as the bettor tools write a loss (docs/design.md, Naira-true returns: assumed on net winnings). */
export function taxLine(book: BookmakerSlip): string | undefined {
  if (book.tax === null) return undefined;
  const rate = rulesOf(book.provider).taxOnWinnings.value;
  return `Tax${rate === "unknown" ? "" : ` ${formatPct(rate * 100)}`} on winnings: ${formatKobo(-book.tax)}`;
}

/** 'Capped at the book's maximum payout (₦15,000,000)', when its cap cut what the slip would pay. */
export function cappedLine(book: BookmakerSlip): string | undefined {
  if (!book.capped) return undefined;
  const max = rulesOf(book.provider).maxPayout.value;
  return `Capped at the book's maximum payout${max === "unknown" ? "" : ` (${formatNaira(max)})`}`;
}

/** Why the book cannot take the slip, in words: 'Below BetKing's minimum stake (₦100)', 'More than BetKing's 40 selections', 'Does not price 1 selection'. */
export function notPlaceableLine(book: BookmakerSlip): string | undefined {
  if (book.placeable) return undefined;
  const name = bookmakerName(book.provider);
  const rules = rulesOf(book.provider);
  switch (book.reason) {
    case "below-min-stake": {
      const min = rules.minStake.value;
      return `Below ${name}'s minimum stake${min === "unknown" ? "" : ` (${formatNaira(min)})`}`;
    }
    case "over-max-selections": {
      const max = rules.maxSelections.value;
      return max === "unknown" ? `More selections than ${name} takes` : `More than ${name}'s ${max} selections`;
    }
    case "missing-price":
      return `Does not price ${selectionCount(book.missing)}`;
    default:
      return `${name} cannot take this slip`;
  }
}
