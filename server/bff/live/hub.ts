import { Agent } from "undici";
import { REFRESH_WINDOW_S } from "#shared/constants.ts";
import { DEFAULT_LIMITS, type BackpressureLimits } from "./browser-stream.ts";
import { countryFeed, type CountryFeed, type Subscriber } from "./country-feed.ts";
import { HEARTBEAT } from "./sse.ts";
import { upstreamStream, type Credential, type UpstreamStream } from "./upstream-stream.ts";

/** What the live streams report (server/ops/metrics.ts). */
export interface LiveMetrics {
  liveStreamOpened(): void;
  liveStreamClosed(): void;
  liveFramesSent(count: number): void;
  liveSlowConsumerDropped(): void;
}

export interface HubOptions {
  heartbeatMs?: number;
  /** How long an upstream stream stays open after its last browser left (a page navigation reopens at once). */
  lingerMs?: number;
  ringCapacity?: number;
  limits?: Partial<BackpressureLimits>;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const DEFAULTS = { heartbeatMs: 15_000, lingerMs: 30_000, ringCapacity: 2_000 };
/** setTimeout's longest delay (access tokens live 15 minutes, far less). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Country {
  feed: CountryFeed;
  subscribers: Set<Subscriber>;
  upstream?: UpstreamStream;
  linger?: NodeJS.Timeout;
}

/** Everything one hub shares between its steps. */
interface HubState {
  apiOrigin: string;
  metrics: LiveMetrics | undefined;
  settings: typeof DEFAULTS & HubOptions;
  dispatcher: Agent;
  countries: Map<number, Country>;
  closing: boolean;
}

/** The signed-in subscriber whose token lives longest and that the API has not refused. */
function credential(country: Country, rejected: ReadonlySet<string>): Credential | undefined {
  let best: Subscriber | undefined;
  const now = Date.now() / 1000;
  for (const s of country.subscribers) if (s.exp > now && !rejected.has(s.token) && (!best || s.exp > best.exp)) best = s;
  return best && { token: best.token, ak: best.ak };
}

function countryOf(hub: HubState, id: number): Country {
  let country = hub.countries.get(id);
  if (country) return country;
  country = { feed: countryFeed(hub.settings.ringCapacity, (n) => hub.metrics?.liveFramesSent(n)), subscribers: new Set() };
  hub.countries.set(id, country);
  return country;
}

function upstreamOf(hub: HubState, id: number, country: Country): UpstreamStream {
  country.upstream ??= upstreamStream({
    origin: hub.apiOrigin,
    country: id,
    dispatcher: hub.dispatcher,
    credential: (rejected) => credential(country, rejected),
    lastEventId: () => country.feed.latest(),
    onFrame: (frame) => country.feed.receive(frame),
    minBackoffMs: hub.settings.minBackoffMs,
    maxBackoffMs: hub.settings.maxBackoffMs,
  });
  return country.upstream;
}

function closeUpstream(country: Country) {
  country.upstream?.close();
  country.upstream = undefined;
}

function leave(hub: HubState, country: Country, subscriber: Subscriber) {
  if (!country.subscribers.delete(subscriber)) return;
  country.feed.remove(subscriber);
  hub.metrics?.liveStreamClosed();
  if (country.subscribers.size > 0 || hub.closing) return;
  country.linger = setTimeout(() => closeUpstream(country), hub.settings.lingerMs);
  country.linger.unref();
}

/** One timer per process: drops stalled browsers and keeps every stream (and proxy) awake. */
function startHeartbeat(hub: HubState): NodeJS.Timeout {
  const beat = setInterval(() => {
    const now = Date.now();
    for (const country of hub.countries.values()) {
      for (const s of country.subscribers) {
        s.stream.checkStall(now);
        s.stream.write(HEARTBEAT);
      }
    }
  }, hub.settings.heartbeatMs);
  beat.unref();
  return beat;
}

/** Files a browser stream under its view; returns what to call when its response closes. */
function join(hub: HubState, countryId: number, subscriber: Subscriber): () => void {
  const country = countryOf(hub, countryId);
  clearTimeout(country.linger);
  country.subscribers.add(subscriber);
  hub.metrics?.liveStreamOpened();
  country.feed.add(subscriber);
  upstreamOf(hub, countryId, country).connect();
  // Before its access token expires, when the session keeper would refresh it: the browser's
  // reconnect refreshes the session (the API re-checks the family) and sets the new cookies.
  const endsAt = (subscriber.exp - REFRESH_WINDOW_S) * 1000;
  const expiry = setTimeout(() => subscriber.stream.end(), Math.min(MAX_TIMER_MS, Math.max(0, endsAt - Date.now())));
  expiry.unref();
  return () => {
    clearTimeout(expiry);
    leave(hub, country, subscriber);
  };
}

/** A logout seen by this process: that session's streams end now. */
function endSession(hub: HubState, match: { ak?: string; refresh?: string }) {
  for (const country of hub.countries.values()) {
    for (const s of country.subscribers) if ((match.ak && s.ak === match.ak) || (match.refresh && s.refresh === match.refresh)) s.stream.end();
  }
}

/** The server drains: every browser stream ends (and any opened later), upstreams close. */
function closeStreams(hub: HubState, beat: NodeJS.Timeout) {
  hub.closing = true;
  clearInterval(beat);
  for (const country of hub.countries.values()) {
    clearTimeout(country.linger);
    closeUpstream(country);
    for (const s of [...country.subscribers]) s.stream.end();
  }
  void hub.dispatcher.destroy().catch(() => undefined);
}

/**
 * The web process's live odds: per country one upstream stream (opened by the first browser,
 * closed `lingerMs` after the last), fanned out to browser streams (docs/decisions/014).
 */
export function liveHub(apiOrigin: string, metrics: LiveMetrics | undefined, options: HubOptions = {}) {
  const settings = { ...DEFAULTS, ...options };
  // Heartbeats every 15 s: three missed ones mean the upstream is gone, whatever TCP thinks.
  const dispatcher = new Agent({ connectTimeout: 3_000, headersTimeout: 10_000, bodyTimeout: settings.heartbeatMs * 3 });
  const hub: HubState = { apiOrigin, metrics, settings, dispatcher, countries: new Map(), closing: false };
  const beat = startHeartbeat(hub);
  // Plain closures, not methods: the router passes them around unbound.
  return {
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    closing: () => hub.closing,
    join: (countryId: number, subscriber: Subscriber) => join(hub, countryId, subscriber),
    endSession: (match: { ak?: string; refresh?: string }) => endSession(hub, match),
    closeStreams: () => closeStreams(hub, beat),
    /** Upstream streams open now, per country (tests and diagnostics). */
    upstreams: () => [...hub.countries.entries()].filter(([, c]) => c.upstream).map(([id]) => id),
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
