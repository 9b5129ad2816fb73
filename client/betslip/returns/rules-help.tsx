import { bookmakerName } from "#shared/reference.ts";
import { useEffect, type JSX } from "react";
import { useLocation } from "react-router";
import { BOOKMAKER_RULES } from "#shared/math/bookmaker-rules.ts";
import { formatCheckedDate } from "./return-lines.ts";
import { ESTIMATED_BONUS_BOOKS, listNames, NOT_KNOWN, ruleRows, TAX_RATE_TEXT, UNMODELLED_BONUS_BOOKS } from "./rules-text.ts";

/** The section's anchor: the betslip's note links here (returns-note.tsx). */
export const RETURNS_SECTION_ID = "returns";

/**
 * A link to /help#returns lands on the section: a new page starts at the top (client/shell/scroll-memory.ts,
 * whose effect runs after this one), so the scroll waits for the next frame.
 */
function useScrollToSection(id: string): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${id}`) return;
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash, id]);
}

function BookRules({ provider }: { provider: number }): JSX.Element {
  const rules = BOOKMAKER_RULES.find((r) => r.provider === provider)!;
  return (
    <>
      <h3 className="title is-5">{bookmakerName(provider)}</h3>
      <dl className="rules-list">
        {ruleRows(rules).map(({ rule, value, checkedAt, source }) => (
          <div key={rule} className="mb-2">
            <dt className="has-text-weight-bold">{rule}</dt>
            <dd className="ml-0">
              {value}{" "}
              <span className="rules-source">
                Checked {formatCheckedDate(checkedAt)}. Source: {source}.
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * The help page's account of what a betslip really pays (docs/design.md, Naira-true returns): the
 * steps, then every bookmaker's every rule with its value or 'Not known', when it was checked and
 * where it comes from, generated from the data the API counts with.
 */
export function ReturnsHelp(): JSX.Element {
  useScrollToSection(RETURNS_SECTION_ID);
  return (
    <>
      <h2 id={RETURNS_SECTION_ID} className="title is-4 rules-anchor">
        What a Betslip Really Pays
      </h2>
      <p>For your stake, the betslip page works out what each bookmaker would pay in naira if the whole slip won, and lists the most first:</p>
      <ol>
        <li>
          <strong>Gross payout:</strong> the stake times the book&apos;s price for every selection that can still be bet. A selection whose match
          has started, or that no bookmaker prices any longer, counts at no bookmaker.
        </li>
        <li>
          <strong>Bonus:</strong> the book&apos;s accumulator bonus where its rule is published, a percentage of what its rule names: the
          whole gross payout at Bet9ja; at SportyBet, the stake times the prices of the selections priced 1.20 or more only, so a slip with a
          selection under 1.20 gets less than that percentage of its gross payout. A selection in a market the book says its bonus leaves out
          never counts towards it (no book states one so far). Under each bonus the betslip says what it is a percentage of.
          {ESTIMATED_BONUS_BOOKS.length > 0 && ` ${listNames(ESTIMATED_BONUS_BOOKS)}: an estimate.`}
          {UNMODELLED_BONUS_BOOKS.length > 0 && ` ${listNames(UNMODELLED_BONUS_BOOKS)}: not modelled, so no bonus is counted.`}
        </li>
        <li>
          <strong>Cap:</strong> the book&apos;s maximum payout per ticket, where it is known.
        </li>
        <li>
          <strong>Tax:</strong> {TAX_RATE_TEXT} of the winnings (what is paid minus the stake) is withheld. The books do not say whether they tax net
          or gross winnings: we assume net winnings.
        </li>
        <li>
          <strong>Can it be placed?</strong> A slip below the book&apos;s minimum stake, or with more selections than it takes, is listed after
          those that can. A book that does not offer a selection&apos;s market has no price for it and no total; a selection only one book
          offers (SportyBet&apos;s 1UP and 2UP) is marked as such, and only that book can take the slip.
        </li>
      </ol>
      <p>
        The sure bets page splits a total with the same rules: every stake at least its book&apos;s minimum, no winning leg paying more than its
        book&apos;s maximum, the tax taken off each leg&apos;s winnings; a total too small or too large is refused with the nearest total that
        works. Value bets are listed by what they are expected to gain after the tax, not before it.
      </p>
      <p>Each bookmaker&apos;s rules as we know them, &apos;{NOT_KNOWN}&apos; where nobody publishes one or we could not check it:</p>
      {BOOKMAKER_RULES.map((rules) => (
        <BookRules key={rules.provider} provider={rules.provider} />
      ))}
    </>
  );
}
