/**
 * What the sure-bet calculator says about a split (docs/design.md, Sure bets; decision 037): a total
 * the bookmakers' minimum stakes or maximum payouts refuse, stakes rounded at a bettor's choice, and
 * the rounding asked in the page's URL (`&round=50`) checked.
 */
import type { Leg } from "#shared/math/bettor-math.ts";
import { TAX_ON_WINNINGS_RATE } from "#shared/math/bookmaker-rules.ts";
import { legLimitsOf, STAKE_ROUNDINGS, type StakeRounding } from "#shared/math/sure-bet-split.ts";
import { bookmakerName } from "#shared/reference.ts";
import { formatNaira } from "../money.ts";

/** The known minimums among the legs' books, in words: 'Bet9ja takes stakes from ₦100, SportyBet from ₦10'. */
function minimumsOf(legs: readonly Leg[]): string {
  const books = [...new Set(legs.map((leg) => leg.provider))].filter((provider) => legLimitsOf(provider).minStake > 1);
  return books.map((provider, i) => `${bookmakerName(provider)}${i === 0 ? " takes stakes" : ""} from ${formatNaira(legLimitsOf(provider).minStake)}`).join(", ");
}

const stakesIn = (rounding: StakeRounding) => (rounding === 1 ? "whole-naira stakes" : `stakes rounded to ${formatNaira(rounding)}`);

/** A total under what the books' minimum stakes need, with the smallest total that works when one was found. */
export function belowMinimumsMessage(total: number, legs: readonly Leg[], rounding: StakeRounding, smallest: number | undefined): string {
  const minimums = minimumsOf(legs);
  const why = `Too small: at ${formatNaira(total)}, ${stakesIn(rounding)} cannot cover every outcome${minimums ? ` within the bookmakers' minimum stakes (${minimums})` : ""}.`;
  return smallest === undefined ? `${why} Raise the total.` : `${why} The smallest total that works at these prices is ${formatNaira(smallest)}.`;
}

/** A total whose winning leg would pay more than its book pays on a ticket, with the largest total that works. */
export function overMaxPayoutMessage(total: number, provider: number, maxPayout: number, largest: number | undefined): string {
  const name = bookmakerName(provider);
  const why = `Too large: at ${formatNaira(total)}, the ${name} stake would pay more than ${formatNaira(maxPayout)}, the most ${name} pays on a ticket.`;
  return largest === undefined ? `${why} Lower the total.` : `${why} The largest total that works at these prices is ${formatNaira(largest)}.`;
}

/** Rounded stakes pay different amounts on each result: the table shows each. */
export const roundedNote = (rounding: StakeRounding) =>
  `Stakes rounded to ${formatNaira(rounding)}, split as evenly after the ${TAX_ON_WINNINGS_RATE * 100}% tax on winnings as that allows: each result pays a little differently, as the table shows; the profit below is the worst result's.`;

/** Rounded stakes whose worst result loses. */
export const roundedLossMessage = (rounding: StakeRounding, loss: number) =>
  `Rounded to ${formatNaira(rounding)}, the worst result loses ${formatNaira(loss, { kobo: true })} after tax: round to less, or raise the total.`;

export const ROUNDING_MESSAGE = `Choose how to round the stakes: ${STAKE_ROUNDINGS.map((r) => formatNaira(r)).join(", ")}.`;

export type RoundingChoice = { ok: true; rounding: StakeRounding } | { ok: false; message: string };

/** The rounding asked (`round=50` in the URL, or the calculator's choice): whole naira when none is. */
export function parseRounding(text: string | null | undefined): RoundingChoice {
  if (text === null || text === undefined || text === "") return { ok: true, rounding: 1 };
  const found = STAKE_ROUNDINGS.find((rounding) => String(rounding) === text);
  return found === undefined ? { ok: false, message: ROUNDING_MESSAGE } : { ok: true, rounding: found };
}

/** The rounding choices as the calculator lists them. */
export const roundingLabel = (rounding: StakeRounding) => (rounding === 1 ? "No (whole naira)" : `To ${formatNaira(rounding)}`);
