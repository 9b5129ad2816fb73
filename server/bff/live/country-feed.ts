import { positionFrame as positionText, sseFrame, type SseFrame } from "#lib/node/sse/frame.ts";
import { frameRing, type FrameRing } from "#lib/node/sse/ring.ts";
import { readMarketRoute } from "#shared/stream-route.ts";
import type { BrowserStream } from "./browser-stream.ts";
import { liveFrame, type LiveFrame } from "./stream-coding.ts";
import { touchedKeys } from "./view.ts";

/** One browser stream as the hub knows it. */
export interface Subscriber {
  key: string;
  stream: BrowserStream;
  token: string;
  /** The account, as the API vouched for it (server/bff/session-check.ts). */
  sub: string;
  ak: string;
  /** The client address's key for the per-address cap (lib/node/address-key.ts). */
  address: string;
  /** The access token's expiry (epoch seconds): the stream ends then. */
  exp: number;
  refresh?: string;
  /** The browser's Last-Event-ID, if it is resuming. */
  lastEventId?: number;
}

interface RingEntry {
  seq: number;
  keys: string[];
  frame: LiveFrame;
}

/** A `ready` or `reset` frame for a browser, compressed once however many get it. */
const positionFrame = (event: "ready" | "reset", seq: number) => liveFrame(positionText(event, seq));

/** What a resuming browser may be sent in one go (browser-stream.ts bounds a stream's queue). */
const MAX_RESUME_BYTES = 16 << 10;

/** One country's state on this web process, shared by the steps below. */
interface FeedState {
  onSent: (frames: number) => void;
  /** Recent frames, unpositioned until the upstream's first `ready`. */
  ring: FrameRing<RingEntry>;
  index: Map<string, Set<Subscriber>>;
  /** Subscribers waiting for the first upstream `ready`: until then there is no position to give them. */
  pending: Set<Subscriber>;
  /** When the upstream stream dropped (epoch ms); undefined while it carries changes. */
  downSince: number | undefined;
}

/**
 * Whether this process hears the API's changes (docs/design.md, When prices stop): a frame with no
 * id, so a browser's resume position stays where it was.
 */
function statusFrame(downSince: number | undefined): LiveFrame {
  const data = downSince === undefined ? { live: true } : { live: false, since: new Date(downSince).toISOString() };
  return liveFrame(sseFrame({ event: "status", data: JSON.stringify(data) }));
}

function everyone(feed: FeedState): Subscriber[] {
  return [...feed.pending, ...[...feed.index.values()].flatMap((set) => [...set])];
}

/** The upstream stream ended or could not open: every browser hears so once, with the time it dropped. */
function upstreamDown(feed: FeedState, at: number) {
  if (feed.downSince !== undefined) return;
  feed.downSince = at;
  const frame = statusFrame(at);
  for (const subscriber of everyone(feed)) send(feed, subscriber, frame);
}

function send(feed: FeedState, subscriber: Subscriber, frame: LiveFrame) {
  if (subscriber.stream.write(frame)) feed.onSent(1);
}

/** A new browser's first frames: its resume frames, a reset (older than the ring), or a `ready` at the current sequence. */
function start(feed: FeedState, subscriber: Subscriber) {
  const from = subscriber.lastEventId;
  const latest = feed.ring.latest()!;
  const missed = from === undefined ? undefined : feed.ring.since(from)?.filter((entry) => entry.keys.includes(subscriber.key));
  const missedBytes = missed?.reduce((sum, entry) => sum + entry.frame.text.length, 0) ?? 0;
  if (from === undefined) send(feed, subscriber, positionFrame("ready", latest));
  // Older than the ring, or more missed than one stream may queue: the browser refetches instead.
  else if (!missed || missedBytes > MAX_RESUME_BYTES) send(feed, subscriber, positionFrame("reset", latest));
  else for (const entry of missed) send(feed, subscriber, entry.frame);
  let set = feed.index.get(subscriber.key);
  if (!set) feed.index.set(subscriber.key, (set = new Set()));
  set.add(subscriber);
}

function positioned(feed: FeedState, seq: number) {
  feed.ring.startAt(seq);
  for (const subscriber of feed.pending) start(feed, subscriber);
  feed.pending.clear();
}

/** The upstream stream is open again: every browser hears it, and refetches what it missed meanwhile. */
function upstreamUp(feed: FeedState) {
  if (feed.downSince === undefined) return;
  feed.downSince = undefined;
  const frame = statusFrame(undefined);
  for (const subscriber of everyone(feed)) send(feed, subscriber, frame);
}

function add(feed: FeedState, subscriber: Subscriber) {
  if (feed.ring.latest() === undefined) feed.pending.add(subscriber);
  else start(feed, subscriber);
  if (feed.downSince !== undefined) send(feed, subscriber, statusFrame(feed.downSince));
}

function remove(feed: FeedState, subscriber: Subscriber) {
  feed.pending.delete(subscriber);
  const set = feed.index.get(subscriber.key);
  set?.delete(subscriber);
  if (set?.size === 0) feed.index.delete(subscriber.key);
}

/** The API could not resume us: every browser refetches, whatever its view. */
function receiveReset(feed: FeedState, seq: number) {
  const reset = positionFrame("reset", seq);
  for (const set of feed.index.values()) for (const subscriber of set) send(feed, subscriber, reset);
  positioned(feed, seq);
}

function receiveMarket(feed: FeedState, seq: number, frame: SseFrame) {
  // Filed by the route the API wrote (shared/stream-route.ts), without parsing the JSON.
  const route = readMarketRoute(frame.route);
  if (!route) return;
  const keys = touchedKeys(route);
  // The browser's frame: the API's without its route.
  const entry = { seq, keys, frame: liveFrame(sseFrame({ id: frame.id, event: "market", data: frame.data })) };
  feed.ring.push(entry);
  for (const key of keys) for (const subscriber of feed.index.get(key) ?? []) send(feed, subscriber, entry.frame);
}

/** A frame from the upstream stream. */
function receive(feed: FeedState, frame: SseFrame) {
  const seq = Number(frame.id);
  if (!Number.isSafeInteger(seq)) return;
  if (frame.event === "ready") {
    if (feed.ring.latest() === undefined) positioned(feed, seq);
  } else if (frame.event === "reset") receiveReset(feed, seq);
  else if (frame.event === "market") receiveMarket(feed, seq, frame);
}

/**
 * One country's fan-out on this web process: a ring of recent frames (so a browser resumes here,
 * whichever API replica the upstream reaches), and subscribers indexed by view key, so a change
 * costs O(browsers of the views it touches).
 */
export function countryFeed(capacity: number, onSent: (frames: number) => void) {
  const feed: FeedState = { onSent, ring: frameRing<RingEntry>(capacity), index: new Map(), pending: new Set(), downSince: undefined };
  return {
    latest: () => feed.ring.latest(),
    add: (subscriber: Subscriber) => add(feed, subscriber),
    remove: (subscriber: Subscriber) => remove(feed, subscriber),
    /** A frame from the upstream stream. */
    receive: (frame: SseFrame) => receive(feed, frame),
    /** The upstream stream ended or could not open at `at` (epoch ms). */
    upstreamDown: (at: number) => upstreamDown(feed, at),
    /** The upstream stream opened again. */
    upstreamUp: () => upstreamUp(feed),
  };
}

export type CountryFeed = ReturnType<typeof countryFeed>;
