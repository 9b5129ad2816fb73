import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { liveConnection } from "../live/live-connection.ts";
import { useSession } from "../session/store.ts";

/** At most one refresh per 5 s, however fast prices move: the list is recomputed, not patched. */
export const TOOL_REFRESH_MIN_MS = 5_000;

/**
 * The stream whose frames say 'prices were written': the country's, every market of every event
 * (server/bff/live/view.ts). The frames themselves are not applied: a sure or value bet is a fact
 * about a whole market that the API computes, so the page's loader asks again.
 */
export const TOOL_STREAM_URL = `/api/odds/stream?country=${LIVE_COUNTRY_ID}`;

interface Throttle {
  last: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Runs `refresh` at once, or when TOOL_REFRESH_MIN_MS has passed since the last run; calls in between merge. */
function throttled(refresh: () => void) {
  const state: Throttle = { last: Number.NEGATIVE_INFINITY, timer: undefined };
  const request = () => {
    if (state.timer !== undefined) return;
    state.timer = setTimeout(
      () => {
        state.timer = undefined;
        state.last = Date.now();
        refresh();
      },
      Math.max(0, state.last + TOOL_REFRESH_MIN_MS - Date.now()),
    );
  };
  return { request, cancel: () => clearTimeout(state.timer) };
}

/**
 * Keeps a bettor tool's page current while it is open (docs/design.md, Bettor tools): its loader runs
 * again when a change arrives on the live stream (at most once per 5 s) or the stream cannot resume,
 * and every 30 s where EventSource fails. A hidden tab stops, and catches up when shown again.
 * `active` is false while the page has no data to keep current (visitor, nothing loaded).
 */
export function useToolRefresh(active: boolean): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!active) return;
    const throttle = throttled(() => void revalidate.current());
    const connection = liveConnection(TOOL_STREAM_URL, {
      onMarket: throttle.request,
      onResync: throttle.request,
      // Polling: the loader's own call; once the session has ended there is nothing to keep current.
      poll: async () => {
        if (!useSession.getState().user) return "stop";
        throttle.request();
        return "ok";
      },
    });
    return () => {
      connection.close();
      throttle.cancel();
    };
  }, [active]);
}
