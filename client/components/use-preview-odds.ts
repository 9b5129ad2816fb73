import { useEffect, useState } from "react";
import { LIVE_COUNTRY_ID, PREVIEW_MAX_EVENTS } from "#shared/constants.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "../loaders/min-delay.ts";

/** A clock to print kick-offs with: epoch ms 'Today' is measured from, and the zone. */
export interface PreviewClock {
  now: number;
  timeZone: string;
}

export type PreviewState =
  { status: "loading" } | { status: "failed" } | { status: "ready"; events: OddsEvent[] };

/**
 * The Nigeria page's visitor preview (docs/product.md, Nigeria preview states): public sample odds, at most
 * two events.
 * `initial`: what the first HTML already shows (the page is re-rendered when the odds change);
 * without it, or on Retry, the sample is fetched in the browser.
 */
export function usePreviewOdds(initial: PreviewState | null = null): { state: PreviewState; retry(): void } {
  const [state, setState] = useState<PreviewState>(initial ?? { status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0 && initial) return;
    let current = true;
    setState({ status: "loading" });
    withMinimumDelay(api.sample(LIVE_COUNTRY_ID)).then(
      (sample) => {
        if (current)
          setState({ status: "ready", events: (sample?.events ?? []).slice(0, PREVIEW_MAX_EVENTS) });
      },
      () => {
        if (current) setState({ status: "failed" });
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is the first HTML's preview: only Retry (`attempt`) fetches again
  }, [attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
