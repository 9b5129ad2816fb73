import express, { Router, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { ANALYTICS_EVENT_NAMES, ENDPOINTS, matchContractRoute } from "#shared/contract.ts";
import { errorEnvelope } from "#shared/error-codes.ts";
import { AUTH_EXPIRED_MESSAGE } from "#shared/messages.ts";
import { sendCached } from "#lib/node/cached-answer.ts";
import { PRIVATE_NO_STORE } from "#lib/node/private-no-store.ts";
import { authAnswer, profileAnswer, readData } from "./api-answers.ts";
import type { SessionCookies } from "./cookies.ts";
import { depthGuard } from "./body-guard.ts";
import { csrfGuard } from "./csrf.ts";
import { oddsKey, type CachedOdds, type WebOddsCache } from "./odds-cache.ts";
import { beaconRateLimit } from "./rate-limit.ts";
import type { SessionKeeper } from "./session.ts";
import { callWithSession, fetchOdds, forwardHeaders, oddsQuery, revokeSession, sessionUserOfProfile, type TokenClaims } from "./session-calls.ts";
import type { Upstream, UpstreamAnswer } from "./upstream.ts";

/** Calls whose answer carries tokens: the web tier keeps them in cookies and answers only the user. */
const ISSUES_TOKENS = new Set<string>([ENDPOINTS.login.path, ENDPOINTS.verifyEmail.path, ENDPOINTS.resetPassword.path]);

/**
 * The API path of a contract route: its pattern with each parameter decoded once and
 * percent-encoded again, so what reaches the API is one segment however the browser spelled it.
 * undefined when a parameter is not valid percent-encoding, or is a dot segment a proxy could resolve.
 */
function upstreamPath(pattern: string, params: Record<string, string>): string | undefined {
  const parts: string[] = [];
  for (const part of pattern.split("/")) {
    if (!part.startsWith(":")) {
      parts.push(part);
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(params[part.slice(1)] ?? "");
    } catch {
      return undefined;
    }
    if (value === "." || value === "..") return undefined;
    parts.push(encodeURIComponent(value));
  }
  return parts.join("/");
}

export interface BffDeps {
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  publicOrigin: string;
  /** NODE_ENV=production: CSRF accepts PUBLIC_ORIGIN alone. */
  production?: boolean;
  logger: Logger;
  odds: WebOddsCache;
}

function relay(res: Response, answer: UpstreamAnswer) {
  for (const name of ["content-type", "content-encoding", "etag", "cache-control", "retry-after", "vary"]) {
    const value = answer.headers[name];
    if (value !== undefined) res.setHeader(name, value);
  }
  res.status(answer.status).send(answer.body);
}

type Handler = (req: Request, res: Response) => Promise<void>;

/** The /api backend-for-frontend (docs/design.md, The web tier as backend-for-frontend). */
export function bffRouter(deps: BffDeps): Router {
  const router = Router();
  router.use(express.json({ limit: "16kb" }));
  router.use(depthGuard());
  router.use(csrfGuard(deps.publicOrigin, deps.production));
  router.get(ENDPOINTS.session.path, sessionRoute(deps));
  router.post(ENDPOINTS.logout.path, logoutRoute(deps));
  router.post(ENDPOINTS.refresh.path, refreshRoute(deps));
  router.post(ENDPOINTS.analytics.path, beaconRateLimit(), eventsRoute(deps.logger));
  router.use(contractForwarder(deps));
  return router;
}

function answerExpired(cookies: SessionCookies, res: Response): void {
  cookies.clear(res);
  res.status(401).json(errorEnvelope("AUTH_EXPIRED", AUTH_EXPIRED_MESSAGE));
}

/** An authenticated call (session-calls.ts); a session that is over is answered here. */
async function withSession(
  deps: BffDeps,
  req: Request,
  res: Response,
  call: (token: string, claims: TokenClaims) => Promise<UpstreamAnswer>,
): Promise<UpstreamAnswer | undefined> {
  const outcome = await callWithSession(deps.session, req, res, call);
  if (outcome.ok) return outcome.answer;
  if (outcome.expired) answerExpired(deps.cookies, res);
  else res.status(401).json(errorEnvelope("AUTH_REQUIRED", "Please log in to continue."));
  return undefined;
}

/**
 * GET /api/odds: signed and answered from the odds cache when it can be (session-calls.ts). The
 * web tier's busiest call, so server/app.ts mounts it ahead of the middleware it does not use: no
 * body to parse or check, and it picks its own content coding (lib/node/content-coding.ts).
 */
export function bffOddsRoute(deps: BffDeps): RequestHandler {
  return (req, res) => {
    const params = new URLSearchParams(req.url.includes("?") ? req.url.slice(req.url.indexOf("?") + 1) : "");
    // Most answers: a token that needs no refresh, and odds the cache holds for it. Sent at once,
    // with nothing to wait for (each await on the way was a measurable part of an answer's cost).
    const held = deps.session.current(req);
    const hit = held && deps.odds.lookup(oddsKey(oddsQuery(params)), held.token);
    if (hit) return void sendCached(req, res, hit, ODDS_HEADERS);
    return oddsThroughSession(deps, req, res, params);
  };
}

const ODDS_HEADERS = { cacheControl: PRIVATE_NO_STORE, vary: "Accept-Encoding" };

/** The rest: a refresh first, or the API asked (once per key for everyone: odds-cache.ts). */
async function oddsThroughSession(deps: BffDeps, req: Request, res: Response, params: URLSearchParams): Promise<void> {
  let cached: CachedOdds | undefined;
  const answer = await withSession(deps, req, res, async (token, claims) => {
    const got = await fetchOdds(deps, req, params, token, claims);
    cached = got.cached;
    return got.answer;
  });
  if (!answer) return;
  if (cached) return sendCached(req, res, cached, ODDS_HEADERS);
  relay(res, answer);
}

function sessionRoute(deps: BffDeps): Handler {
  const { upstream, cookies } = deps;
  return async (req, res) => {
    // No session cookies at all: a visitor, not an error (docs/decisions/005-session-endpoint.md).
    const held = cookies.read(req);
    if (!held.access && !held.refresh) {
      res.setHeader("Cache-Control", "private, no-store");
      res.json({ data: { user: null } });
      return;
    }
    const answer = await withSession(deps, req, res, (token) => upstream.call(ENDPOINTS.me.method, ENDPOINTS.me.path, { headers: { ...forwardHeaders(req), authorization: `Bearer ${token}` } }));
    if (!answer) return;
    if (answer.status !== 200) return relay(res, answer);
    const profile = readData(upstream, ENDPOINTS.me, answer, profileAnswer);
    const { sub } = cookies.readClaims(req) ?? { sub: "" };
    res.setHeader("Cache-Control", "private, no-store");
    res.json({ data: { user: sessionUserOfProfile(profile, sub) } });
  };
}

/**
 * Logout needs the API (docs/decisions/011-logout-needs-the-api.md): the cookies go only once the
 * API has revoked the family, else the refresh token would outlive a "logout". An unreachable
 * API throws UpstreamUnavailable (502/503 from server/ops/fallbacks.ts) and the user, still signed in, can retry.
 */
function logoutRoute(deps: BffDeps): Handler {
  return async (req, res) => {
    const refused = await revokeSession(deps, req);
    if (refused) return relay(res, refused);
    deps.cookies.clear(res);
    res.json({ data: { ok: true } });
  };
}

function refreshRoute({ cookies, session }: BffDeps): Handler {
  return async (req, res) => {
    const result = await session.ensure(req, res, forwardHeaders(req), true);
    if (!result.ok) return answerExpired(cookies, res);
    res.json({ data: { ok: true } });
  };
}

function eventsRoute(logger: Logger): RequestHandler {
  return (req, res) => {
    const event = (req.body ?? {}) as Record<string, unknown>;
    if (typeof event.name !== "string" || !(ANALYTICS_EVENT_NAMES as readonly string[]).includes(event.name)) {
      res.status(400).json(errorEnvelope("VALIDATION_ERROR", "Unknown analytics event."));
      return;
    }
    // Logged, never stored; no personal data beyond the country (docs/design.md, Calls beyond the product's).
    const clip = (v: unknown) => (typeof v === "string" ? v.slice(0, 300) : undefined);
    logger.info({ analytics: { name: event.name, path: clip(event.path), country: clip(event.country), message: clip(event.message) }, reqId: req.id }, "analytics event");
    res.status(202).json({ data: { ok: true } });
  };
}

/** Every other contract route, forwarded as is; the token-issuing ones trade their tokens for cookies. */
function contractForwarder(deps: BffDeps): Handler {
  const { upstream, cookies } = deps;
  return async (req, res) => {
    const found = matchContractRoute(req.method, req.path);
    const path = found?.route.upstream ? upstreamPath(found.route.path, found.params) : undefined;
    if (!found?.route.upstream) return void res.status(404).json(errorEnvelope("NOT_FOUND", "Not found."));
    if (path === undefined) return void res.status(400).json(errorEnvelope("VALIDATION_ERROR", "The path holds an id that is not valid."));
    const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
    const body = req.method === "GET" ? undefined : JSON.stringify(req.body ?? {});
    const base = { ...forwardHeaders(req, !ISSUES_TOKENS.has(req.path)), ...(body === undefined ? {} : { "content-type": "application/json" }) };

    if (found.route.auth) {
      const answer = await withSession(deps, req, res, (token) =>
        upstream.call(found.route.method, `${path}${query}`, { headers: { ...base, authorization: `Bearer ${token}` }, body }),
      );
      if (answer) relay(res, answer);
      return;
    }

    const answer = await upstream.call(found.route.method, `${path}${query}`, { headers: base, body });
    if (ISSUES_TOKENS.has(req.path) && answer.status === 200) {
      const { user, token, refreshToken } = readData(upstream, found.route, answer, authAnswer);
      cookies.set(res, { token, refreshToken });
      res.setHeader("Cache-Control", "private, no-store");
      res.json({ data: { user } });
      return;
    }
    relay(res, answer);
  };
}
