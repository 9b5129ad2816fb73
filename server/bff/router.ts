import express, { Router, type Request, type Response } from "express";
import type { Logger } from "pino";
import { oddsChecksum } from "#shared/checksum.ts";
import { ANALYTICS_EVENT_NAMES, CONTRACT_ROUTES, type AuthResult, type SessionUser, type UserProfile } from "#shared/contract.ts";
import { AUTH_EXPIRED_MESSAGE, errorEnvelope, UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/errors.ts";
import { sendCached } from "#lib/node/cached-answer.ts";
import type { SessionCookies } from "./cookies.ts";
import { depthGuard, envelopeErrors } from "./body-guard.ts";
import { csrfGuard } from "./csrf.ts";
import { oddsKey, type CachedOdds, type OddsCache } from "./odds-cache.ts";
import { beaconRateLimit } from "./rate-limit.ts";
import type { SessionKeeper } from "./session.ts";
import { UpstreamUnavailable, type Upstream, type UpstreamAnswer } from "./upstream.ts";

/** Calls whose answer carries tokens: the web tier keeps them in cookies and answers only the user. */
const ISSUES_TOKENS = new Set(["/users/login", "/users/verify-email", "/users/reset-password"]);
const ALLOWED = new Set(CONTRACT_ROUTES.filter((r) => r.upstream).map((r) => `${r.method} ${r.path}`));
const NEEDS_SESSION = new Set(CONTRACT_ROUTES.filter((r) => r.upstream && r.auth).map((r) => `${r.method} ${r.path}`));

export interface BffDeps {
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  publicOrigin: string;
  logger: Logger;
  odds: OddsCache;
}

/**
 * Headers of every call to the API. The upstream client asks for an uncompressed answer by
 * default (the BFF parses it); `relayed` calls, whose answer goes back to the browser byte for
 * byte, carry the browser's Accept-Encoding and If-None-Match instead.
 */
function forwardHeaders(req: Request, relayed = false): Record<string, string> {
  const browser = (name: string) => (relayed && req.header(name) ? { [name]: req.header(name)! } : {});
  return {
    accept: "application/json",
    "x-request-id": req.id,
    "x-forwarded-for": req.ip ?? "",
    ...(req.header("user-agent") ? { "user-agent": req.header("user-agent")! } : {}),
    ...browser("accept-encoding"),
    ...browser("if-none-match"),
  };
}

function relay(res: Response, answer: UpstreamAnswer) {
  for (const name of ["content-type", "content-encoding", "etag", "cache-control", "retry-after", "vary"]) {
    const value = answer.headers[name];
    if (value !== undefined) res.setHeader(name, value);
  }
  res.status(answer.status).send(answer.body);
}

const json = <T>(answer: UpstreamAnswer) => JSON.parse(answer.body.toString("utf8")) as { data: T };

/** The /api backend-for-frontend (DESIGN section 5). */
export function bffRouter(deps: BffDeps): Router {
  const { upstream, cookies, session } = deps;
  const router = Router();
  router.use(express.json({ limit: "16kb" }));
  router.use(depthGuard());
  router.use(csrfGuard(deps.publicOrigin));

  const expired = (res: Response) => {
    cookies.clear(res);
    res.status(401).json(errorEnvelope("AUTH_EXPIRED", AUTH_EXPIRED_MESSAGE));
  };

  /** An authenticated call: fresh token first; an upstream 401 gets one refresh and one retry. */
  async function withSession(req: Request, res: Response, call: (token: string, claims: { ak: string; exp: number }) => Promise<UpstreamAnswer>): Promise<UpstreamAnswer | undefined> {
    const headers = forwardHeaders(req);
    const first = await session.ensure(req, res, headers);
    if (!first.ok) {
      if (first.expired) expired(res);
      else res.status(401).json(errorEnvelope("AUTH_REQUIRED", "Please log in to continue."));
      return undefined;
    }
    const answer = await call(first.token, first.claims);
    if (answer.status !== 401) return answer;
    const retry = await session.ensure(req, res, headers, true);
    if (!retry.ok) {
      expired(res);
      return undefined;
    }
    return call(retry.token, retry.claims);
  }

  /**
   * GET /odds: the web tier computes k from the token's ak (DESIGN section 5; the browser never sees
   * either), and answers from the one-second odds cache when the API has accepted this token.
   */
  router.get("/odds", async (req, res) => {
    const raw = (name: string) => (typeof req.query[name] === "string" ? (req.query[name] as string) : "");
    const query = { country: raw("country"), competition: raw("competition"), market: raw("market") };
    const key = oddsKey(query);
    let cached: CachedOdds | undefined;
    const answer = await withSession(req, res, async (token, claims) => {
      cached = deps.odds.lookup(key, token);
      if (cached) return { status: 200, headers: {}, body: cached.gzip };
      const params = new URLSearchParams(req.url.includes("?") ? req.url.slice(req.url.indexOf("?") + 1) : "");
      params.set("k", oddsChecksum(claims.ak, query));
      // Asked for gzip whatever the browser takes: that is the form the cache keeps.
      const headers = { ...forwardHeaders(req), "accept-encoding": "gzip", authorization: `Bearer ${token}` };
      const fresh = await upstream.call("GET", `/odds?${params.toString()}`, { headers });
      cached = deps.odds.store(key, token, claims.exp, fresh);
      return fresh;
    });
    if (!answer) return;
    if (cached) return sendCached(req, res, cached);
    relay(res, answer);
  });

  router.get("/session", async (req, res) => {
    // No session cookies at all: a visitor, not an error (docs/decisions/005-session-endpoint.md).
    const held = cookies.read(req);
    if (!held.access && !held.refresh) {
      res.setHeader("Cache-Control", "private, no-store");
      res.json({ data: { user: null } });
      return;
    }
    const answer = await withSession(req, res, (token) => upstream.call("GET", "/users/me", { headers: { ...forwardHeaders(req), authorization: `Bearer ${token}` } }));
    if (!answer) return;
    if (answer.status !== 200) return relay(res, answer);
    const profile = json<UserProfile>(answer).data;
    const { sub } = cookies.readClaims(req) ?? { sub: "" };
    const user: SessionUser = { id: sub, username: profile.username, country: String(profile.country), registrationDate: profile.registrationDate };
    res.setHeader("Cache-Control", "private, no-store");
    res.json({ data: { user } });
  });

  /**
   * Logout needs the API (docs/decisions/011-logout-needs-the-api.md): the cookies go only once the
   * API has revoked the family, else the refresh token would outlive a "logout". An unreachable
   * API throws UpstreamUnavailable (502/503 below) and the user, still signed in, can retry.
   */
  router.post("/users/logout", async (req, res) => {
    const { refresh, access } = cookies.read(req);
    if (refresh || access) {
      const answer = await upstream.call("POST", "/users/logout", {
        headers: { ...forwardHeaders(req), "content-type": "application/json", ...(access ? { authorization: `Bearer ${access}` } : {}) },
        body: JSON.stringify(refresh ? { refreshToken: refresh } : {}),
      });
      // 200 revoked it; 401 means these cookies prove no live session, so there is nothing left to revoke.
      if (answer.status !== 200 && answer.status !== 401) return relay(res, answer);
      if (refresh) session.forget(refresh);
      if (access) deps.odds.forget(access);
    }
    cookies.clear(res);
    res.json({ data: { ok: true } });
  });

  router.post("/users/refresh", async (req, res) => {
    const result = await session.ensure(req, res, forwardHeaders(req), true);
    if (!result.ok) return expired(res);
    res.json({ data: { ok: true } });
  });

  router.post("/events", beaconRateLimit(), (req, res) => {
    const event = (req.body ?? {}) as Record<string, unknown>;
    if (typeof event.name !== "string" || !(ANALYTICS_EVENT_NAMES as readonly string[]).includes(event.name)) {
      res.status(400).json(errorEnvelope("VALIDATION_ERROR", "Unknown analytics event."));
      return;
    }
    // Logged, never stored; no personal data beyond the country (DESIGN section 3).
    const clip = (v: unknown) => (typeof v === "string" ? v.slice(0, 300) : undefined);
    deps.logger.info({ analytics: { name: event.name, path: clip(event.path), country: clip(event.country), message: clip(event.message) }, reqId: req.id }, "analytics event");
    res.status(202).json({ data: { ok: true } });
  });

  router.use(async (req, res) => {
    const key = `${req.method} ${req.path}`;
    if (!ALLOWED.has(key)) {
      res.status(404).json(errorEnvelope("NOT_FOUND", "Not found."));
      return;
    }
    const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
    const body = req.method === "GET" ? undefined : JSON.stringify(req.body ?? {});
    const base = { ...forwardHeaders(req, !ISSUES_TOKENS.has(req.path)), ...(body === undefined ? {} : { "content-type": "application/json" }) };

    if (NEEDS_SESSION.has(key)) {
      const answer = await withSession(req, res, (token) =>
        upstream.call(req.method as "GET" | "POST", `${req.path}${query}`, { headers: { ...base, authorization: `Bearer ${token}` }, body }),
      );
      if (answer) relay(res, answer);
      return;
    }

    const answer = await upstream.call(req.method as "GET" | "POST" | "PUT", `${req.path}${query}`, { headers: base, body });
    if (ISSUES_TOKENS.has(req.path) && answer.status === 200) {
      const { user, token, refreshToken } = json<AuthResult>(answer).data;
      cookies.set(res, { token, refreshToken });
      res.setHeader("Cache-Control", "private, no-store");
      res.json({ data: { user } });
      return;
    }
    relay(res, answer);
  });

  router.use((error: unknown, req: Request, res: Response, next: (e?: unknown) => void) => {
    if (!(error instanceof UpstreamUnavailable)) return next(error);
    // Counted in the upstream client, whoever called it.
    req.log?.warn?.({ err: error.message }, "odds API unavailable");
    res.status(error.status).json(errorEnvelope("UPSTREAM_UNAVAILABLE", UPSTREAM_UNAVAILABLE_MESSAGE));
  });
  router.use(envelopeErrors());

  return router;
}
