import { Agent } from "undici";
import { REFRESH_WINDOW_S } from "#shared/constants.ts";
import type { ConsumerLimits } from "#lib/node/sse/consumer-guard.ts";
import { HEARTBEAT } from "#lib/node/sse/frame.ts";
import { DEFAULT_LIMITS } from "./browser-stream.ts";
import { countryFeed, type CountryFeed, type Subscriber } from "./country-feed.ts";
import { liveFrame } from "./stream-coding.ts";
import { upstreamStream, type AttemptEnd, type Credential, type UpstreamStream } from "./upstream-stream.ts";

/** What the live streams report (server/ops/metrics.ts). */
export interface LiveMetrics {
  liveStreamOpened(): void;
  liveStreamClosed(): void;
  liveFramesSent(count: number): void;
  liveSlowConsumerDropped(): void;
  liveUpstreamEnded(reason: AttemptEnd): void;
}

/** How many streams one session, one client address and the whole process may hold (decision 026). */
export interface StreamCaps {
  perSession: number;
  perAddress: number;
  perProcess: number;
}

/**
 * A browser needs a handful (tabs); many people share one carrier-NAT address in Nigeria, so the
 * address cap is far above one person's; the process cap bounds memory (at most 64 KB a stream).
 */
export const DEFAULT_CAPS: StreamCaps = { perSession: 8, perAddress: 64, perProcess: 5_000 };

export type StreamAdmission = { ok: true } | { ok: false; status: 429 | 503; description: string };

export interface HubOptions {
  heartbeatMs?: number;
  /** How long an upstream stream stays open after its last browser left (a page navigation reopens at once). */
  lingerMs?: number;
  ringCapacity?: number;
  limits?: Partial<ConsumerLimits>;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  caps?: Partial<StreamCaps>;
  /**
   * Asked every heartbeat for each open stream's token (answers are cached): a token refused now
   * (its session revoked on another replica) ends its streams. Throws when the API cannot answer.
   */
  verify?: (token: string) => Promise<unknown>;
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
  caps: StreamCaps;
  /** Open streams per session (`ak`), per address key, and in all. */
  open: { bySession: Map<string, number>; byAddress: Map<string, number>; total: number };
}

function bump(counts: Map<string, number>, key: string, by: 1 | -1) {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

function count(hub: HubState, subscriber: Subscriber, by: 1 | -1) {
  bump(hub.open.bySession, subscriber.ak, by);
  bump(hub.open.byAddress, subscriber.address, by);
  hub.open.total += by;
}

/** Whether one more stream of this session and address fits the caps. */
function admit(hub: HubState, who: { ak: string; address: string }): StreamAdmission {
  const { caps, open } = hub;
  if (open.total >= caps.perProcess) return { ok: false, status: 503, description: "Live prices are busy on this server; try again shortly." };
  if ((open.bySession.get(who.ak) ?? 0) >= caps.perSession) return { ok: false, status: 429, description: "Too many live price streams for this session. Close a tab and try again." };
  if ((open.byAddress.get(who.address) ?? 0) >= caps.perAddress) return { ok: false, status: 429, description: "Too many live price streams from this address." };
  return { ok: true };
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
    onDown: () => country.feed.upstreamDown(Date.now()),
    onUp: () => country.feed.upstreamUp(),
    onAttemptEnded: (reason) => hub.metrics?.liveUpstreamEnded(reason),
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
  count(hub, subscriber, -1);
  country.feed.remove(subscriber);
  hub.metrics?.liveStreamClosed();
  if (country.subscribers.size > 0 || hub.closing) return;
  country.linger = setTimeout(() => closeUpstream(country), hub.settings.lingerMs);
  country.linger.unref();
}

/** One heartbeat frame for every stream: compressed once. */
const BEAT = liveFrame(HEARTBEAT);

/** Ends every stream whose token the API refuses now; an API that cannot answer ends nothing. */
function recheck(hub: HubState, verify: (token: string) => Promise<unknown>) {
  const byToken = new Map<string, Subscriber[]>();
  for (const country of hub.countries.values()) for (const s of country.subscribers) byToken.set(s.token, [...(byToken.get(s.token) ?? []), s]);
  for (const [token, subscribers] of byToken) {
    verify(token).then(
      (claims) => {
        if (!claims) for (const s of subscribers) s.stream.end();
      },
      () => undefined,
    );
  }
}

/** One timer per process: drops stalled browsers, keeps every stream (and proxy) awake, rechecks sessions. */
function startHeartbeat(hub: HubState): NodeJS.Timeout {
  const beat = setInterval(() => {
    for (const country of hub.countries.values()) {
      for (const s of country.subscribers) {
        s.stream.checkStall();
        s.stream.write(BEAT);
      }
    }
    if (hub.settings.verify) recheck(hub, hub.settings.verify);
  }, hub.settings.heartbeatMs);
  beat.unref();
  return beat;
}

/** Files a browser stream under its view; returns what to call when its response closes. */
function join(hub: HubState, countryId: number, subscriber: Subscriber): () => void {
  const country = countryOf(hub, countryId);
  clearTimeout(country.linger);
  country.subscribers.add(subscriber);
  count(hub, subscriber, 1);
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

/**
 * A logout seen by this process: the API revokes every session of the account, so every stream of
 * that account ends now. The account is the verified `sub` of the logging-out request, or the
 * account of the streams opened with its refresh cookie (its access token may have expired).
 */
function endAccount(hub: HubState, match: { sub?: string; refresh?: string }) {
  const subs = new Set<string>(match.sub ? [match.sub] : []);
  for (const country of hub.countries.values()) for (const s of country.subscribers) if (match.refresh && s.refresh === match.refresh) subs.add(s.sub);
  for (const country of hub.countries.values()) for (const s of [...country.subscribers]) if (subs.has(s.sub)) s.stream.end();
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
 * closed `lingerMs` after the last), fanned out to browser streams (decision 014).
 */
export function liveHub(apiOrigin: string, metrics: LiveMetrics | undefined, options: HubOptions = {}) {
  const settings = { ...DEFAULTS, ...options };
  // Heartbeats every 15 s: three missed ones mean the upstream is gone, whatever TCP thinks.
  const dispatcher = new Agent({ connectTimeout: 3_000, headersTimeout: 10_000, bodyTimeout: settings.heartbeatMs * 3 });
  const caps = { ...DEFAULT_CAPS, ...options.caps };
  const hub: HubState = { apiOrigin, metrics, settings, dispatcher, countries: new Map(), closing: false, caps, open: { bySession: new Map(), byAddress: new Map(), total: 0 } };
  const beat = startHeartbeat(hub);
  // Plain closures, not methods: the router passes them around unbound.
  return {
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    heartbeatMs: settings.heartbeatMs,
    closing: () => hub.closing,
    admit: (who: { ak: string; address: string }) => admit(hub, who),
    join: (countryId: number, subscriber: Subscriber) => join(hub, countryId, subscriber),
    endAccount: (match: { sub?: string; refresh?: string }) => endAccount(hub, match),
    closeStreams: () => closeStreams(hub, beat),
    /** Upstream streams open now, per country (tests and diagnostics). */
    upstreams: () => [...hub.countries.entries()].filter(([, c]) => c.upstream).map(([id]) => id),
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
