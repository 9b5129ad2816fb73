import type { JSX } from "react";
import type { BetslipLegView, BookmakerLink, BookmakerSlip } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";
import { ByHand } from "./by-hand.tsx";
import { MINT_BOOKS } from "./books.ts";
import { MintCode } from "./mint-code.tsx";
import { formatKobo, formatTotalOdds } from "../betslip/returns/money.ts";
import { bonusBaseLine, bonusLine, cappedLine, formatCheckedDate, notPlaceableLine, taxLine } from "../betslip/returns/return-lines.ts";
import { ReturnsNote } from "../betslip/returns/returns-note.tsx";
import { selectionCount } from "../betslip/slip.ts";

/** The bookmaker's page for the slip: the event of the first leg it lists (no affiliate parameters: docs/design.md, Bookmaker links). */
function firstLink(legs: readonly BetslipLegView[], provider: number): { link: BookmakerLink; eventName: string } | undefined {
  for (const leg of legs) {
    const link = leg.links.find((l) => l.provider === provider);
    if (link) return { link, eventName: leg.event?.name ?? "the match" };
  }
  return undefined;
}

function BookmakerName({ provider, legs }: { provider: number; legs: readonly BetslipLegView[] }): JSX.Element {
  const name = bookmakerName(provider);
  const found = firstLink(legs, provider);
  if (!found) return <span className="slip-book-name">{name}</span>;
  const where = found.link.exact ? `open ${found.eventName} on ${name}'s site` : `open football on ${name}'s site`;
  return (
    <a className="slip-book-name" href={found.link.url} target="_blank" rel="noopener noreferrer nofollow" aria-label={`${name}: ${where}`}>
      {name}
    </a>
  );
}

/** The lines under the net payout: gross and total odds, bonus and what it is a percentage of, tax, cap, and when the rules were checked. */
function ReturnLines({ book, legs }: { book: BookmakerSlip; legs: number }): JSX.Element {
  const lines = [bonusLine(book), bonusBaseLine(book, legs), taxLine(book), cappedLine(book)].filter((line) => line !== undefined);
  return (
    <span className="slip-book-lines">
      <span className="slip-book-figures">
        <span>
          Total odds <strong>{formatTotalOdds(book.totalOdds!)}</strong>
        </span>
        <span>Gross payout {formatKobo(book.grossPayout!)}</span>
      </span>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span className="slip-book-checked">Rules checked {formatCheckedDate(book.rulesCheckedAt)}</span>
    </span>
  );
}

/** What the slip is at this book, for a booking code: the selections, not the stake (a code has none). */
const legsKey = (legs: readonly BetslipLegView[]) => legs.map((l) => `${l.eventId}:${l.marketId}:${l.selectionTypeId}`).join(",");

interface BookingActionProps {
  book: BookmakerSlip;
  primary: boolean;
  legs: readonly BetslipLegView[];
  /** No selection can be bet: no code either. */
  biddable: number;
  updating: boolean;
}

/**
 * The slip as a booking code at this book (docs/design.md, Booking codes): created where the book lets
 * us, else its selections to add by hand. None where the book cannot take the slip: it misses a price,
 * or the slip has more selections than it takes (a code carries no stake, so a minimum stake is no bar).
 */
function BookingAction({ book, primary, legs, biddable, updating }: BookingActionProps): JSX.Element | null {
  if (biddable === 0 || book.netPayout === null || book.reason === "missing-price" || book.reason === "over-max-selections") return null;
  // A code made for one slip is not the next one's: a new slip starts afresh.
  if (MINT_BOOKS.has(book.provider)) return <MintCode key={legsKey(legs)} provider={book.provider} primary={primary} disabled={updating} />;
  return <ByHand provider={book.provider} legs={legs} />;
}

interface BookmakerItemProps {
  book: BookmakerSlip;
  best: boolean;
  /** The first book that can take the slip: its booking code is the main call. */
  first: boolean;
  legs: readonly BetslipLegView[];
  biddable: number;
  updating: boolean;
}

/**
 * One bookmaker: the net payout first and largest, why it cannot take the slip when it cannot, then
 * how the net comes from the gross (docs/design.md, Naira-true returns), then its booking code.
 */
function BookmakerItem({ book, best, first, legs, biddable, updating }: BookmakerItemProps): JSX.Element {
  const priced = book.netPayout !== null && book.totalOdds !== null && book.grossPayout !== null;
  const why = notPlaceableLine(book);
  const className = ["slip-book", best && "is-best", !book.placeable && "is-unplaceable", !priced && "is-missing"].filter(Boolean).join(" ");
  return (
    <li className={className}>
      <span className="slip-book-head">
        <BookmakerName provider={book.provider} legs={legs} />
        {best && <span className="tag is-primary">Best payout</span>}
      </span>
      {why && <span className="slip-book-reason">{why}</span>}
      {priced && (
        <>
          <span className="slip-book-net">
            Net payout <strong>{formatKobo(book.netPayout!)}</strong>
          </span>
          <ReturnLines book={book} legs={biddable} />
        </>
      )}
      <BookingAction book={book} primary={first} legs={legs} biddable={biddable} updating={updating} />
    </li>
  );
}

export interface BookmakerTotalsProps {
  bookmakers: readonly BookmakerSlip[];
  legs: readonly BetslipLegView[];
  /** How many of `legs` can still be bet (Betslip.biddable): the totals are over those. */
  biddable: number;
  stake: number;
  /** The slip changed since these totals were worked out: they are shown dimmed until the new ones come. */
  updating: boolean;
}

/** 'on all 3 selections', or 'on 2 of 3 selections' when some are started or no longer priced. */
function coverage(legs: number, biddable: number): string {
  return biddable === legs ? `on all ${selectionCount(legs)}` : `on ${biddable} of ${selectionCount(legs)}`;
}

/**
 * Every bookmaker's net payout for the whole slip, as the API orders them (docs/design.md,
 * Naira-true returns): those that can take it first, the largest net payout first and marked best
 * (with any that pay the same), then those that cannot, then those missing a selection.
 */
export function BookmakerTotals({ bookmakers, legs, biddable, stake, updating }: BookmakerTotalsProps): JSX.Element {
  const first = bookmakers[0];
  const top = first?.placeable ? first.netPayout : null;
  const out = legs.length - biddable;
  return (
    <section className="slip-books-section" aria-labelledby="slip-books-title" aria-busy={updating}>
      <h2 id="slip-books-title" className="title is-5 mb-2">
        What each bookmaker pays
      </h2>
      {biddable === 0 ? (
        <p className="mb-2">None of your selections can be bet now: their matches have started or no bookmaker prices them.</p>
      ) : (
        <p className="mb-2">
          For {formatKobo(stake)} {coverage(legs.length, biddable)}, at each bookmaker&apos;s prices now, after its bonus and the tax on winnings.
          {out > 0 && ` ${out === 1 ? "The started or no longer priced one counts" : "The started or no longer priced ones count"} at no bookmaker.`}
          {legs.length > 1 && " Each name opens that bookmaker's site at the first of your matches it lists, else at its football page."}
        </p>
      )}
      {updating && (
        <p className="slip-updating" role="status">
          Updating the totals...
        </p>
      )}
      {bookmakers.length > 0 && (
        <ol className={updating ? "slip-books is-updating" : "slip-books"}>
          {bookmakers.map((book, i) => (
            <BookmakerItem
              key={book.provider}
              book={book}
              best={top !== null && book.placeable && book.netPayout === top}
              first={i === 0 && book.placeable}
              legs={legs}
              biddable={biddable}
              updating={updating}
            />
          ))}
        </ol>
      )}
      {biddable > 0 && bookmakers.length === 0 && <p>No bookmaker prices these selections now.</p>}
      <ReturnsNote />
    </section>
  );
}
