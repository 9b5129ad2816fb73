import { useEffect, useRef, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsResponse } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { applyMarketFrame } from "../../live/apply-frame.ts";
import { conditionalGet } from "../../live/conditional-get.ts";
import { liveConnection } from "../../live/live-connection.ts";
import { mergeLeagues } from "./list-odds.ts";

/** Each league's last answer and its ETag, so a poll asks only what changed. */
type LeagueCache = Map<number, { etag: string | undefined; odds: OddsResponse }>;

/** Every league again with If-None-Match; the merged listing when any changed, null when none did. */
async function refetchLeagues(competitions: readonly number[], market: number, cache: LeagueCache): Promise<OddsResponse | null> {
  const answers = await Promise.all(
    competitions.map((competition) =>
      conditionalGet("odds", { country: LIVE_COUNTRY_ID, competition, market }, cache.get(competition)?.etag),
    ),
  );
  let changed = false;
  answers.forEach((answer, i) => {
    if (answer.status !== "changed") return;
    changed = true;
    cache.set(competitions[i]!, { etag: answer.etag, odds: answer.data });
  });
  const all = competitions.map((competition) => cache.get(competition)?.odds);
  return changed && all.every((odds) => odds !== undefined) ? mergeLeagues(all as OddsResponse[]) : null;
}

/**
 * The compact list's odds with live changes on top (docs/design.md, In the browser): ONE stream of the market
 * across every league (`/api/odds/stream?country=1&market=M`), frames of the leagues shown applied
 * as the cards apply theirs; a refetch of every league on `reset`, and polling where EventSource
 * fails. A new `served` (the loader ran again) starts over from it.
 */
export function useLiveList(served: OddsResponse | null, competitions: readonly number[], market: number | null, onChange?: () => void): OddsResponse | null {
  const [live, setLive] = useState({ from: served, odds: served });
  const changed = useRef(onChange);
  changed.current = onChange;
  const leagues = competitions.join(",");

  useEffect(() => {
    if (!served || market === null) return;
    const shown = leagues.split(",").map(Number);
    const update = (next: (odds: OddsResponse) => OddsResponse) => {
      setLive((prev) => ({ from: served, odds: next((prev.from === served ? prev.odds : served) ?? served) }));
      changed.current?.();
    };
    const cache: LeagueCache = new Map();
    const refetch = async (): Promise<"ok" | "failed" | "stop"> => {
      try {
        const merged = await refetchLeagues(shown, market, cache);
        if (merged) update(() => merged);
        return "ok";
      } catch (error) {
        // 401: the session ended; the session store has heard (conditionalGet). Anything else: try again next time.
        return error instanceof ApiError && error.status === 401 ? "stop" : "failed";
      }
    };
    const connection = liveConnection(`/api/odds/stream?country=${LIVE_COUNTRY_ID}&market=${market}`, {
      onMarket: (frame) => {
        if (!shown.includes(frame.competitionId)) return;
        update((odds) => ({ ...odds, events: applyMarketFrame(odds.events, frame, { competition: frame.competitionId, market }, Date.now()) }));
      },
      onResync: () => void refetch(),
      poll: refetch,
    });
    return () => connection.close();
  }, [served, leagues, market]);

  return live.from === served ? live.odds : served;
}
