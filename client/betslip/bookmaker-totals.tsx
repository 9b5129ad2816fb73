import type { JSX } from "react";
import type { BetslipLegView, BookmakerLink, BookmakerSlip } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";
import { formatKobo, formatTotalOdds } from "./money.ts";
import { selectionCount } from "./slip.ts";

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

function BookmakerItem({ book, best, legs }: { book: BookmakerSlip; best: boolean; legs: readonly BetslipLegView[] }): JSX.Element {
  const complete = book.totalOdds !== null && book.payout !== null;
  return (
    <li className={best ? "slip-book is-best" : complete ? "slip-book" : "slip-book is-missing"}>
      <span className="slip-book-head">
        <BookmakerName provider={book.provider} legs={legs} />
        {best && <span className="tag is-primary">Best payout</span>}
      </span>
      {complete ? (
        <span className="slip-book-figures">
          <span>
            Total odds <strong>{formatTotalOdds(book.totalOdds!)}</strong>
          </span>
          <span>
            Payout <strong>{formatKobo(book.payout!)}</strong>
          </span>
        </span>
      ) : (
        <span className="slip-book-figures">Missing {selectionCount(book.missing)}</span>
      )}
    </li>
  );
}

export interface BookmakerTotalsProps {
  bookmakers: readonly BookmakerSlip[];
  legs: readonly BetslipLegView[];
  stake: number;
  /** The slip changed since these totals were worked out: they are shown dimmed until the new ones come. */
  updating: boolean;
}

/**
 * Every bookmaker's total odds and payout for the whole slip, as the API orders them (best payout
 * first, those missing a leg after); every bookmaker with the best payout is highlighted.
 */
export function BookmakerTotals({ bookmakers, legs, stake, updating }: BookmakerTotalsProps): JSX.Element {
  const payouts = bookmakers.flatMap((b) => (b.payout === null ? [] : [b.payout]));
  const top = payouts.length > 0 ? Math.max(...payouts) : undefined;
  return (
    <section className="slip-books-section" aria-labelledby="slip-books-title" aria-busy={updating}>
      <h2 id="slip-books-title" className="title is-5 mb-2">
        What each bookmaker pays
      </h2>
      <p className="mb-2">
        For {formatKobo(stake)} on all {selectionCount(legs.length)}, at each bookmaker&apos;s prices now.
        {legs.length > 1 && " Each name opens that bookmaker's site at the first of your matches it lists, else at its football page."}
      </p>
      {updating && (
        <p className="slip-updating" role="status">
          Updating the totals...
        </p>
      )}
      {bookmakers.length === 0 ? (
        <p>No bookmaker prices these selections now.</p>
      ) : (
        <ol className={updating ? "slip-books is-updating" : "slip-books"}>
          {bookmakers.map((book) => (
            <BookmakerItem key={book.provider} book={book} best={book.payout !== null && book.payout === top} legs={legs} />
          ))}
        </ol>
      )}
    </section>
  );
}
