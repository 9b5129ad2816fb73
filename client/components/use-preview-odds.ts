import { useEffect, useState } from "react";
import { LIVE_COUNTRY_ID, PREVIEW_MAX_EVENTS } from "#shared/constants.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "../loaders/min-delay.ts";

export type PreviewState =
  { status: "loading" } | { status: "failed" } | { status: "ready"; events: OddsEvent[] };

/**
 * The Nigeria page's visitor preview (spec section 4): public sample odds, at most two events.
 * Prerendered pages are logged out and static, so the preview always loads in the browser.
 */
export function usePreviewOdds(): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: "loading" });
  useEffect(() => {
    let current = true;
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
  }, []);
  return state;
}
