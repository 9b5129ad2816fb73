import type { JSX } from "react";
import type { BetslipLegView } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";
import { legName, legState } from "./slip.ts";
import { UNKNOWN_MATCH } from "./slip-legs.tsx";

/**
 * Where the slip can be placed when it holds a selection of a book-only market (SportyBet's 1UP and
 * 2UP; docs/design.md, Book-only markets): only that book can take the slip whole, and the other
 * books show no price for that selection, never one of a similar market. Nothing for a slip without one
 * still to bet.
 */
export function BookOnlyNote({ legs }: { legs: readonly BetslipLegView[] }): JSX.Element | null {
  const own = legs.filter((leg) => leg.bookOnly !== undefined && legState(leg) === "biddable");
  if (own.length === 0) return null;
  const books = [...new Set(own.map((leg) => leg.bookOnly!))];
  const names = own.map((leg) => legName(leg, leg.event?.name ?? UNKNOWN_MATCH)).join("; ");
  const where =
    books.length === 1
      ? `only ${bookmakerName(books[0]!)} can take this slip whole; the other bookmakers have no price for ${own.length === 1 ? "it" : "them"}.`
      : `no one bookmaker can take this slip whole.`;
  return (
    <p className="notification is-info is-light" role="note">
      <strong>Only at {books.map(bookmakerName).join(" or ")}</strong>: {names}. So {where}
    </p>
  );
}
