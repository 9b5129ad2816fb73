import { useEffect, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsSummary } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "../loaders/min-delay.ts";
import type { Served } from "./served.ts";

export type SummaryState =
  { status: "loading" } | { status: "error" } | { status: "ready"; summary: OddsSummary };

function servedState(served: Served<OddsSummary>): SummaryState {
  return served.ok ? { status: "ready", summary: served.data } : { status: "error" };
}

/**
 * The summary the server rendered with (or failed to get), or, in the browser, one fetched for
 * the live country.
 */
export function useSummary(served: Served<OddsSummary> | null): SummaryState {
  const [state, setState] = useState<SummaryState>(served ? servedState(served) : { status: "loading" });
  const needsFetch = state.status === "loading";
  useEffect(() => {
    if (!needsFetch) return;
    let live = true;
    withMinimumDelay(api.summary(LIVE_COUNTRY_ID)).then(
      (summary) => live && setState(summary ? { status: "ready", summary } : { status: "error" }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [needsFetch]);
  return state;
}
