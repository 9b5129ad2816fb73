import { useEffect, useRef, type JSX } from "react";
import { Link } from "react-router";
import type { BookingLeg, BookingRead, UnmappedLeg, UnmappedReason } from "#shared/contract.ts";
import { formatOdds, formatKickoff } from "#shared/format.ts";
import { bookmakerName, marketLabel, selectionLabel } from "#shared/reference.ts";
import { plainLeg, selectionCount } from "../betslip/slip.ts";
import { matchPath } from "../route-paths.ts";
import { DEFAULT_TIME_ZONE } from "../server-context.ts";
import { useOptionalRootData } from "../session/root-data.ts";
import { LoadIntoSlip } from "./load-into-slip.tsx";

/** Why a leg of a code did not come over, in words (docs/design.md, Reading a code: left out, never guessed). */
export const UNMAPPED_REASONS: Record<UnmappedReason, string> = {
  market: "a market we do not compare",
  event: "an event we do not list",
  started: "already started",
  ambiguous: "more than one match fits: left out rather than guessed",
};

/** Kick-off as the rest of the page says it: in the viewer's zone, against the page's clock (the root's, as the betslip's legs). */
export function useKickoffText(): (date: string) => string {
  const root = useOptionalRootData();
  return (date) => formatKickoff(date, new Date(root?.now ?? Date.now()), root?.timeZone ?? DEFAULT_TIME_ZONE);
}

/**
 * A leg's market and selection in words: the eight as every screen names them, the others as the
 * read answer carries them from the catalogue ("Home Over/Under 0.5", "Over 0.5"), never "Market 10".
 */
function legWords(leg: Pick<BookingLeg, "marketId" | "selectionTypeId" | "marketName" | "selectionName">): { market: string; selection: string } {
  return { market: leg.marketName ?? marketLabel(leg.marketId), selection: leg.selectionName ?? selectionLabel(leg.selectionTypeId) };
}

function MappedLeg({ leg, book }: { leg: BookingLeg; book: string }): JSX.Element {
  const kickoff = useKickoffText();
  const words = legWords(leg);
  return (
    <li className="booking-leg">
      <Link className="booking-leg-match" to={matchPath(leg.eventId)}>
        {leg.event.name}
      </Link>
      <span>
        {words.market}: <strong>{words.selection}</strong>
        {leg.bookOnly !== undefined && <span className="tag is-light ml-1">Only at {bookmakerName(leg.bookOnly)}</span>}
      </span>
      <span className="booking-leg-detail">
        Kick-off <time dateTime={leg.event.date}>{kickoff(leg.event.date)}</time>.{" "}
        {leg.bookPrice === null ? `No price at ${book} now.` : `${book}'s price ${formatOdds(leg.bookPrice)}.`}
      </span>
    </li>
  );
}

function UnmappedItem({ leg }: { leg: UnmappedLeg }): JSX.Element {
  return (
    <li className="booking-leg">
      <span className="booking-leg-match">{leg.description}</span>
      <span className="booking-leg-reason">Left out: {UNMAPPED_REASONS[leg.reason]}</span>
    </li>
  );
}

/**
 * What a read code holds (docs/design.md, Booking codes): the selections we matched exactly, with the
 * book's price now, then, apart and plainly, each one we could not bring over and why; then one tap
 * puts the matched ones on the betslip. The heading takes the focus when the code arrives, so a
 * keyboard or screen-reader user lands on it.
 */
export function CodeContents({ read, onBetslip, level = 2 }: { read: BookingRead; onBetslip: boolean; level?: 2 | 3 }): JSX.Element {
  const book = bookmakerName(read.provider);
  const kickoff = useKickoffText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [read]);
  const Heading = level === 2 ? "h2" : "h3";
  const total = read.legs.length + read.unmapped.length;
  return (
    <section className="booking-read" aria-labelledby={`booking-${read.code}`}>
      <Heading id={`booking-${read.code}`} ref={heading} tabIndex={-1} className="title is-5 mb-2">
        {book} code {read.code}
      </Heading>
      <p className="mb-2">
        {read.legs.length === total ? `All ${selectionCount(total)} can come onto your slip.` : `${read.legs.length} of ${selectionCount(total)} can come onto your slip.`}
        {read.expiresAt && (
          <>
            {" "}
            Usable until <time dateTime={read.expiresAt}>{kickoff(read.expiresAt)}</time>.
          </>
        )}{" "}
        Prices are {book}&apos;s now: codes re-price when loaded.
      </p>
      {read.legs.length > 0 && (
        <ol className="booking-legs" aria-label={`Selections from the ${book} code`}>
          {read.legs.map((leg) => (
            <MappedLeg key={`${leg.eventId}:${leg.marketId}:${leg.selectionTypeId}`} leg={leg} book={book} />
          ))}
        </ol>
      )}
      {read.unmapped.length > 0 && (
        <div className="booking-unmapped">
          <p className="has-text-weight-semibold mb-1">
            {read.unmapped.length === 1 ? "1 selection we could not bring over" : `${read.unmapped.length} selections we could not bring over`}
          </p>
          <p className="booking-leg-detail mb-1">We bring over only what matches exactly: a wrong selection is worse than a missing one.</p>
          <ul className="booking-legs" aria-label="Selections left out">
            {read.unmapped.map((leg, i) => (
              <UnmappedItem key={i} leg={leg} />
            ))}
          </ul>
        </div>
      )}
      {read.legs.length > 0 ? (
        <LoadIntoSlip legs={read.legs.map(plainLeg)} onBetslip={onBetslip} />
      ) : (
        <p>None of this code&apos;s selections can come onto your slip.</p>
      )}
    </section>
  );
}
