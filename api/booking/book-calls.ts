/**
 * Booking requests to the bookmakers' sites (docs/design.md, Reaching the bookmakers): through the
 * feeds' fetcher (its proxy and blocked-page handling), one request at a time per bookmaker with a
 * polite gap between two, only to the origin configured for that book: its live site with
 * FEEDS=live, the simulator's stand-in with FEEDS=simulated, none with FEEDS=off. A bettor waits on
 * these answers, so nothing is retried, and a book that turned us away (a challenge page or a 429,
 * decision 012) is left alone for a cool-off before it is asked again.
 */
import type { Logger } from "pino";
import { BOOKING_ADAPTERS } from "../feeds/booking/index.ts";
import type { BookingAdapter, CodeRead, MintAnswer, MintLeg } from "../feeds/booking/types.ts";
import { ADAPTERS } from "../feeds/bookmakers/index.ts";
import { FeedAbortedError, FeedBlockedError, FeedHttpError, type Fetcher } from "../feeds/fetcher.ts";
import type { BookmakerKey, FeedRequest } from "../feeds/types.ts";
import type { BookingMetrics } from "./metrics.ts";

/** `read` and `mint`: the booking endpoints' origins; `feed`: the book's feed (BetKing's listing, for its MatchOddsIDs). */
export type SiteKind = "read" | "mint" | "feed";

/** Where each book's booking calls go; undefined: nowhere (FEEDS=off). */
export type BookingSites = (key: BookmakerKey, kind: SiteKind) => string | undefined;

export const noSites: BookingSites = () => undefined;

/** The real sites (FEEDS=live): each codec's booking origins, the feed adapter's for listings. */
export const liveSites: BookingSites = (key, kind) => {
  if (kind === "feed") return ADAPTERS[key].liveBaseUrl;
  const adapter = BOOKING_ADAPTERS[key];
  return kind === "read" ? adapter?.liveBaseUrl.read : adapter?.liveBaseUrl.mint;
};

/** The simulator (FEEDS=simulated): every call to `${origin}/<key>`, as the feeds go. */
export const simulatedSites =
  (baseUrlOf: (key: BookmakerKey) => string): BookingSites =>
  (key) =>
    baseUrlOf(key);

/**
 * How long one bettor's call may spend on a book's site, queueing included: under the web tier's
 * 10-second upstream timeout (docs/design.md, Forwarding and the allow-list), so the bettor hears
 * that the book is not answering rather than that we are not.
 */
export const BOOK_TIME_BUDGET_MS = 8_000;

/** A site's answer, whatever its status, or why there is none. */
type Exchange = { ok: true; status: number; body: string } | { ok: false; reason: "blocked" | "failed"; error: string };

export interface BookCallOptions {
  fetcher: Fetcher;
  clock: () => number;
  logger: Logger;
  metrics: BookingMetrics;
  /** The pause between two requests to one book, [min, max] ms (250 ms to 1.5 s live). */
  politeDelayMs: [number, number];
  /** How long a book that turned us away is left alone (60 s by default). */
  coolOffMs?: number;
  /** Requests that may wait for one book at once; more are answered as unavailable at once. */
  maxWaiting?: number;
  sleep?: (ms: number) => Promise<void>;
}

interface Lane {
  tail: Promise<void>;
  waiting: number;
  coolUntil: number;
}

const outOfTime = (): Exchange => ({ ok: false, reason: "failed", error: `gave up after ${BOOK_TIME_BUDGET_MS} ms` });

/** Resolves when the bettor's time is up. */
function giveUp(signal: AbortSignal): Promise<Exchange> {
  if (signal.aborted) return Promise.resolve(outOfTime());
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(outOfTime()), { once: true }));
}

/** A site's answer through the feeds' fetcher: the fetcher's errors become a status the codec reads, or a reason. */
async function exchange(fetcher: Fetcher, request: FeedRequest, signal: AbortSignal | undefined): Promise<Exchange> {
  if (signal?.aborted) return outOfTime();
  try {
    return { ok: true, status: 200, body: await fetcher.fetch(request, signal) };
  } catch (error) {
    if (error instanceof FeedAbortedError) return outOfTime();
    if (error instanceof FeedBlockedError) return { ok: false, reason: "blocked", error: error.message };
    // The codec reads the status (404 not found, 429 blocked, 5xx failed); the fetcher keeps no body of a 4xx/5xx.
    if (error instanceof FeedHttpError && error.status !== undefined) return { ok: true, status: error.status, body: "" };
    return { ok: false, reason: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}

/** One lane per book: its requests one at a time with a polite gap, a bounded wait, and its cool-off. */
function bookLanes(options: BookCallOptions) {
  const { fetcher, clock } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const [minGap, maxGap] = options.politeDelayMs;
  const coolOffMs = options.coolOffMs ?? 60_000;
  const maxWaiting = options.maxWaiting ?? 8;
  const lanes = new Map<BookmakerKey, Lane>();

  return {
    /** One request in the book's lane: after the requests before it, and a polite gap after the last. */
    async send(key: BookmakerKey, base: string | undefined, request: FeedRequest, signal: AbortSignal | undefined): Promise<Exchange> {
      if (base === undefined) return { ok: false, reason: "failed", error: "no booking site configured (FEEDS=off)" };
      // Only the book's configured origin is ever asked, whatever a code or a codec put in the URL.
      if (!request.url.startsWith(`${base}/`)) return { ok: false, reason: "failed", error: `refused to ask ${request.url} outside ${base}` };
      const lane = lanes.get(key) ?? { tail: Promise.resolve(), waiting: 0, coolUntil: 0 };
      lanes.set(key, lane);
      if (clock() < lane.coolUntil) return { ok: false, reason: "blocked", error: "left alone after a blocked answer" };
      if (lane.waiting >= maxWaiting) return { ok: false, reason: "failed", error: `${lane.waiting} booking requests already waiting` };
      lane.waiting += 1;
      const turn = lane.tail.then(() => exchange(fetcher, request, signal));
      lane.tail = turn.then(() => sleep(minGap + Math.random() * (maxGap - minGap)));
      try {
        // A bettor out of time is answered at once; the lane still spends the turn, without a request.
        return await (signal ? Promise.race([turn, giveUp(signal)]) : turn);
      } finally {
        lane.waiting -= 1;
      }
    },

    /** Leaves the book alone for the cool-off, unless it is in one already. */
    coolOff(key: BookmakerKey) {
      const lane = lanes.get(key);
      if (lane && lane.coolUntil <= clock()) lane.coolUntil = clock() + coolOffMs;
    },
  };
}

type BookLanes = ReturnType<typeof bookLanes>;

/** A failed answer logged; a blocked one also counted, and the book left alone for the cool-off. */
function noteFailure({ logger, metrics }: Pick<BookCallOptions, "logger" | "metrics">, lanes: BookLanes, key: BookmakerKey, what: string, answer: { reason: string; error: string }) {
  if (answer.reason === "blocked") {
    metrics.blocked.inc({ bookmaker: key });
    lanes.coolOff(key);
    logger.warn({ bookmaker: key, error: answer.error }, `booking ${what} blocked`);
  } else if (answer.reason === "malformed") {
    logger.error({ bookmaker: key, error: answer.error }, `booking ${what} answered a shape we do not read`);
  } else if (answer.reason === "failed" || answer.reason === "rejected") {
    logger.warn({ bookmaker: key, error: answer.error }, `booking ${what} failed`);
  }
}

export function bookCalls(options: BookCallOptions) {
  const { clock } = options;
  const lanes = bookLanes(options);
  let sites: BookingSites = noSites;

  return {
    /** Where the calls go from now on (the runtime attaches the simulator once it has started). */
    useSites(next: BookingSites) {
      sites = next;
    },

    /** Whether this book's booking calls go anywhere (not with FEEDS=off). */
    configured: (key: BookmakerKey) => sites(key, "read") !== undefined,

    /** A code as the book reads it now. */
    async read(adapter: BookingAdapter, code: string, signal?: AbortSignal): Promise<CodeRead> {
      const base = sites(adapter.key, "read");
      const answer = await lanes.send(adapter.key, base, adapter.readRequest(base ?? "", code), signal);
      const read = answer.ok ? adapter.parseRead(answer.body, answer.status, new Date(clock())) : answer;
      if (!read.ok) noteFailure(options, lanes, adapter.key, "read", read);
      return read;
    },

    /** Books legs with the codec's request (mintProblem already checked by the caller). */
    async mint(adapter: BookingAdapter, legs: readonly MintLeg[], signal?: AbortSignal): Promise<MintAnswer> {
      const base = sites(adapter.key, "mint");
      if (!adapter.mintRequest || !adapter.parseMint) return { ok: false, reason: "rejected", error: "no mint endpoint" };
      const answer = await lanes.send(adapter.key, base, adapter.mintRequest(base ?? "", legs), signal);
      const minted = answer.ok ? adapter.parseMint(answer.body, answer.status) : answer;
      if (!minted.ok) noteFailure(options, lanes, adapter.key, "mint", minted);
      return minted;
    },

    /** The body of each feed listing request for one league (BetKing's MatchOddsIDs at mint time). */
    async listing(key: BookmakerKey, competitionId: number, signal?: AbortSignal): Promise<{ ok: true; bodies: string[] } | { ok: false; reason: string; error: string }> {
      const base = sites(key, "feed");
      const bodies: string[] = [];
      for (const request of ADAPTERS[key].leagueRequests(base ?? "", competitionId, new Date(clock()))) {
        const answer = await lanes.send(key, base, request, signal);
        if (!answer.ok || answer.status !== 200) {
          const failure = answer.ok ? { reason: answer.status === 429 || answer.status === 403 ? "blocked" : "failed", error: `HTTP ${answer.status}` } : answer;
          noteFailure(options, lanes, key, "listing", failure);
          return { ok: false, ...failure };
        }
        bodies.push(answer.body);
      }
      return { ok: true, bodies };
    },
  };
}

export type BookCalls = ReturnType<typeof bookCalls>;
