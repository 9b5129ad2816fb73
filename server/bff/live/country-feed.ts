import type { BrowserStream } from "./browser-stream.ts";
import { sseFrame, type SseFrame } from "./sse.ts";
import { touchedKeys } from "./view.ts";

/** One browser stream as the hub knows it. */
export interface Subscriber {
  key: string;
  stream: BrowserStream;
  token: string;
  ak: string;
  /** The access token's expiry (epoch seconds): the stream ends then. */
  exp: number;
  refresh?: string;
  /** The browser's Last-Event-ID, if it is resuming. */
  lastEventId?: number;
}

interface RingEntry {
  seq: number;
  keys: string[];
  frame: string;
}

/** Changed event-market frames carry the odds-event shape with exactly one market. */
function keysOf(data: string): string[] | undefined {
  try {
    const event = JSON.parse(data) as { id?: unknown; competitionId?: unknown; markets?: { marketId?: unknown }[] };
    const marketId = event.markets?.[0]?.marketId;
    if (typeof event.id !== "string" || typeof event.competitionId !== "number" || typeof marketId !== "number") return undefined;
    return touchedKeys({ id: event.id, competitionId: event.competitionId, marketId });
  } catch {
    return undefined;
  }
}

/**
 * One country's fan-out on this web process: a ring of recent frames (so a browser resumes here,
 * whichever API replica the upstream reaches), and subscribers indexed by view key, so a change
 * costs O(browsers of the views it touches).
 */
export function countryFeed(capacity: number, onSent: (frames: number) => void) {
  const ring: RingEntry[] = [];
  const index = new Map<string, Set<Subscriber>>();
  /** Subscribers waiting for the first upstream `ready`: until then there is no position to give them. */
  const pending = new Set<Subscriber>();
  // Every change after `floor` is in the ring; undefined until the upstream named its position.
  let floor: number | undefined;
  let latest = 0;

  const send = (subscriber: Subscriber, frame: string) => {
    if (subscriber.stream.write(frame)) onSent(1);
  };

  /** A new browser's first frames: its resume frames, a reset (older than the ring), or a `ready` at the current sequence. */
  function start(subscriber: Subscriber) {
    const from = subscriber.lastEventId;
    if (from === undefined) send(subscriber, sseFrame(latest, "ready", JSON.stringify({ seq: latest })));
    else if (from < floor!) send(subscriber, sseFrame(latest, "reset", JSON.stringify({ seq: latest })));
    else for (const entry of ring) if (entry.seq > from && entry.keys.includes(subscriber.key)) send(subscriber, entry.frame);
    let set = index.get(subscriber.key);
    if (!set) index.set(subscriber.key, (set = new Set()));
    set.add(subscriber);
  }

  function positioned(seq: number) {
    floor = latest = seq;
    for (const subscriber of pending) start(subscriber);
    pending.clear();
  }

  return {
    latest: () => (floor === undefined ? undefined : latest),
    add(subscriber: Subscriber) {
      if (floor === undefined) pending.add(subscriber);
      else start(subscriber);
    },
    remove(subscriber: Subscriber) {
      pending.delete(subscriber);
      const set = index.get(subscriber.key);
      set?.delete(subscriber);
      if (set?.size === 0) index.delete(subscriber.key);
    },
    /** A frame from the upstream stream. */
    receive(frame: SseFrame) {
      const seq = Number(frame.id);
      if (!Number.isSafeInteger(seq)) return;
      if (frame.event === "ready") {
        if (floor === undefined) positioned(seq);
      } else if (frame.event === "reset") {
        // The API could not resume us: every browser refetches, whatever its view.
        ring.length = 0;
        const reset = sseFrame(seq, "reset", JSON.stringify({ seq }));
        for (const set of index.values()) for (const subscriber of set) send(subscriber, reset);
        positioned(seq);
      } else if (frame.event === "market" && frame.data !== undefined) {
        const keys = keysOf(frame.data);
        if (!keys) return;
        const entry = { seq, keys, frame: sseFrame(seq, "market", frame.data) };
        ring.push(entry);
        if (ring.length > capacity) floor = ring.shift()!.seq;
        latest = Math.max(latest, seq);
        for (const key of keys) for (const subscriber of index.get(key) ?? []) send(subscriber, entry.frame);
      }
    },
  };
}

export type CountryFeed = ReturnType<typeof countryFeed>;
