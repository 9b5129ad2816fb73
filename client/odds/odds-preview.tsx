import { useEffect, useState, type JSX } from "react";

import { PREVIEW_LOAD_FAILED_MESSAGE } from "#shared/messages.ts";
import { openLogin, openRegister } from "../dialogs/store.ts";
import { EventCard } from "./event-card.tsx";
import { useOptionalRootData } from "../session/root-data.ts";
import { DEFAULT_TIME_ZONE } from "../server-context.ts";
import { ChartIcon, PercentIcon, StarIcon } from "../components/icons.tsx";
import { RetryButton } from "../components/retry-button.tsx";
import { usePreviewOdds, type PreviewClock, type PreviewState } from "../components/use-preview-odds.ts";
import { DialogOpener } from "../dialogs/dialog-opener.tsx";

/**
 * The clock kick-offs are printed with: the first HTML's until the page has hydrated (the browser
 * gives a prerendered page its own clock and zone, client/boot/browser-clock.ts; printing those at once would
 * not match the HTML), the browser's from then on.
 */
function usePreviewClock(renderedWith: PreviewClock | undefined): PreviewClock {
  const root = useOptionalRootData();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (renderedWith && !hydrated) return renderedWith;
  return { now: root?.now ?? Date.now(), timeZone: root?.timeZone ?? DEFAULT_TIME_ZONE };
}

function PreviewBody({ state, retry, renderedWith }: { state: PreviewState; retry(): void; renderedWith?: PreviewClock }): JSX.Element {
  const { now, timeZone } = usePreviewClock(renderedWith);
  if (state.status === "loading") {
    return <p className="preview-placeholder has-text-centered py-5">Loading preview odds...</p>;
  }
  if (state.status === "failed") {
    return (
      <div className="preview-placeholder notification is-warning">
        <h3 className="title is-6 mb-2">Preview temporarily unavailable</h3>
        <p>{PREVIEW_LOAD_FAILED_MESSAGE}</p>
        <RetryButton onRetry={retry} />
        <p className="mb-3">Login to access all odds data!</p>
        <DialogOpener page="login" className="button is-dark is-small" open={openLogin}>
          Login
        </DialogOpener>
      </div>
    );
  }
  if (state.events.length === 0) {
    return (
      <div className="preview-placeholder has-text-centered py-4">
        <h3 className="title is-5">Sample Match Preview</h3>
        <p className="mb-3">Sign up to see real-time odds from Nigerian bookmakers!</p>
        <DialogOpener page="register" className="button is-primary" open={openRegister}>
          Sign Up Free
        </DialogOpener>
      </div>
    );
  }
  return (
    <>
      {state.events.map((event) => (
        <EventCard key={event.id} event={event} timeZone={timeZone} now={now} headingLevel={3} />
      ))}
    </>
  );
}

/** The Nigeria page's visitor preview: the next matches' 1X2 odds, with its four states (docs/product.md, Nigeria page). */
export function OddsPreview({ initial = null, renderedWith }: { initial?: PreviewState | null; renderedWith?: PreviewClock }): JSX.Element {
  const { state, retry } = usePreviewOdds(initial);
  return (
    <section className="box preview-box" aria-labelledby="preview-title">
      <h2 id="preview-title" className="title is-4 mb-2">
        Next Upcoming Match
      </h2>
      <span className="tag is-info is-light">Preview - Sign up for all matches</span>
      <ul className="highlights">
        <li>
          <ChartIcon className="tile-icon" />
          Odds Movement
        </li>
        <li>
          <PercentIcon className="tile-icon" />
          Margin Analysis
        </li>
        <li>
          <StarIcon className="tile-icon" />
          Best Odds
        </li>
      </ul>
      <div className={state.status === "loading" ? "preview-body is-loading" : "preview-body"} aria-live="polite" aria-busy={state.status === "loading"}>
        <PreviewBody state={state} retry={retry} renderedWith={renderedWith} />
      </div>
    </section>
  );
}
