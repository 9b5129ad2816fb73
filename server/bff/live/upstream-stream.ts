import { request, type Agent } from "undici";
import { oddsStreamChecksum } from "#shared/checksum.ts";
import { sseParser, type SseFrame } from "./sse.ts";

/** The access token (and its `ak`) of a signed-in browser now subscribed: what opens the upstream (docs/decisions/014). */
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
  /** Backoff bounds between attempts; tests shorten them. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * One upstream `GET /odds/stream` for a country, reconnecting with `Last-Event-ID` and backoff
 * (with jitter, so web processes do not reconnect in step) until closed. A token the API refused
 * is not offered again; another subscriber's is used instead.
 */
export function upstreamStream(options: UpstreamStreamOptions) {
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const rejected = new Set<string>();
  let controller: AbortController | undefined;
  let closed = false;
  let connected = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  async function once(credential: Credential): Promise<void> {
    controller = new AbortController();
    const resume = options.lastEventId();
    const query = `country=${options.country}&k=${oddsStreamChecksum(credential.ak, options.country)}`;
    const res = await request(`${options.origin}/odds/stream?${query}`, {
      dispatcher: options.dispatcher,
      signal: controller.signal,
      headers: { accept: "text/event-stream", authorization: `Bearer ${credential.token}`, ...(resume === undefined ? {} : { "last-event-id": String(resume) }) },
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      if (res.statusCode === 401) rejected.add(credential.token);
      return;
    }
    connected = true;
    attempt = 0;
    const parse = sseParser(options.onFrame);
    res.body.setEncoding("utf8");
    for await (const chunk of res.body) parse(chunk as string);
  }

  function schedule() {
    if (closed || retry) return;
    const delay = Math.min(maxBackoff, minBackoff * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, delay);
    retry.unref();
  }

  function connect() {
    if (closed || controller) return;
    const credential = options.credential(rejected);
    // Nobody signed in to open it with: the next subscriber calls connect() again.
    if (!credential) return;
    void once(credential)
      .catch(() => undefined)
      .finally(() => {
        controller = undefined;
        connected = false;
        schedule();
      });
  }

  return {
    connect,
    connected: () => connected,
    close() {
      closed = true;
      clearTimeout(retry);
      controller?.abort();
    },
  };
}

export type UpstreamStream = ReturnType<typeof upstreamStream>;
