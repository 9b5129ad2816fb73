import { useCallback, useEffect, useRef, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { BrowserAnswer, BrowserRequest, MarketHistory, MatchDetail, UrlFields } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { conditionalGet } from "../live/conditional-get.ts";
import { liveConnection } from "../live/live-connection.ts";
import { applyHistoryFrame, applyMatchFrame, rememberOpenings, type KnownOpenings } from "./apply-match-frame.ts";

type Update<T> = (next: (value: T) => T) => void;

/** A loader's value with live changes on top; a new value from the loader starts over from it. */
function useLiveValue<T>(served: T): [T, Update<T>] {
  const [state, setState] = useState({ from: served, value: served });
  const latest = useRef(served);
  useEffect(() => {
    latest.current = served;
  }, [served]);
  const update = useCallback<Update<T>>((next) => setState((prev) => ({ from: latest.current, value: next(prev.from === latest.current ? prev.value : latest.current) })), []);
  return [state.from === served ? state.value : served, update];
}

/** Refetches the page's data, If-None-Match each; "stop" once the session has ended (401). */
function refetcher(id: string, market: number, setDetail: Update<MatchDetail>, setHistory: Update<MarketHistory | undefined>) {
  // One event and one market per refetcher: each call's ETag is kept under its endpoint's name.
  const etags: Partial<Record<"event" | "history", string>> = {};
  async function get<K extends "event" | "history">(name: K, fields: BrowserRequest<K> & UrlFields, apply: (data: BrowserAnswer<K>) => void) {
    const answer = await conditionalGet(name, fields, etags[name]);
    if (answer.status !== "changed") return;
    etags[name] = answer.etag;
    apply(answer.data);
  }
  return async (): Promise<"ok" | "failed" | "stop"> => {
    try {
      await get("event", { id }, (data) => setDetail(() => data));
      await get("history", { id, market }, (data) => setHistory(() => data));
      return "ok";
    } catch (error) {
      return error instanceof ApiError && error.status === 401 ? "stop" : "failed";
    }
  };
}

/**
 * The match page's prices and the charted market's history, live (docs/design.md, In the browser): the web
 * tier's event stream (`event=ID`, every market), a refetch when the stream cannot resume, polling
 * where EventSource fails. A started match's prices no longer move: no stream.
 */
export function useLiveMatch(served: MatchDetail, servedHistory: MarketHistory | undefined, market: number) {
  const [detail, setDetail] = useLiveValue(served);
  const [history, setHistory] = useLiveValue(servedHistory);
  const id = served.event.id;
  const started = served.event.started;

  useEffect(() => {
    if (started) return;
    const openings: KnownOpenings = new Map();
    const refetch = refetcher(id, market, setDetail, setHistory);
    const connection = liveConnection(`/api/odds/stream?country=${LIVE_COUNTRY_ID}&event=${encodeURIComponent(id)}`, {
      onMarket: (frame) => {
        // Remembered before each frame: a bookmaker the frame leaves out keeps its opening for its return.
        setDetail((shown) => applyMatchFrame(shown, frame, rememberOpenings(openings, shown)));
        setHistory((shown) => shown && applyHistoryFrame(shown, frame));
      },
      onResync: () => void refetch(),
      poll: refetch,
    });
    return () => connection.close();
  }, [id, started, market, setDetail, setHistory]);

  return { detail, history };
}
