import { Router, type Request, type RequestHandler, type Response } from "express";
import { addressKey } from "#lib/node/address-key.ts";
import type { Logger } from "pino";
import { ENDPOINTS, endpointUrl } from "#shared/contract.ts";
import { errorEnvelope } from "#shared/error-codes.ts";
import { AUTH_EXPIRED_MESSAGE } from "#shared/messages.ts";
import type { SessionCookies } from "../cookies.ts";
import type { SessionKeeper } from "../session.ts";
import type { SessionChecker } from "../session-check.ts";
import { forwardHeaders } from "../session-calls.ts";
import type { Upstream } from "../upstream.ts";
import { browserStream } from "./browser-stream.ts";
import { streamCoding } from "./stream-coding.ts";
import { liveHub, type HubOptions, type LiveMetrics } from "./hub.ts";
import { hasEvents, parseView, viewKey, type View } from "./view.ts";

export interface LiveOddsDeps {
  /** Where the odds API answers (the same origin as `upstream`'s). */
  apiOrigin: string;
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  /** The API's word on a token: nothing here acts on a claim it did not vouch for. */
  check: SessionChecker;
  logger: Logger;
  metrics?: LiveMetrics;
  options?: HubOptions;
}

type Session = { ok: true; token: string; sub: string; ak: string; exp: number } | { ok: false; status: number; code: "AUTH_REQUIRED" | "AUTH_EXPIRED" | "NOT_FOUND" | "VALIDATION_ERROR"; description: string };

const SEQ = /^\d{1,15}$/;
/** Seconds a browser refused by a stream cap waits before trying again. */
const RETRY_AFTER_S = 30;
const noSession = (expired: boolean): Session =>
  expired ? { ok: false, status: 401, code: "AUTH_EXPIRED", description: AUTH_EXPIRED_MESSAGE } : { ok: false, status: 401, code: "AUTH_REQUIRED", description: "Please log in to continue." };

/** The request's access token, refreshed first when needed, as the API vouches for it; one forced refresh if it does not. */
async function verifiedSession(deps: LiveOddsDeps, req: Request, res: Response): Promise<Session> {
  const headers = forwardHeaders(req);
  const first = await deps.session.ensure(req, res, headers);
  if (!first.ok) return noSession(first.expired);
  const claims = await deps.check.verify(first.token);
  if (claims) return { ok: true, token: first.token, ...claims };
  // A refused token (forged, revoked, signed with an old key) is never streamed to; a live refresh cookie may still renew it.
  const retry = await deps.session.ensure(req, res, headers, true);
  if (!retry.ok) return noSession(true);
  const renewed = await deps.check.verify(retry.token);
  return renewed ? { ok: true, token: retry.token, ...renewed } : noSession(true);
}

/**
 * The verified session behind the request (cookies set on this response when refreshed), and for
 * an event view that the API knows the event (GET /odds/events/:id with the same token).
 */
async function checkSession(deps: LiveOddsDeps, req: Request, res: Response, view: View): Promise<Session> {
  if (view.event !== undefined && !hasEvents(view.country)) return { ok: false, status: 404, code: "NOT_FOUND", description: "No such event." };
  const session = await verifiedSession(deps, req, res);
  if (!session.ok || view.event === undefined) return session;
  const path = endpointUrl(ENDPOINTS.event, { id: view.event });
  const answer = await deps.upstream.call(ENDPOINTS.event.method, path, { headers: { ...forwardHeaders(req), authorization: `Bearer ${session.token}` } });
  if (answer.status === 200) return session;
  if (answer.status === 401) return noSession(true);
  if (answer.status === 404) return { ok: false, status: 404, code: "NOT_FOUND", description: "No such event." };
  return { ok: false, status: 400, code: "VALIDATION_ERROR", description: "event must be an event id." };
}

/**
 * The browser's resume point: EventSource sends Last-Event-ID on its own reconnects; a tab shown
 * again opens a new EventSource, which cannot set headers, with `lastEventId` in the query. The
 * header wins when both are sent (it is the newer: the reconnect of that very EventSource).
 * undefined: none given; null: not a sequence number (also a repeated query parameter).
 */
function resumePoint(req: Request): number | undefined | null {
  const header = req.header("last-event-id");
  const query = (req.query as Record<string, unknown>)["lastEventId"];
  const given = header !== undefined && header !== "" ? header : query;
  if (given === undefined || given === "") return undefined;
  return typeof given === "string" && SEQ.test(given) ? Number(given) : null;
}

/**
 * GET /api/odds/stream?country=1&competition=N&market=M | &market=M (every league) | &event=ID[&market=M] [&lastEventId=SEQ]:
 * a signed-in browser's live odds as SSE, fanned out from this process's one upstream stream per
 * country (docs/design.md, Web-tier fan-out). Every refusal answers in the envelope before any stream
 * opens. The router carries `closeStreams()` (the drain) and `watchLogout` (mounted on POST /api/users/logout and the log-out form's POST /logout).
 */
export function liveOddsRouter(deps: LiveOddsDeps) {
  const hub = liveHub(deps.apiOrigin, deps.metrics, { verify: deps.check.verify, ...deps.options });
  const router = Router();
  router.get("/", async (req, res) => {
    const parsed = parseView(req.query as Record<string, unknown>);
    if (!parsed.ok) return void res.status(400).json(errorEnvelope("VALIDATION_ERROR", parsed.description));
    const lastEventId = resumePoint(req);
    if (lastEventId === null) return void res.status(400).json(errorEnvelope("VALIDATION_ERROR", "Last-Event-ID (or lastEventId) must be a change sequence number."));
    const session = await checkSession(deps, req, res, parsed.view);
    if (!session.ok) return void res.status(session.status).json(errorEnvelope(session.code, session.description));
    const address = addressKey(req.ip);
    const admission = hub.admit({ ak: session.ak, address });
    if (!admission.ok) {
      res.setHeader("Retry-After", String(RETRY_AFTER_S));
      return void res.status(admission.status).json(errorEnvelope(admission.status === 503 ? "UPSTREAM_UNAVAILABLE" : "RATE_LIMIT_EXCEEDED", admission.description));
    }
    // gzip made of each frame's own compressed bytes (stream-coding.ts): no compression context a stream.
    const coding = streamCoding(req);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
      Vary: "Accept-Encoding",
      ...(coding === "gzip" ? { "Content-Encoding": "gzip" } : {}),
    });
    res.flushHeaders();
    const stream = browserStream(res, { limits: hub.limits, heartbeatMs: hub.heartbeatMs, onDropped: () => deps.metrics?.liveSlowConsumerDropped(), coding });
    if (hub.closing()) return stream.end();
    const { refresh } = deps.cookies.read(req);
    const leave = hub.join(parsed.view.country, { key: viewKey(parsed.view), stream, token: session.token, sub: session.sub, ak: session.ak, exp: session.exp, address, refresh, lastEventId });
    res.once("close", leave);
  });
  return Object.assign(router, { closeStreams: hub.closeStreams, watchLogout: watchLogout(deps, hub.endAccount), upstreams: hub.upstreams });
}

/**
 * Before the BFF's logout: the account behind the request as the API vouches for it (asked before
 * the logout revokes it); once the logout answers 200 (the API revoked every session of the
 * account), every stream of that account on this process ends. Without a usable access token the
 * account is the one whose streams carry the request's refresh cookie.
 */
function watchLogout(deps: LiveOddsDeps, endAccount: (match: { sub?: string; refresh?: string }) => void): RequestHandler {
  return async (req, res, next) => {
    const { access, refresh } = deps.cookies.read(req);
    const claims = await deps.check.verify(access).catch(() => null);
    res.once("finish", () => {
      // The BFF's logout answers 200 once it is done, the form's a redirect (303) home.
      if (res.statusCode !== 200 && res.statusCode !== 303) return;
      if (access) deps.check.forget(access);
      endAccount({ sub: claims?.sub, refresh });
    });
    next();
  };
}
