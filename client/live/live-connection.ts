import type { OddsEvent } from "#shared/contract.ts";
import { useLinkStatus } from "./link-status.ts";

/** docs/design.md, In the browser: where EventSource fails, poll every 30 s. */
export const POLL_INTERVAL_MS = 30_000;

export interface LiveHandlers {
  /** A changed event-market (one event, one market, all bookmakers). */
  onMarket(event: OddsEvent): void;
  /** The stream could not carry on from where this page was (`reset`, or a resume not honoured): refetch. */
  onResync(): void;
  /** One poll of the odds; "failed" when it got no answer, "stop" when polling must end (the session ended). */
  poll(): Promise<"ok" | "failed" | "stop">;
}

interface LiveOptions {
  pollMs?: number;
  doc?: Document;
}

/** One page's connection state, shared by the steps below. */
interface Connection {
  url: string;
  handlers: LiveHandlers;
  pollMs: number;
  doc: Document;
  source: EventSource | undefined;
  lastEventId: string | undefined;
  polling: boolean;
  stopped: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Opened hidden: the page's data may be older than the stream's first position. */
  behind: boolean;
  /** When the link dropped; undefined while it carries changes. */
  downSince: number | undefined;
  onVisibility: () => void;
}

/**
 * The link dropped at `at` (the first report counts): the web tier lost the API, or the page lost
 * the web tier. The shell's bar reads it (docs/design.md, When prices stop).
 */
function linkDown(conn: Connection, at: number) {
  if (conn.downSince !== undefined) return;
  conn.downSince = at;
  useLinkStatus.getState().down(at);
}

/** Changes flow again: the page refetches what it missed, unless it just did (`refetch` false: a poll answered). */
function linkUp(conn: Connection, refetch = true) {
  if (conn.downSince === undefined) return;
  conn.downSince = undefined;
  useLinkStatus.getState().up();
  if (refetch) conn.handlers.onResync();
}

function open(conn: Connection) {
  const resuming = conn.lastEventId !== undefined || conn.behind;
  conn.behind = false;
  const { url, lastEventId } = conn;
  const es = new EventSource(lastEventId === undefined ? url : `${url}&lastEventId=${encodeURIComponent(lastEventId)}`);
  conn.source = es;
  listen(conn, es, resuming);
}

function listen(conn: Connection, es: EventSource, resuming: boolean) {
  const { handlers } = conn;
  let first = true;
  const seen = (event: MessageEvent) => {
    if (event.lastEventId) conn.lastEventId = event.lastEventId;
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
  // The web tier says whether it hears the API (no id: the resume position stays).
  es.addEventListener("status", (event) => {
    const status = parseStatus(event.data);
    if (status?.live === true) linkUp(conn);
    else if (status?.live === false) linkDown(conn, status.since);
  });
  es.addEventListener("open", () => {
    if (conn.source === es) linkUp(conn);
  });
  es.addEventListener("error", () => {
    if (conn.source !== es) return;
    // The page lost the web tier (or the stream ended to renew the session: back within a second).
    linkDown(conn, Date.now());
    // CONNECTING: EventSource retries by itself with Last-Event-ID. CLOSED: it gave up.
    if (es.readyState !== EventSource.CLOSED) return;
    conn.source = undefined;
    conn.polling = true;
    schedulePoll(conn, 0);
  });
}

/** A `status` frame's data: `{"live":true}` or `{"live":false,"since":"<ISO time>"}`; anything else is ignored. */
function parseStatus(data: unknown): { live: true } | { live: false; since: number } | undefined {
  try {
    const parsed = JSON.parse(String(data)) as { live?: unknown; since?: unknown };
    if (parsed.live === true) return { live: true };
    const since = typeof parsed.since === "string" ? Date.parse(parsed.since) : NaN;
    if (parsed.live === false) return { live: false, since: Number.isFinite(since) ? since : Date.now() };
  } catch {
    // Not JSON: not a status this page knows.
  }
  return undefined;
}

function schedulePoll(conn: Connection, delay: number) {
  clearTimeout(conn.timer);
  conn.timer = setTimeout(async () => {
    const result = await conn.handlers.poll();
    if (result === "stop") return stop(conn);
    if (result === "failed") linkDown(conn, Date.now());
    else linkUp(conn, false);
    if (!conn.stopped && !conn.doc.hidden) schedulePoll(conn, conn.pollMs);
  }, delay);
}

function pause(conn: Connection) {
  conn.source?.close();
  conn.source = undefined;
  clearTimeout(conn.timer);
}

function resume(conn: Connection) {
  if (conn.stopped || conn.doc.hidden) return;
  if (conn.polling || typeof EventSource === "undefined") {
    conn.polling = true;
    schedulePoll(conn, 0);
  } else if (!conn.source) open(conn);
}

function start(conn: Connection) {
  if (conn.doc.hidden) return;
  if (typeof EventSource !== "undefined") return open(conn);
  // The loader has just fetched the odds: the first poll is one period away.
  conn.polling = true;
  schedulePoll(conn, conn.pollMs);
}

function stop(conn: Connection) {
  conn.stopped = true;
  // The next page reports its own link, if it shows live prices.
  if (conn.downSince !== undefined) useLinkStatus.getState().up();
  pause(conn);
  conn.doc.removeEventListener("visibilitychange", conn.onVisibility);
}

/**
 * A page's live odds: an EventSource on `url` (the web tier's /api/odds/stream) while the tab is
 * visible, closed while it is hidden and reopened from the last seen sequence when it shows
 * again; polling instead when there is no EventSource or it closed for good (a refused request,
 * e.g. 401: the first poll then lets the session handling act).
 */
export function liveConnection(url: string, handlers: LiveHandlers, { pollMs = POLL_INTERVAL_MS, doc = document }: LiveOptions = {}) {
  const conn: Connection = {
    url,
    handlers,
    pollMs,
    doc,
    source: undefined,
    lastEventId: undefined,
    polling: false,
    stopped: false,
    timer: undefined,
    behind: doc.hidden,
    downSince: undefined,
    onVisibility: () => (doc.hidden ? pause(conn) : resume(conn)),
  };
  doc.addEventListener("visibilitychange", conn.onVisibility);
  start(conn);
  return { close: () => stop(conn) };
}
