import { useState, type JSX } from "react";
import { Link } from "react-router";
import type { BetslipLeg } from "#shared/contract.ts";
import type { ImportMode } from "../betslip/sync/import-legs.ts";
import { legField, selectionCount } from "../betslip/slip.ts";
import { useBetslip } from "../betslip/store.ts";
import { importSummary } from "./import-summary.ts";
import { PageForm } from "../components/page-form.tsx";
import { FORM_POSTS } from "../route-paths.ts";

/**
 * One tap puts a code's selections on the betslip, in place of what it holds or after it, through the
 * betslip's store: the badge follows, and the betslip page compares the new slip across the five
 * bookmakers with naira-true returns (docs/design.md, Booking codes). A failure is told by the betslip's
 * own notice, as for every other change to the slip.
 */
export function LoadIntoSlip({ legs, onBetslip }: { legs: readonly BetslipLeg[]; onBetslip: boolean }): JSX.Element {
  const [busy, setBusy] = useState<ImportMode | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function load(mode: ImportMode) {
    if (busy) return;
    setBusy(mode);
    setDone(null);
    const outcome = await useBetslip.getState().importLegs(legs, mode);
    setBusy(null);
    if (outcome?.ok) setDone(importSummary(outcome.plan, mode));
  }

  // Without JavaScript each button posts the form with the code's selections in it, and the page comes
  // back saying what the slip took (docs/design.md, Pages without JavaScript); with it, the store does it.
  const button = (mode: ImportMode, label: string, primary: boolean) => (
    <button
      type="submit"
      name="mode"
      value={mode}
      className={["button", primary && "is-primary", busy === mode && "is-loading"].filter(Boolean).join(" ")}
      disabled={busy !== null}
      onClick={(click) => {
        click.preventDefault();
        void load(mode);
      }}
    >
      {label}
    </button>
  );
  // Without JavaScript the betslip page says what the slip took, and compares it across the books.
  return (
    <PageForm action={FORM_POSTS.importToSlip} hidden={{ back: "/betslip" }} className="booking-load">
      {legs.map((leg) => (
        <input key={legField(leg)} type="hidden" name="leg" value={legField(leg)} />
      ))}
      <p className="mb-2">Put {legs.length === 1 ? "this selection" : `these ${selectionCount(legs.length)}`} on your betslip to compare them across the five bookmakers:</p>
      <div className="buttons mb-1">
        {button("replace", "Replace my slip", true)}
        {button("add", "Add to my slip", false)}
      </div>
      <p className="booking-load-status" role="status">
        {busy ? "Putting the selections on your slip..." : done}
      </p>
      {done &&
        (onBetslip ? (
          <a href="#slip-books-title">See what each bookmaker pays</a>
        ) : (
          <Link to="/betslip">See what each bookmaker pays on your betslip</Link>
        ))}
    </PageForm>
  );
}
