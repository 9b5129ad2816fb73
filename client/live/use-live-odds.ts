import { useEffect, useRef, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsResponse } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { applyMarketFrame, type OddsView } from "./apply-frame.ts";
import { conditionalGet } from "./conditional-get.ts";
import { liveConnection } from "./live-connection.ts";

/**
 * The loader's odds with the live changes applied on top (docs/design.md, In the browser): a stream of the
 * exact view shown, a refetch on `reset`, polling with If-None-Match where EventSource fails.
 * A new `served` (the loader ran for another choice) starts over from it. `onChange` hears each
 * applied change (the summary strip follows).
 */
export function useLiveOdds(served: OddsResponse | null, view: OddsView | null, onChange?: () => void): OddsResponse | null {
  const [live, setLive] = useState({ from: served, odds: served });
  const changed = useRef(onChange);
  changed.current = onChange;
  const competition = view?.competition;
  const market = view?.market;

  useEffect(() => {
    if (!served || competition === undefined || market === undefined) return;
    const shown = { competition, market };
    const query = `country=${LIVE_COUNTRY_ID}&competition=${competition}&market=${market}`;
    const update = (next: (odds: OddsResponse) => OddsResponse) => {
      setLive((prev) => ({ from: served, odds: next((prev.from === served ? prev.odds : served) ?? served) }));
      changed.current?.();
    };
    let etag: string | undefined;
    const refetch = async (): Promise<"ok" | "failed" | "stop"> => {
      try {
        const answer = await conditionalGet("odds", { country: LIVE_COUNTRY_ID, competition, market }, etag);
        if (answer.status === "changed") {
          etag = answer.etag;
          update(() => answer.data);
        }
        return "ok";
      } catch (error) {
        // 401: the session ended; the session store has heard (conditionalGet). Anything else: try again next time.
        return error instanceof ApiError && error.status === 401 ? "stop" : "failed";
      }
    };
    const connection = liveConnection(`/api/odds/stream?${query}`, {
      onMarket: (frame) => update((odds) => ({ ...odds, events: applyMarketFrame(odds.events, frame, shown, Date.now()) })),
      onResync: () => void refetch(),
      poll: refetch,
    });
    return () => connection.close();
  }, [served, competition, market]);

  return live.from === served ? live.odds : served;
}
