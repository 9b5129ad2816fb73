/**
 * GET /odds/booking: a bookmaker's code read through its site and mapped to our events, markets and
 * selections (docs/design.md, Reading a code). A successful read is kept a minute per book and
 * code, so a code shared in a group is asked for once; the mapping is made afresh every time, at
 * the store's current events.
 */
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { BookingRead } from "#shared/contract.ts";
import type { Database } from "../db/schema.ts";
import { BOOKING_ADAPTERS } from "../feeds/booking/index.ts";
import type { BookingAdapter, CodeLeg, CodeRead } from "../feeds/booking/types.ts";
import { DEFAULT_MATCH_OPTIONS } from "../feeds/matching/index.ts";
import { BOOKMAKER_KEYS, BOOKMAKER_ID_BY_KEY } from "../feeds/types.ts";
import { AppError } from "../http/errors.ts";
import { BOOK_TIME_BUDGET_MS, type BookCalls } from "./book-calls.ts";
import { eventsBetween, eventsByBookIds, eventsBySrIds, type StoredEvent } from "./events.ts";
import { foundByIds, foundByTeams, mapLeg, type Found } from "./map-legs.ts";
import type { BookingMetrics } from "./metrics.ts";
import { bookingsOff, bookName, unavailable } from "./names.ts";
import { sportradarDigits } from "../feeds/matching/clusters.ts";

export const READ_CACHE_MS = 60_000;

type GoodRead = Extract<CodeRead, { ok: true }>;

export interface ReadDeps {
  db: Kysely<Database>;
  clock: () => number;
  logger: Logger;
  calls: BookCalls;
  metrics: BookingMetrics;
  reads: ReadCache;
}

/** Successful reads per (bookmaker, code), a minute each; a read in flight is shared by whoever asks meanwhile. */
export function readCache(clock: () => number) {
  const done = new LRUCache<string, GoodRead>({ max: 2_000, ttl: READ_CACHE_MS, ttlAutopurge: false, perf: { now: clock } });
  const inFlight = new Map<string, Promise<CodeRead>>();
  return { done, inFlight };
}
export type ReadCache = ReturnType<typeof readCache>;

const cacheKey = (provider: number, code: string) => `${provider}:${code}`;

/** Remembers a code known good (a mint's verified read-back): the bettor who opens it next costs the book nothing. */
export function rememberRead(deps: Pick<ReadDeps, "reads">, provider: number, code: string, read: GoodRead): void {
  deps.reads.done.set(cacheKey(provider, code), read);
}

/** The code's read from the cache, or from the book (one request however many ask at once). */
async function readThrough(deps: ReadDeps, adapter: BookingAdapter, provider: number, code: string): Promise<CodeRead> {
  const key = cacheKey(provider, code);
  const cached = deps.reads.done.get(key);
  if (cached) {
    deps.metrics.reads.inc({ bookmaker: adapter.key, result: "cached" });
    return cached;
  }
  let pending = deps.reads.inFlight.get(key);
  if (!pending) {
    pending = deps.calls.read(adapter, code, AbortSignal.timeout(BOOK_TIME_BUDGET_MS)).finally(() => deps.reads.inFlight.delete(key));
    deps.reads.inFlight.set(key, pending);
    const read = await pending;
    if (read.ok) deps.reads.done.set(key, read);
    deps.metrics.reads.inc({ bookmaker: adapter.key, result: read.ok ? "ok" : read.reason === "not-found" || read.reason === "empty" ? read.reason : "unavailable" });
    return read;
  }
  return pending;
}

/** Which of our events each leg names: by the book's own id and the Sportradar id, or (1xBet) by the matcher. */
export async function findEvents(db: Kysely<Database>, provider: number, legs: readonly CodeLeg[]): Promise<Found[]> {
  const byBookId = await eventsByBookIds(db, provider, legs.map((leg) => leg.externalId));
  const bySrId = await eventsBySrIds(db, legs.flatMap((leg) => (leg.srId ? [leg.srId] : [])));
  const byTeams = provider === BOOKMAKER_ID_BY_KEY["1xbet"];
  const window = DEFAULT_MATCH_OPTIONS.windowMs;
  const kickoffs = legs.flatMap((leg) => (byTeams && leg.kickoff ? [leg.kickoff.getTime()] : []));
  const near: StoredEvent[] = kickoffs.length > 0 ? await eventsBetween(db, Math.min(...kickoffs) - window, Math.max(...kickoffs) + window) : [];
  return legs.map((leg) => {
    const digits = leg.srId ? sportradarDigits(leg.srId) : undefined;
    const joined = [...(byBookId.get(leg.externalId) ?? []), ...(digits ? (bySrId.get(digits) ?? []) : [])];
    if (joined.length > 0 || !byTeams) return foundByIds(leg, joined);
    const at = leg.kickoff?.getTime() ?? NaN;
    return foundByTeams(leg, near.filter((event) => Math.abs(event.kickoff - at) <= window));
  });
}

/** Why a read failed, as the answer's error: the code's own problem, or the book not answering. */
function readFailure(provider: number, code: string, read: Extract<CodeRead, { ok: false }>): AppError {
  const book = bookName(provider);
  if (read.reason === "not-found") return new AppError("BOOKING_CODE_NOT_FOUND", `${book} does not know the code ${code}: check it, or it may have expired.`);
  if (read.reason === "empty") return new AppError("BOOKING_CODE_EMPTY", `The ${book} code ${code} holds no selections any more: its matches may have started.`);
  return unavailable(provider);
}

/** GET /odds/booking: the code read at its book (or from the minute's cache) and each leg mapped, or why not. */
export async function readBookingCode(deps: ReadDeps, provider: number, code: string): Promise<BookingRead> {
  const key = BOOKMAKER_KEYS.find((k) => BOOKMAKER_ID_BY_KEY[k] === provider);
  const adapter = key ? BOOKING_ADAPTERS[key] : undefined;
  if (!adapter) throw new AppError("BOOKING_UNSUPPORTED", `${bookName(provider)} has no booking codes we can read.`);
  if (!deps.calls.configured(adapter.key)) throw bookingsOff();
  const read = await readThrough(deps, adapter, provider, code);
  if (!read.ok) throw readFailure(provider, code, read);
  const found = await findEvents(deps.db, provider, read.legs);
  const now = deps.clock();
  const answer: BookingRead = { provider, code, legs: [], unmapped: [], expiresAt: null };
  read.legs.forEach((leg, i) => {
    const mapped = mapLeg(leg, found[i] ?? { kind: "none" }, now);
    if ("leg" in mapped) answer.legs.push(mapped.leg);
    else answer.unmapped.push(mapped.unmapped);
  });
  // Matches the book took off the code once they started (BetKing names them): gone from the code,
  // still the bettor's to know about.
  for (const match of read.dropped ?? []) answer.unmapped.push({ reason: "started", description: match, home: null, away: null, kickoff: null });
  const kickoffs = read.legs.flatMap((leg) => (leg.kickoff ? [leg.kickoff.getTime()] : []));
  const expires = read.expiresAt?.getTime() ?? (kickoffs.length > 0 ? Math.min(...kickoffs) : undefined);
  answer.expiresAt = expires === undefined ? null : new Date(expires).toISOString();
  return answer;
}
