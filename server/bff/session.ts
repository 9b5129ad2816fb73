import type { Request, Response } from "express";
import { decodeJwt } from "jose";
import { REFRESH_WINDOW_S } from "#shared/constants.ts";
import type { SessionCookies } from "./cookies.ts";
import type { Upstream } from "./upstream.ts";

export interface Tokens {
  token: string;
  refreshToken: string;
}

export type SessionCheck = { ok: true; token: string; claims: { sub: string; ak: string; exp: number } } | { ok: false; expired: boolean };

function claimsOf(token: string | undefined) {
  if (!token) return undefined;
  try {
    const claims = decodeJwt(token);
    if (typeof claims.sub !== "string" || typeof claims.ak !== "string" || typeof claims.exp !== "number") return undefined;
    return { sub: claims.sub, ak: claims.ak, exp: claims.exp };
  } catch {
    return undefined;
  }
}

/**
 * The spec's client-side session logic, run by the web tier (DESIGN section 5): an access token
 * that is missing, expired or within 5 minutes of expiry is refreshed first, one refresh at a
 * time per session; a failed refresh clears the cookies.
 */
export function sessionKeeper(upstream: Upstream, cookies: SessionCookies, clock: () => number = Date.now) {
  /** Concurrent requests of one session share one refresh (keyed by the refresh token). */
  const inFlight = new Map<string, Promise<Tokens | null>>();

  async function refresh(refreshToken: string, headers: Record<string, string>): Promise<Tokens | null> {
    const running = inFlight.get(refreshToken);
    if (running) return running;
    const attempt = (async () => {
      const res = await upstream.call("POST", "/users/refresh", { headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ refreshToken }) });
      if (res.status !== 200) return null;
      const data = (JSON.parse(res.body.toString("utf8")) as { data: Tokens }).data;
      return data;
    })();
    inFlight.set(refreshToken, attempt);
    try {
      return await attempt;
    } finally {
      // Keep the answer briefly so requests that read the old cookie just after still share it.
      setTimeout(() => inFlight.delete(refreshToken), 10_000).unref();
    }
  }

  return {
    refresh,
    /** Answers a usable access token, refreshing it first when needed; sets or clears cookies on `res`. */
    async ensure(req: Request, res: Response, headers: Record<string, string>, force = false): Promise<SessionCheck> {
      const { access, refresh: refreshToken } = cookies.read(req);
      const claims = claimsOf(access);
      const fresh = claims && claims.exp - clock() / 1000 > REFRESH_WINDOW_S;
      if (access && claims && fresh && !force) return { ok: true, token: access, claims };
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
    },
  };
}

export type SessionKeeper = ReturnType<typeof sessionKeeper>;
