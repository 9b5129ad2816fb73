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

  return {
    /** The cached answer for `key`, if fresh and the token is one the API accepted. */
    lookup(key: string, token: string): CachedOdds | undefined {
      const now = clock();
      const exp = accepted.get(token);
      if (exp === undefined || exp * 1000 <= now) return undefined;
      const entry = answers.get(key);
      return entry && now - entry.at < ttl ? entry.odds : undefined;
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
}

export type WebOddsCache = ReturnType<typeof webOddsCache>;

/**
 * The cache key of an odds query: the three values as numbers, so spellings that the API reads
 * alike ("01", "1.0") share an entry and the keys stay as few as the valid combinations.
 */
export function oddsKey(query: { country: string; competition: string; market: string }): string {
  return `${Number(query.country)}&${Number(query.competition)}&${Number(query.market)}`;
}
