import { useCallback, useEffect, useRef, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsSummary } from "#shared/contract.ts";
import { conditionalGet } from "./conditional-get.ts";

export const SUMMARY_REFRESH_MS = 30_000;

/**
 * The stats strip following the live odds. The strip counts every league and market while the
 * stream carries only the one shown, so the counts cannot be derived here: the summary (ETag'd,
 * cached by the API) is refetched at most once per 30 s while changes arrive, the first at once.
 */
export function useLiveSummary(served: OddsSummary): { summary: OddsSummary; follow: () => void } {
  const [live, setLive] = useState({ from: served, summary: served });
  const pending = useRef<{ last: number; timer?: ReturnType<typeof setTimeout>; etag?: string }>({ last: -Infinity });

  const follow = useCallback(() => {
    const state = pending.current;
    if (state.timer !== undefined) return;
    const wait = Math.max(0, state.last + SUMMARY_REFRESH_MS - Date.now());
    state.timer = setTimeout(() => {
      state.last = Date.now();
      void conditionalGet("summary", { country: LIVE_COUNTRY_ID }, state.etag)
        .then((answer) => {
          if (answer.status === "unchanged") return;
          state.etag = answer.etag;
          setLive({ from: served, summary: answer.data });
        })
        .catch(() => undefined)
        .finally(() => (state.timer = undefined));
    }, wait);
  }, [served]);

  useEffect(() => () => clearTimeout(pending.current.timer), []);
  return { summary: live.from === served ? live.summary : served, follow };
}
