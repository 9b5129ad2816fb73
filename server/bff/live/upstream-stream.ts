import { request, type Agent } from "undici";
import { oddsStreamChecksum } from "#shared/checksum.ts";
import { sseReader, type SseFrame } from "#lib/node/sse/frame.ts";

/** The access token (and its `ak`) of a signed-in browser now subscribed: what opens the upstream (decision 014). */
export interface Credential {
  token: string;
  ak: string;
}

export interface UpstreamStreamOptions {
  origin: string;
  country: number;
  dispatcher: Agent;
  /** A live subscriber's credential, or undefined when no one signed in is subscribed. */
  credential(rejected: ReadonlySet<string>): Credential | undefined;
  /** Where to resume: the hub's latest sequence, or undefined before the first `ready`. */
  lastEventId(): number | undefined;
  onFrame(frame: SseFrame): void;
  /** An attempt ended (the stream dropped, or the API refused or did not answer) and another is scheduled. */
  onDown?(): void;
  /** An attempt opened the stream. */
  onUp?(): void;
  /**
   * Why an attempt ended, before the next is scheduled: `refused` (401 or 429: another subscriber's
   * token is offered next), `answer` (any other status than 200: the API is starting, draining or
   * failing), `error` (no answer, or the body broke) or `ended` (an open stream closed by the API).
   * The hub counts each (server/ops/metrics.ts); nothing about a retry is silent.
   */
  onAttemptEnded?(reason: AttemptEnd, detail: { status?: number; error?: unknown }): void;
  /** Backoff bounds between attempts; tests shorten them. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export type AttemptEnd = "refused" | "answer" | "error" | "ended";

/** One upstream stream's state, shared by the steps below. */
interface StreamState {
  options: UpstreamStreamOptions;
  minBackoff: number;
  maxBackoff: number;
  /** Tokens the API refused (401): never offered again. */
  rejected: Set<string>;
  controller: AbortController | undefined;
  closed: boolean;
  connected: boolean;
  attempt: number;
  retry: NodeJS.Timeout | undefined;
}

/** One attempt: opens the request and feeds its frames on until the body ends or fails. */
async function openAttempt(state: StreamState, credential: Credential): Promise<void> {
  const { options } = state;
  state.controller = new AbortController();
  const resume = options.lastEventId();
  const query = `country=${options.country}&k=${oddsStreamChecksum(credential.ak, options.country)}`;
  const res = await request(`${options.origin}/odds/stream?${query}`, {
    dispatcher: options.dispatcher,
    signal: state.controller.signal,
    headers: { accept: "text/event-stream", authorization: `Bearer ${credential.token}`, ...(resume === undefined ? {} : { "last-event-id": String(resume) }) },
  });
  if (res.statusCode !== 200) {
    await res.body.dump();
    // Refused (401), or that session holds its share of streams (429): offer another subscriber's.
    const refused = res.statusCode === 401 || res.statusCode === 429;
    if (refused) state.rejected.add(credential.token);
    options.onAttemptEnded?.(refused ? "refused" : "answer", { status: res.statusCode });
    return;
  }
  state.connected = true;
  state.attempt = 0;
  options.onUp?.();
  const parse = sseReader(options.onFrame);
  // undici's body gives bytes: decoded as a stream, so a character split between chunks comes whole.
  const decoder = new TextDecoder();
  for await (const chunk of res.body) parse(decoder.decode(chunk as Uint8Array, { stream: true }));
  if (!state.closed) options.onAttemptEnded?.("ended", { status: 200 });
}

function schedule(state: StreamState) {
  if (state.closed || state.retry) return;
  const delay = Math.min(state.maxBackoff, state.minBackoff * 2 ** state.attempt) * (0.5 + Math.random() / 2);
  state.attempt += 1;
  state.retry = setTimeout(() => {
    state.retry = undefined;
    connect(state);
  }, delay);
  state.retry.unref();
}

function connect(state: StreamState) {
  if (state.closed || state.controller) return;
  const credential = state.options.credential(state.rejected);
  // Nobody signed in to open it with: the next subscriber calls connect() again.
  if (!credential) return;
  void openAttempt(state, credential)
    // Closing aborts the request on purpose: that is no failure to count.
    .catch((error: unknown) => {
      if (!state.closed) state.options.onAttemptEnded?.("error", { error });
    })
    .finally(() => {
      state.controller = undefined;
      state.connected = false;
      if (!state.closed) state.options.onDown?.();
      schedule(state);
    });
}

function close(state: StreamState) {
  state.closed = true;
  clearTimeout(state.retry);
  state.controller?.abort();
}

/**
 * One upstream `GET /odds/stream` for a country, reconnecting with `Last-Event-ID` and backoff
 * (with jitter, so web processes do not reconnect in step) until closed. A token the API refused
 * is not offered again; another subscriber's is used instead.
 */
export function upstreamStream(options: UpstreamStreamOptions) {
  const state: StreamState = {
    options,
    minBackoff: options.minBackoffMs ?? 250,
    maxBackoff: options.maxBackoffMs ?? 10_000,
    rejected: new Set(),
    controller: undefined,
    closed: false,
    connected: false,
    attempt: 0,
    retry: undefined,
  };
  return {
    connect: () => connect(state),
    connected: () => state.connected,
    close: () => close(state),
  };
}

export type UpstreamStream = ReturnType<typeof upstreamStream>;
