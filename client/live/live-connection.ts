import type { OddsEvent } from "#shared/contract.ts";

/** DESIGN section 9: where EventSource fails, poll every 30 s. */
export const POLL_INTERVAL_MS = 30_000;

export interface LiveHandlers {
  /** A changed event-market (one event, one market, all bookmakers). */
  onMarket(event: OddsEvent): void;
  /** The stream could not carry on from where this page was (`reset`, or a resume not honoured): refetch. */
  onResync(): void;
  /** One poll of the odds; "stop" when polling must end (the session ended). */
  poll(): Promise<"ok" | "stop">;
}

interface LiveOptions {
  pollMs?: number;
  doc?: Document;
}

/**
 * A page's live odds: an EventSource on `url` (the web tier's /api/odds/stream) while the tab is
 * visible, closed while it is hidden and reopened from the last seen sequence when it shows
 * again; polling instead when there is no EventSource or it closed for good (a refused request,
 * e.g. 401: the first poll then lets the session handling act).
 */
export function liveConnection(url: string, handlers: LiveHandlers, { pollMs = POLL_INTERVAL_MS, doc = document }: LiveOptions = {}) {
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let polling = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Opened hidden: the page's data may be older than the stream's first position.
  let behind = doc.hidden;

  function open() {
    const resuming = lastEventId !== undefined || behind;
    behind = false;
    const es = new EventSource(lastEventId === undefined ? url : `${url}&lastEventId=${encodeURIComponent(lastEventId)}`);
    source = es;
    let first = true;
    const seen = (event: MessageEvent) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      const wasFirst = first;
      first = false;
      return wasFirst;
    };
    // `ready` names the stream's position; given a resume point the stream does not send it, so a
    // `ready` first means the gap was not replayed: refetch.
    es.addEventListener("ready", (event) => {
      if (seen(event) && resuming) handlers.onResync();
    });
    es.addEventListener("reset", (event) => {
      seen(event);
      handlers.onResync();
    });
    es.addEventListener("market", (event) => {
      seen(event);
      handlers.onMarket(JSON.parse(event.data as string) as OddsEvent);
    });
    es.addEventListener("error", () => {
      // CONNECTING: EventSource retries by itself with Last-Event-ID. CLOSED: it gave up.
      if (es.readyState !== EventSource.CLOSED || source !== es) return;
      source = undefined;
      polling = true;
      schedulePoll(0);
    });
  }

  function schedulePoll(delay: number) {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if ((await handlers.poll()) === "stop") return stop();
      if (!stopped && !doc.hidden) schedulePoll(pollMs);
    }, delay);
  }

  function pause() {
    source?.close();
    source = undefined;
    clearTimeout(timer);
  }

  function resume() {
    if (stopped || doc.hidden) return;
    if (polling || typeof EventSource === "undefined") {
      polling = true;
      schedulePoll(0);
    } else if (!source) open();
  }

  function start() {
    if (doc.hidden) return;
    if (typeof EventSource !== "undefined") return open();
    // The loader has just fetched the odds: the first poll is one period away.
    polling = true;
    schedulePoll(pollMs);
  }

  const onVisibility = () => (doc.hidden ? pause() : resume());
  doc.addEventListener("visibilitychange", onVisibility);

  function stop() {
    stopped = true;
    pause();
    doc.removeEventListener("visibilitychange", onVisibility);
  }

  start();
  return { close: stop };
}
