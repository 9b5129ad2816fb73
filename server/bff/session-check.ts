import { LRUCache } from "lru-cache";
import { ENDPOINTS, type ApiAnswer } from "#shared/contract.ts";
import { readData, sessionClaimsAnswer } from "./api-answers.ts";
import type { Upstream } from "./upstream.ts";

/** What the API vouched for: a token it signed, of a session that still stands. */
export type VerifiedClaims = ApiAnswer<"sessionCheck">;

type Verdict = { claims: VerifiedClaims } | { claims: null };

export interface SessionCheckOptions {
  /** How long an answer is kept: a session revoked elsewhere is noticed within this plus one heartbeat. */
  maxAgeMs?: number;
  /** Tokens remembered at most (about 500 bytes each). */
  max?: number;
  clock?: () => number;
}

/** Ours are about 300 characters; a longer cookie is no token of ours and is not worth a call. */
const MAX_TOKEN_LENGTH = 1024;

/**
 * The web tier's only way to trust a token's claims: it holds no signing key, so it asks the API
 * (GET /users/session-check) and keeps the verdict for at most `maxAgeMs` and never past the
 * token's expiry. Concurrent checks of one token share one call (lru-cache's fetch); an API that
 * cannot answer is an error for the caller, never a verdict
 * (docs/decisions/026-web-tier-verifies-tokens-by-asking.md).
 */
export function sessionCheck(upstream: Upstream, options: SessionCheckOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const clock = options.clock ?? Date.now;
  const cache = new LRUCache<string, Verdict>({
    max: options.max ?? 10_000,
    ttl: maxAgeMs,
    perf: { now: clock },
    fetchMethod: async (token, _stale, { options: entry }) => {
      const answer = await upstream.call(ENDPOINTS.sessionCheck.method, ENDPOINTS.sessionCheck.path, { headers: { accept: "application/json", authorization: `Bearer ${token}` } });
      // A 200 outside the contract is the API failing, not a refusal: an error, never a verdict kept.
      const claims = answer.status === 200 ? readData(upstream, ENDPOINTS.sessionCheck, answer, sessionClaimsAnswer) : null;
      if (claims) entry.ttl = Math.max(1, Math.min(maxAgeMs, claims.exp * 1000 - clock()));
      return { claims };
    },
  });
  return {
    /** The token's verified claims, or null when the API refused it (forged, expired, revoked). */
    async verify(token: string | undefined): Promise<VerifiedClaims | null> {
      if (!token || token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9._~+/-]+=*$/.test(token)) return null;
      const verdict = await cache.fetch(token);
      return verdict?.claims ?? null;
    },
    /** A verdict the caller knows is stale (a logout seen here). */
    forget: (token: string) => void cache.delete(token),
  };
}

export type SessionChecker = ReturnType<typeof sessionCheck>;
