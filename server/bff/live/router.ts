import { Router, type Request, type RequestHandler, type Response } from "express";
import { decodeJwt } from "jose";
import type { Logger } from "pino";
import { errorEnvelope } from "#shared/error-codes.ts";
import { AUTH_EXPIRED_MESSAGE } from "#shared/messages.ts";
import type { SessionCookies } from "../cookies.ts";
import type { SessionKeeper } from "../session.ts";
import { callWithSession, forwardHeaders } from "../session-calls.ts";
import type { Upstream } from "../upstream.ts";
import { browserStream } from "./browser-stream.ts";
import { liveHub, type HubOptions, type LiveMetrics } from "./hub.ts";
import { hasEvents, parseView, viewKey, type View } from "./view.ts";

export interface LiveOddsDeps {
  /** Where the odds API answers (the same origin as `upstream`'s). */
  apiOrigin: string;
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  logger: Logger;
  metrics?: LiveMetrics;
  options?: HubOptions;
}

type Session = { ok: true; token: string; ak: string; exp: number } | { ok: false; status: number; code: "AUTH_REQUIRED" | "AUTH_EXPIRED" | "NOT_FOUND" | "VALIDATION_ERROR"; description: string };

const SEQ = /^\d{1,15}$/;
const noSession = (expired: boolean): Session =>
  expired ? { ok: false, status: 401, code: "AUTH_EXPIRED", description: AUTH_EXPIRED_MESSAGE } : { ok: false, status: 401, code: "AUTH_REQUIRED", description: "Please log in to continue." };

/**
 * The session behind the request (refreshed first when needed, cookies set on this response),
 * and for an event view that the API knows the event (GET /odds/events/:id with the same token).
 */
async function checkSession(deps: LiveOddsDeps, req: Request, res: Response, view: View): Promise<Session> {
  if (view.event === undefined) {
    const check = await deps.session.ensure(req, res, forwardHeaders(req));
    return check.ok ? { ok: true, token: check.token, ak: check.claims.ak, exp: check.claims.exp } : noSession(check.expired);
  }
  if (!hasEvents(view.country)) return { ok: false, status: 404, code: "NOT_FOUND", description: "No such event." };
  let used = { token: "", ak: "", exp: 0 };
  const path = `/odds/events/${encodeURIComponent(view.event)}`;
  const outcome = await callWithSession(deps.session, req, res, (token, claims) => {
    used = { token, ak: claims.ak, exp: claims.exp };
    return deps.upstream.call("GET", path, { headers: { ...forwardHeaders(req), authorization: `Bearer ${token}` } });
  });
  if (!outcome.ok) return noSession(outcome.expired);
  const status = outcome.answer.status;
  if (status === 200) return { ok: true, ...used };
  if (status === 404) return { ok: false, status: 404, code: "NOT_FOUND", description: "No such event." };
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
 * GET /api/odds/stream?country=1&competition=N&market=M | &market=M (every league) | &event=ID[&market=M] [&lastEventId=SEQ] (DESIGN section 9):
 * a signed-in browser's live odds as SSE, fanned out from this process's one upstream stream per
 * country. Every refusal answers in the envelope before any stream opens. The router carries
 * `closeStreams()` (the drain) and `watchLogout` (mounted on POST /api/users/logout).
 */
export function liveOddsRouter(deps: LiveOddsDeps) {
  const hub = liveHub(deps.apiOrigin, deps.metrics, deps.options);
  const router = Router();
  router.get("/", async (req, res) => {
    const parsed = parseView(req.query as Record<string, unknown>);
    if (!parsed.ok) return void res.status(400).json(errorEnvelope("VALIDATION_ERROR", parsed.description));
    const lastEventId = resumePoint(req);
    if (lastEventId === null) return void res.status(400).json(errorEnvelope("VALIDATION_ERROR", "Last-Event-ID (or lastEventId) must be a change sequence number."));
    const session = await checkSession(deps, req, res, parsed.view);
    if (!session.ok) return void res.status(session.status).json(errorEnvelope(session.code, session.description));
    // Compressed (one deflate context for the whole stream: repeated JSON keys cost a few bytes,
    // a budget of DESIGN section 8) and flushed after every frame, so nothing waits in zlib.
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no" });
    res.flushHeaders();
    if (hub.closing()) return void res.end();
    const stream = browserStream(res, hub.limits, () => deps.metrics?.liveSlowConsumerDropped());
    const { refresh } = deps.cookies.read(req);
    const leave = hub.join(parsed.view.country, { key: viewKey(parsed.view), stream, token: session.token, ak: session.ak, exp: session.exp, refresh, lastEventId });
    res.once("close", leave);
  });
  return Object.assign(router, { closeStreams: hub.closeStreams, watchLogout: watchLogout(deps.cookies, hub.endSession), upstreams: hub.upstreams });
}

/**
 * Before the BFF's logout: once it answers 200 (the API revoked the family), this process's
 * streams of that session end. The session is its `ak` (one per refresh family) or its refresh token.
 */
function watchLogout(cookies: SessionCookies, endSession: (match: { ak?: string; refresh?: string }) => void): RequestHandler {
  return (req, res, next) => {
    const { access, refresh } = cookies.read(req);
    let ak: string | undefined;
    try {
      ak = access ? (decodeJwt(access).ak as string | undefined) : undefined;
    } catch {
      ak = undefined;
    }
    res.once("finish", () => {
      if (res.statusCode === 200) endSession({ ak, refresh });
    });
    next();
  };
}
