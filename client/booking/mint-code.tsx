import { bookmakerName } from "#shared/reference.ts";
import { useState, type JSX } from "react";
import type { BookingCode } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { useAsyncAction } from "../dialogs/form/use-async-action.ts";
import { bookingFailure } from "./booking-errors.ts";
import { MintedCode } from "./minted-code.tsx";
import { PageForm } from "../components/page-form.tsx";
import { FORM_POSTS } from "../route-paths.ts";

type Minting = { kind: "idle" } | { kind: "minted"; minted: BookingCode } | { kind: "failed"; message: string };

export interface MintCodeProps {
  provider: number;
  /** The best book for the slip (the first placeable one): its button is the page's main call. */
  primary: boolean;
  /** The slip changed and is being saved: a code now would be of the slip before. */
  disabled: boolean;
}

/**
 * "Get booking code" at a bookmaker we can create codes at (docs/design.md, Minting a code): the API
 * books the saved slip's selections that can still be bet and reads the code back before answering,
 * which takes one to five seconds, so the button says it is working; then the code, or why not.
 */
export function MintCode({ provider, primary, disabled }: MintCodeProps): JSX.Element {
  const book = bookmakerName(provider);
  const [minting, setMinting] = useState<Minting>({ kind: "idle" });
  const { running, run } = useAsyncAction();

  async function mint() {
    setMinting({ kind: "idle" });
    const outcome = await run(() => api.mintBookingCode(provider));
    if (!outcome) return;
    setMinting(outcome.ok ? { kind: "minted", minted: outcome.value } : { kind: "failed", message: bookingFailure(outcome.error, provider, "mint") });
  }

  if (minting.kind === "minted") return <MintedCode minted={minting.minted} />;
  const className = ["button", primary && "is-primary", running && "is-loading"].filter(Boolean).join(" ");
  return (
    <PageForm action={FORM_POSTS.booking} hidden={{ provider: String(provider), back: "/betslip" }} className="booking-mint" onSubmit={() => void mint()}>
      <button type="submit" className={className} disabled={running || disabled} aria-label={`Get booking code at ${book}`}>
        Get booking code
      </button>
      <p className="booking-leg-detail" role="status">
        {running ? `Creating your code at ${book} and checking it: this takes a few seconds...` : ""}
      </p>
      {minting.kind === "failed" && (
        <p className="booking-error-text" role="alert">
          {minting.message}
        </p>
      )}
    </PageForm>
  );
}
