import { gunzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { brotliOnce, type CachedAnswer } from "#lib/node/cached-answer.ts";
import { identityEtag } from "#lib/node/content-coding.ts";
import type { UpstreamAnswer } from "./upstream.ts";

/** How long the web tier reuses an odds answer (docs/decisions/007-bff-odds-cache.md). */
const ODDS_CACHE_MS = 1_000;
/** Bound on the tokens remembered as accepted; the least recently used goes first (lru-cache). */
const MAX_TOKENS = 20_000;

/** The API's gzip answer; the plain JSON and brotli are made from it on first need. */
export interface CachedOdds extends CachedAnswer {
  json(): Buffer;
}

/**
 * A one-second cache of `/odds` answers, shared by every user: the odds of a league and market are
 * the same for all of them, and the API itself rebuilds them only when prices change. It serves
 * only access tokens that the API has already accepted (and that have not expired), so the API
 * stays the one judge of a session; it only saves asking it the same question many times a second.
 */
export function webOddsCache(options: { ttlMs?: number; clock?: () => number; maxTokens?: number } = {}) {
  const ttl = options.ttlMs ?? ODDS_CACHE_MS;
  const clock = options.clock ?? Date.now;
  const answers = new Map<string, { at: number; odds: CachedOdds }>();
  /**
   * Access token -> its expiry (epoch seconds), for tokens the API answered 200 to. A token pushed
   * out is only asked about again; an expired one is refused on lookup by its expiry, on our clock.
   */
  const accepted = new LRUCache<string, number>({ max: options.maxTokens ?? MAX_TOKENS });
  const asking = callsOnTheirWay();
  const isAccepted = (token: string) => {
    const exp = accepted.get(token);
    return exp !== undefined && exp * 1000 > clock();
  };

  const cache = {
    /** The cached answer for `key`, if fresh and the token is one the API accepted. */
    lookup(key: string, token: string): CachedOdds | undefined {
      if (!isAccepted(token)) return undefined;
      const entry = answers.get(key);
      return entry && clock() - entry.at < ttl ? entry.odds : undefined;
    },
    /**
     * The answer for `key` from the cache, from the call another request is making for it (to a token
     * the API accepted), or from `call`: the API's answer, and `cached` when it is (now) in the cache.
     * A shared call that fails or is refused leaves each waiter to make its own.
     */
    async answer(key: string, token: string, tokenExpS: number, call: () => Promise<UpstreamAnswer>): Promise<{ answer: UpstreamAnswer; cached?: CachedOdds }> {
      const hit = cache.lookup(key, token);
      if (hit) return served(hit);
      // Read synchronously up to the call: the first request must register its call before the next arrives.
      const pending = isAccepted(token) ? asking.get(key) : undefined;
      if (pending) {
        const shared = await pending.catch(() => undefined);
        if (shared && cache.lookup(key, token)) return served(shared);
      }
      const asked = call();
      const stored = asking.track(key, asked.then((answer) => cache.store(key, token, tokenExpS, answer)));
      const answer = await asked;
      return { answer, cached: await stored };
    },
    /** Logout: the token is not served from here again, whatever the API would say for its last minutes. */
    forget(token: string) {
      accepted.delete(token);
    },
    /** Keeps a 200 gzip answer of the API to `token`'s request for `key`. */
    store(key: string, token: string, tokenExpS: number, answer: UpstreamAnswer): CachedOdds | undefined {
      const etag = answer.headers.etag;
      if (answer.status !== 200 || answer.headers["content-encoding"] !== "gzip" || typeof etag !== "string") return undefined;
      accepted.set(token, tokenExpS);
      let json: Buffer | undefined;
      const inflated = () => (json ??= gunzipSync(answer.body));
      // The API tagged its gzip representation; the web tier tags each coding it serves from the identity one.
      const odds: CachedOdds = { etag: identityEtag(etag, "gzip"), gzip: answer.body, json: inflated, br: brotliOnce(inflated) };
      answers.set(key, { at: clock(), odds });
      return odds;
    },
  };
  return cache;
}

/**
 * The one call per key on its way to the API: when the second is over, the requests that find the
 * answer stale all at once wait for it instead of each asking the API the same question (under 200
 * connections they did, and the web tier spent most of its time waiting on them).
 */
function callsOnTheirWay() {
  const asking = new Map<string, Promise<CachedOdds | undefined>>();
  return {
    get: (key: string) => asking.get(key),
    /** Notes `stored` as the call for `key` unless one is already on its way; forgotten once settled. */
    track(key: string, stored: Promise<CachedOdds | undefined>) {
      if (asking.has(key)) return stored;
      asking.set(key, stored);
      const done = () => void (asking.get(key) === stored && asking.delete(key));
      stored.then(done, done);
      return stored;
    },
  };
}

/** A cached answer as the API's own: a 200 whose body is the gzip the cache keeps. */
function served(odds: CachedOdds): { answer: UpstreamAnswer; cached: CachedOdds } {
  return { answer: { status: 200, headers: {}, body: odds.gzip }, cached: odds };
}

export type WebOddsCache = ReturnType<typeof webOddsCache>;

/**
 * The cache key of an odds query: the three values as numbers, so spellings that the API reads
 * alike ("01", "1.0") share an entry and the keys stay as few as the valid combinations.
 */
export function oddsKey(query: { country: string; competition: string; market: string }): string {
  return `${Number(query.country)}&${Number(query.competition)}&${Number(query.market)}`;
}
