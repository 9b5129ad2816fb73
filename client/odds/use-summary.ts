import { useEffect, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsSummary } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "../lib/min-delay.ts";

export type SummaryState =
  { status: "loading" } | { status: "error" } | { status: "ready"; summary: OddsSummary };

/** The summary the server rendered with, or (in the browser) one fetched for the live country. */
export function useSummary(initial: OddsSummary | null): SummaryState {
  const [state, setState] = useState<SummaryState>(
    initial ? { status: "ready", summary: initial } : { status: "loading" },
  );
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
