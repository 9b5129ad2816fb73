import type { Request, Response } from "express";
import { decodeJwt } from "jose";
import { REFRESH_WINDOW_S } from "#shared/constants.ts";
import { ENDPOINTS, type ApiRequest } from "#shared/contract.ts";
import { readData, refreshAnswer } from "./api-answers.ts";
import type { SessionCookies } from "./cookies.ts";
import { UpstreamUnavailable, type Upstream } from "./upstream.ts";
import { LRUCache } from "lru-cache";

export interface Tokens {
  token: string;
  refreshToken: string;
}

export type SessionAccess = { ok: true; token: string; claims: { sub: string; ak: string; exp: number } } | { ok: false; expired: boolean };

type Claims = { sub: string; ak: string; exp: number };

// Decoding is pure, and a signed-in browser sends the same token for its 15 minutes: each token
// is decoded once (decoding was about 5 % of the web tier's CPU per odds request). Bounded
// (at most about 5 MB; the least recently used goes first, lru-cache). A token that is no JWT of
// ours is kept too, as `{ claims: undefined }`, so a repeated bad cookie is not decoded again.
const DECODED_KEPT = 10_000;
const decoded = new LRUCache<string, { claims: Claims | undefined }>({ max: DECODED_KEPT });

function claimsOf(token: string | undefined): Claims | undefined {
  if (!token) return undefined;
  const known = decoded.get(token);
  if (known) return known.claims;
  const claims = decodeClaims(token);
  // Ours are about 300 characters; a forged giant cookie is decoded but not kept.
  if (token.length > 1024) return claims;
  decoded.set(token, { claims });
  return claims;
}

function decodeClaims(token: string): Claims | undefined {
  try {
    const claims = decodeJwt(token);
    if (typeof claims.sub !== "string" || typeof claims.ak !== "string" || typeof claims.exp !== "number") return undefined;
    return { sub: claims.sub, ak: claims.ak, exp: claims.exp };
  } catch {
    return undefined;
  }
}

/** How long a successful refresh answers requests that still carry the old refresh token (within the API's reuse grace). */
const REFRESH_SHARE_MS = 10_000;

/**
 * Concurrent requests of one session share one refresh (keyed by the refresh token). A success
 * stays a little while for requests that arrive with the old cookie just after; a rejection or
 * an upstream failure is forgotten at once, so the next request tries again.
 */
interface SharedRefreshes {
  shared: Map<string, Promise<Tokens | null>>;
  /** The refresh token each shared success issued, and the one it replaced: logout forgets both. */
  replaced: Map<string, string>;
}

type Refresh = (refreshToken: string, headers: Record<string, string>) => Promise<Tokens | null>;

/**
 * The product's client-side session rules (docs/product.md, Session), run by the web tier
 * (docs/design.md, Session refresh): an access token that is missing, expired or within 5 minutes
 * of expiry is refreshed first, one refresh at a time per session; a failed refresh clears the
 * cookies. An unavailable API is not a failed refresh: the call throws UpstreamUnavailable and
 * the cookies stay.
 */
export function sessionKeeper(upstream: Upstream, cookies: SessionCookies, clock: () => number = Date.now) {
  const refreshes: SharedRefreshes = { shared: new Map(), replaced: new Map() };

  const refresh: Refresh = (refreshToken, headers) => {
    const running = refreshes.shared.get(refreshToken);
    if (running) return running;
    const attempt = postRefresh(upstream, refreshToken, headers);
    share(refreshes, refreshToken, attempt);
    return attempt;
  };

  return {
    refresh,
    /** Logout: requests still carrying the session's previous refresh token must not reuse its last refresh. */
    forget(refreshToken: string) {
      const previous = refreshes.replaced.get(refreshToken);
      if (previous) refreshes.shared.delete(previous);
      refreshes.shared.delete(refreshToken);
      refreshes.replaced.delete(refreshToken);
    },
    /** The access token and its claims when they serve as they are (no refresh due), read without waiting. */
    current(req: Request): Extract<SessionAccess, { ok: true }> | undefined {
      return usableAccess(cookies.read(req).access, clock);
    },
    /** Answers a usable access token, refreshing it first when needed; sets or clears cookies on `res`. */
    ensure(req: Request, res: Response, headers: Record<string, string>, force = false): Promise<SessionAccess> {
      return ensureSession({ cookies, clock, refresh }, { req, res, headers, force });
    },
  };
}

async function postRefresh(upstream: Upstream, refreshToken: string, headers: Record<string, string>): Promise<Tokens | null> {
  // Parsed here, so asked for uncompressed whatever the browser accepts.
  const res = await upstream.call(ENDPOINTS.refresh.method, ENDPOINTS.refresh.path, {
    headers: { ...headers, "accept-encoding": "identity", "content-type": "application/json" },
    body: JSON.stringify({ refreshToken } satisfies ApiRequest<"refresh">),
  });
  // Only the API's 401 says the session is over; any other refusal (a 429, a 400) is the API's
  // trouble, not the user's, and must not cost them their cookies (docs/design.md, API outages).
  if (res.status === 401) return null;
  if (res.status !== 200) throw new UpstreamUnavailable(`odds API answered ${res.status} to a refresh`, 502, "server_error");
  return readData(upstream, ENDPOINTS.refresh, res, refreshAnswer);
}

/** Shares a running refresh; keeps a success for REFRESH_SHARE_MS, forgets a failure at once. */
function share(refreshes: SharedRefreshes, refreshToken: string, attempt: Promise<Tokens | null>): void {
  const { shared, replaced } = refreshes;
  shared.set(refreshToken, attempt);
  const forget = () => {
    if (shared.get(refreshToken) === attempt) shared.delete(refreshToken);
  };
  attempt.then(
    (tokens) => {
      if (!tokens) return forget();
      replaced.set(tokens.refreshToken, refreshToken);
      setTimeout(() => {
        forget();
        replaced.delete(tokens.refreshToken);
      }, REFRESH_SHARE_MS).unref();
    },
    forget,
  );
}

/** An access token that is ours, unexpired and outside the refresh window, with its claims. */
function usableAccess(access: string | undefined, clock: () => number): Extract<SessionAccess, { ok: true }> | undefined {
  const claims = claimsOf(access);
  if (!access || !claims || claims.exp - clock() / 1000 <= REFRESH_WINDOW_S) return undefined;
  return { ok: true, token: access, claims };
}

async function ensureSession(
  keeper: { cookies: SessionCookies; clock: () => number; refresh: Refresh },
  call: { req: Request; res: Response; headers: Record<string, string>; force: boolean },
): Promise<SessionAccess> {
  const { cookies, clock, refresh } = keeper;
  const { req, res, headers, force } = call;
  const { access, refresh: refreshToken } = cookies.read(req);
  const usable = force ? undefined : usableAccess(access, clock);
  if (usable) return usable;
  if (!refreshToken) {
    if (access) cookies.clear(res);
    return { ok: false, expired: Boolean(access) };
  }
  const tokens = await refresh(refreshToken, headers);
  const next = claimsOf(tokens?.token);
  if (!tokens || !next) {
    cookies.clear(res);
    cookies.remember(req, null);
    return { ok: false, expired: true };
  }
  cookies.set(res, tokens);
  cookies.remember(req, tokens);
  return { ok: true, token: tokens.token, claims: next };
}

export type SessionKeeper = ReturnType<typeof sessionKeeper>;
