import { bookmakerName } from "#shared/reference.ts";
import { useEffect, useId, useRef, useState, type JSX } from "react";
import type { BookingCode } from "#shared/contract.ts";
import { selectionCount } from "../betslip/slip.ts";
import { useKickoffText } from "./code-contents.tsx";

/** The field the code sits in, selected, when the clipboard cannot be written: press and hold copies it on a phone. */
function CopyField({ code, label }: { code: string; label: string }): JSX.Element {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <div className="field mt-2">
      <label className="label is-small" htmlFor={id}>
        {label}: select it and copy
      </label>
      <input id={id} ref={field} className="input booking-copy-field" readOnly value={code} onFocus={(event) => event.currentTarget.select()} />
    </div>
  );
}

/**
 * A code minted at a bookmaker and read back (docs/design.md, Minting a code): the code, a copy button
 * (the clipboard, else the code selected in a read-only field), the link that opens it at the book,
 * how many selections it holds and until when it can be used (its first kick-off, in the viewer's zone),
 * then the slip's selections it does not hold and why (another book's book-only market: docs/design.md,
 * Book-only markets).
 */
export function MintedCode({ minted }: { minted: BookingCode }): JSX.Element {
  const book = bookmakerName(minted.provider);
  const kickoff = useKickoffText();
  const [copy, setCopy] = useState<"idle" | "copied" | "by-hand">("idle");

  async function copyCode() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(minted.code);
      setCopy("copied");
    } catch {
      setCopy("by-hand");
    }
  }

  return (
    <div className="booking-minted">
      <p className="booking-minted-line">
        <span>Your {book} code</span> <strong className="booking-code">{minted.code}</strong>
      </p>
      <div className="buttons mb-1">
        <button type="button" className="button is-small" onClick={() => void copyCode()}>
          {copy === "copied" ? "Copied" : "Copy code"}
        </button>
        {minted.url && (
          <a className="button is-small is-link is-outlined" href={minted.url} target="_blank" rel="noopener noreferrer nofollow">
            Open it at {book}
          </a>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {copy === "copied" ? `${minted.code} copied.` : ""}
      </p>
      {copy === "by-hand" && <CopyField code={minted.code} label={`${book} booking code`} />}
      <p className="booking-leg-detail">
        Holds {selectionCount(minted.legs)}.
        {minted.expiresAt && (
          <>
            {" "}
            Usable until <time dateTime={minted.expiresAt}>{kickoff(minted.expiresAt)}</time>, the first kick-off.
          </>
        )}
      </p>
      {minted.notPlaced && minted.notPlaced.length > 0 && (
        <div className="booking-unmapped">
          <p className="has-text-weight-semibold mb-1">{minted.notPlaced.length === 1 ? `1 selection is not on this code` : `${minted.notPlaced.length} selections are not on this code`}</p>
          <ul className="booking-legs" aria-label={`Selections not placeable at ${book}`}>
            {minted.notPlaced.map((left) => (
              <li key={`${left.leg.eventId}:${left.leg.marketId}:${left.leg.selectionTypeId}`} className="booking-leg">
                <span className="booking-leg-reason">{left.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
