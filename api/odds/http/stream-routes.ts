import { Router, type Request, type RequestHandler, type Response } from "express";
import { consumerGuard } from "#lib/node/sse/consumer-guard.ts";
import { HEARTBEAT, positionFrame } from "#lib/node/sse/frame.ts";
import { oddsStreamChecksum } from "#shared/checksum.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { isCountryId } from "#shared/reference.ts";
import { AppError } from "../../http/errors.ts";
import { guardQuery } from "../../http/input-guards.ts";
import type { FeedSignal, LiveFeed } from "../live/live-feed.ts";

export interface StreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream (docs/design.md, The API's stream: 15 s). */
  heartbeatMs?: number;
  /** A consumer with more than this many bytes queued is dropped at once (a hard bound on memory). */
  maxQueuedBytes?: number;
  /** A consumer that has taken none of its queued bytes for this long (in heartbeats) is dropped. */
  maxStallMs?: number;
  /**
   * Streams one session (one `ak`) may hold: each web process opens one per country with one of
   * its subscribers' tokens, so a few replicas may pick the same session; a client holding
   * hundreds on one token is hogging (docs/decisions/026-web-tier-verifies-tokens-by-asking.md).
   */
  maxPerSession?: number;
  /** Streams this process holds at most; then 503 with Retry-After. */
  maxStreams?: number;
}

const DEFAULTS: Required<StreamOptions> = { heartbeatMs: 15_000, maxQueuedBytes: 16 << 20, maxStallMs: 30_000, maxPerSession: 32, maxStreams: 10_000 };
/** How long a refused client waits before trying again (seconds). */
const RETRY_AFTER_S = 30;
const SEQ = /^\d{1,15}$/;

/** Validates country, `k` and the resume point before anything is streamed; bad input answers in the envelope. */
function streamRequest(req: Request): { country: number; lastEventId: number | undefined } {
  const country = Number(req.query.country);
  if (!isCountryId(country)) throw new AppError("VALIDATION_ERROR", "country must be 1 (Nigeria), 2 (Ghana) or 3 (Kenya).");
  const k = typeof req.query.k === "string" ? req.query.k : "";
  if (k !== oddsStreamChecksum(req.auth!.ak, String(req.query.country))) throw new AppError("INVALID_CHECKSUM", "Missing or wrong request checksum.");
  const resume = req.header("last-event-id") ?? (typeof req.query.lastEventId === "string" ? req.query.lastEventId : undefined);
  if (resume !== undefined && !SEQ.test(resume)) throw new AppError("VALIDATION_ERROR", "Last-Event-ID must be a change sequence number.");
  return { country, lastEventId: resume === undefined ? undefined : Number(resume) };
}

/** Open streams per session and in all, for the caps. */
function openStreams() {
  const bySession = new Map<string, number>();
  let total = 0;
  return {
    total: () => total,
    of: (ak: string) => bySession.get(ak) ?? 0,
    add(ak: string) {
      total += 1;
      bySession.set(ak, (bySession.get(ak) ?? 0) + 1);
    },
    remove(ak: string) {
      total -= 1;
      const left = (bySession.get(ak) ?? 1) - 1;
      if (left > 0) bySession.set(ak, left);
      else bySession.delete(ak);
    },
  };
}

/** Where a new stream starts: its resume frames, or a reset (past the ring), or a `ready` naming the current sequence. */
function opening(feed: LiveFeed, live: boolean, lastEventId: number | undefined): string[] {
  const latest = live ? feed.latest() : 0;
  if (lastEventId === undefined) return [positionFrame("ready", latest)];
  const frames = live ? feed.since(lastEventId) : [];
  return frames ?? [positionFrame("reset", latest)];
}

/** One open stream: writes frames, beats, and drops itself when its consumer stops taking bytes. */
function openStream(res: Response, feed: LiveFeed, live: boolean, first: string[], options: Required<StreamOptions>) {
  const guard = consumerGuard(res, options, options.heartbeatMs);
  const write = (chunk: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(chunk);
    // Memory stays bounded whatever the consumer does.
    if (guard.wrote(Buffer.byteLength(chunk))) res.destroy();
  };
  const heartbeat = setInterval(() => {
    // A consumer that stops reading is cut off, not buffered for.
    if (guard.stalled()) return res.destroy();
    write(HEARTBEAT);
  }, options.heartbeatMs);
  const onSignal = (signal: FeedSignal) => (signal.kind === "end" ? res.end() : write(signal.frame));
  const unsubscribe = feed.subscribe(live ? onSignal : (signal) => signal.kind === "end" && res.end());
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  // The response closes on a client disconnect, a drop, and after an end alike.
  res.once("close", close);
  for (const frame of first) write(frame);
}

/**
 * GET /odds/stream?country=1&k=... (docs/design.md, The API's stream): Server-Sent Events of changed
 * event-markets; same token and checksum rules as /odds (docs/decisions/013-odds-stream.md).
 */
export function oddsStreamRouter(feed: LiveFeed, auth: RequestHandler, options: StreamOptions = {}, sessionStands?: (sid: string) => Promise<boolean>): Router {
  const settings = { ...DEFAULTS, ...options };
  const open = openStreams();
  const router = Router();
  router.use(guardQuery);
  router.get("/", auth, async (req, res) => {
    const { country, lastEventId } = streamRequest(req);
    // A revoked session (logged out, a reused refresh token) opens nothing, though its token is still signed.
    if (sessionStands && !(await sessionStands(req.auth!.sid))) throw new AppError("AUTH_REQUIRED", "Please log in to continue.");
    const ak = req.auth!.ak;
    if (open.total() >= settings.maxStreams) throw new AppError("UPSTREAM_UNAVAILABLE", "Too many live streams on this server; try again shortly.", { status: 503, retryAfterS: RETRY_AFTER_S });
    if (open.of(ak) >= settings.maxPerSession) throw new AppError("RATE_LIMIT_EXCEEDED", "Too many live streams for this session.", { retryAfterS: RETRY_AFTER_S });
    open.add(ak);
    res.once("close", () => open.remove(ak));
    // Only Nigeria is live: Ghana and Kenya streams carry beats and nothing else.
    const live = country === LIVE_COUNTRY_ID;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    openStream(res, feed, live, opening(feed, live, lastEventId), settings);
  });
  return router;
}
