import { useEffect, useRef, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsResponse } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "../loaders/min-delay.ts";
import type { Served } from "./served.ts";

export type OddsState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; odds: OddsResponse | null };

type Loaded = { key: string; status: "error" } | { key: string; status: "ready"; odds: OddsResponse | null };

export interface ServedOdds {
  league: number | null;
  market: number | null;
  odds: Served<OddsResponse | null> | null;
}

const keyOf = (league: number | null, market: number | null) =>
  league && market ? `${league}:${market}` : null;

/**
 * Odds for one league and market (spec section 4, Dashboard): fetched once both are chosen and
 * again on every change of either; an answer for an older choice is dropped. `served` is what the
 * server rendered, so hydration shows it without fetching it a second time.
 */
export function useOdds(league: number | null, market: number | null, served?: ServedOdds | null): OddsState {
  const key = keyOf(league, market);
  const servedKey = served ? keyOf(served.league, served.market) : null;
  const skip = useRef(served?.odds ? servedKey : null);
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    if (!servedKey || !served?.odds) return null;
    return served.odds.ok
      ? { key: servedKey, status: "ready", odds: served.odds.data }
      : { key: servedKey, status: "error" };
  });

  useEffect(() => {
    if (!league || !market) return;
    const requested = `${league}:${market}`;
    if (skip.current === requested) {
      skip.current = null;
      return;
    }
    skip.current = null;
    let live = true;
    setLoaded(null);
    withMinimumDelay(api.odds({ country: LIVE_COUNTRY_ID, competition: league, market })).then(
      (odds) => live && setLoaded({ key: requested, status: "ready", odds: odds ?? null }),
      () => live && setLoaded({ key: requested, status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [league, market]);

  if (!key) return { status: "idle" };
  if (!loaded || loaded.key !== key) return { status: "loading" };
  return loaded.status === "ready" ? { status: "ready", odds: loaded.odds } : { status: "error" };
}
