import type { JSX } from "react";
import { Link } from "react-router";
import { ESTIMATED_BONUS_BOOKS, listNames, TAX_RATE_TEXT, UNMODELLED_BONUS_BOOKS } from "./rules-text.ts";

/** Where the help page explains every bookmaker's rules (client/betslip/returns/rules-help.tsx). */
export const RETURNS_HELP_PATH = "/help#returns";

/**
 * How a net payout is worked out, in two sentences under the totals, and where each book's rules
 * and their sources are (docs/design.md, Naira-true returns).
 */
export function ReturnsNote(): JSX.Element {
  const possessive = (names: readonly string[]) => listNames(names.map((name) => `${name}'s`));
  return (
    <p className="slip-method">
      <strong>How we work this out:</strong> your stake times the book&apos;s prices, plus its accumulator bonus, cut to its maximum payout,
      less {TAX_RATE_TEXT} tax on the winnings (we assume the tax is on net winnings: the books do not say).
      {ESTIMATED_BONUS_BOOKS.length > 0 && ` ${possessive(ESTIMATED_BONUS_BOOKS)} bonus is an estimate.`}
      {UNMODELLED_BONUS_BOOKS.length > 0 && ` ${possessive(UNMODELLED_BONUS_BOOKS)} bonuses are not modelled: none is counted, so they may pay more than shown.`}{" "}
      <Link to={RETURNS_HELP_PATH}>Each bookmaker&apos;s rules and where they come from</Link>
    </p>
  );
}
