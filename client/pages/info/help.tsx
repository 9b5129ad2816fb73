import type { JSX } from "react";
import { Link } from "react-router";
import { MARGIN_AVERAGE_MAX, MARGIN_GOOD_MAX } from "#shared/constants.ts";
import { ReturnsHelp } from "../../betslip/returns/rules-help.tsx";
import { mintBooksText, readBooksText } from "../../booking/books.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { BoostedIcon, DecreasedIcon, IncreasedIcon } from "../../odds/flag-icons.tsx";
import { RequireSession } from "../../session/require-session.tsx";

const TERMS = [
  { term: "1X2", meaning: "The match result: 1 is a home win, X a draw and 2 an away win." },
  {
    term: "Over/Under",
    meaning:
      "Total goals in the match. Over 2.5 means more than 2 goals (3 or more); Under 2.5 means 2 goals or fewer.",
  },
  {
    term: "BTTS",
    meaning: "Both Teams to Score. Yes wins if both teams score; No wins if at least one team does not.",
  },
  {
    term: "Double Chance",
    meaning: "Two results in one bet: 1X (home win or draw), 12 (home or away win) or X2 (draw or away win).",
  },
] as const;

function HelpContent(): JSX.Element {
  return (
    <div className="section container content">
      <h1 className="title">How to Read Odds Tables</h1>
      <p>
        Each table shows one market for one match: a row per bookmaker, a column per outcome, and the margin
        at the end.
      </p>
      <SymbolsSection />
      <TermsSection />
      <MarginSection />
      <ReturnsHelp />
      <BookingCodesSection />
      <TipsSection />
    </div>
  );
}

function SymbolsSection(): JSX.Element {
  return (
    <>
      <h2 className="title is-4">What the Symbols Mean</h2>
      <p>The same marks appear next to prices in every odds table.</p>
      <ul>
        <li>
          <IncreasedIcon /> <strong>Green up arrow:</strong> the odds have increased.
        </li>
        <li>
          <DecreasedIcon /> <strong>Red down arrow:</strong> the odds have decreased.
        </li>
        <li>
          <BoostedIcon /> <strong>Lightning bolt:</strong> boosted odds, a special higher price from the
          bookmaker.
        </li>
        <li>
          <span className="odds-best">2.10</span> <strong>Bold yellow numbers:</strong> the best odds for that
          outcome.
        </li>
      </ul>
    </>
  );
}

function TermsSection(): JSX.Element {
  return (
    <>
      <h2 className="title is-4">Betting Terms</h2>
      <dl>
        {TERMS.map(({ term, meaning }) => (
          <div key={term} className="mb-3">
            <dt className="has-text-weight-bold">{term}</dt>
            <dd className="ml-0">{meaning}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function MarginSection(): JSX.Element {
  return (
    <>
      <h2 className="title is-4">Bookmaker Margin</h2>
      <p>
        The Ov column shows each bookmaker&apos;s margin: the profit built into its prices. The lower the
        margin, the more of your stake comes back to you when you win.
      </p>
      <p>The badge beside each margin follows one scale, the same one this guide states:</p>
      <ul>
        <li>
          <span className="tag is-primary">{MARGIN_GOOD_MAX}% or less</span> Good
        </li>
        <li>
          <span className="tag is-warning">
            Over {MARGIN_GOOD_MAX}%, up to {MARGIN_AVERAGE_MAX}%
          </span>{" "}
          Average
        </li>
        <li>
          <span className="tag is-danger">Over {MARGIN_AVERAGE_MAX}%</span> High
        </li>
      </ul>
    </>
  );
}

/** docs/design.md, Booking codes: what a code is, how we read and make them, and at which books. */
function BookingCodesSection(): JSX.Element {
  return (
    <>
      <h2 id="booking-codes" className="title is-4">
        Booking Codes
      </h2>
      <p>
        A booking code is a bookmaker&apos;s short name for a list of selections: type it into that bookmaker&apos;s app or site and the
        selections appear on your slip, ready for a stake.
      </p>
      <ul>
        <li>
          <strong>Reading a code:</strong> paste it on your <Link to="/betslip">betslip</Link>. We price its selections again at every
          bookmaker&apos;s current prices, not the prices the code was made with: codes re-price when they are loaded. We read codes from{" "}
          {readBooksText()}.
        </li>
        <li>
          <strong>Selections we cannot match are left out, never guessed:</strong> a market we do not compare (such as correct score), a
          match we do not list, one that has started, or one where more than one match fits. A wrong selection is worse than a missing one,
          so we show you what was left out and why.
        </li>
        <li>
          <strong>Making a code:</strong> on your betslip, &apos;Get booking code&apos; creates a code for your selections at {mintBooksText()}
          , and we read it back to check every selection before we show it. A code works until its first match kicks off. NairaBet and 1xBet
          have no booking code we can create: we list your selections to add there by hand.
        </li>
      </ul>
    </>
  );
}

function TipsSection(): JSX.Element {
  return (
    <>
      <h2 className="title is-4">Quick Tips</h2>
      <ul>
        <li>Compare before every bet: the best bookmaker changes from match to match.</li>
        <li>Prefer low-margin bookmakers for the bets you place often.</li>
        <li>Odds move all the time. Check the price on the bookmaker&apos;s site before you confirm.</li>
        <li>Boosted odds can be good value, but read the bookmaker&apos;s conditions first.</li>
        <li>
          Set a budget and stick to it. See our <Link to="/responsible-gambling">responsible gambling</Link>{" "}
          guide.
        </li>
      </ul>
    </>
  );
}

/** /help is for logged-in users (docs/product.md, Help page). */
export function HelpPage(): JSX.Element {
  return (
    <RequireSession>
      <PageMeta
        title="How to Read Odds Tables"
        description="Symbols, betting terms and margins on AfriOdds odds tables, and what each bookmaker really pays on a betslip."
      />
      <HelpContent />
    </RequireSession>
  );
}
