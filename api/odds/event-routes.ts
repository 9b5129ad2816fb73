import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { Router, type RequestHandler } from "express";
import { sendCached, type CachedAnswer } from "#lib/node/cached-answer.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { COMPETITIONS, MARKETS } from "#shared/reference.ts";
import { AppError } from "../http/errors.ts";
import { guardQuery } from "../http/input-guards.ts";
import type { CachedBody, OddsCache } from "./cache.ts";

/** Event ids are the store's keys (`c1:...`); anything longer than this is no id of ours. */
const MAX_ID_LENGTH = 200;

/** What the index was built from: the cache's bodies, which keep their identity while unchanged. */
type Sources = readonly (CachedBody | undefined)[];

function sourcesOf(cache: OddsCache): Sources {
  return COMPETITIONS.flatMap((c) => MARKETS.map((m) => cache.odds(c.id, m.id)));
}

/** Every listed event with all its markets (reference order), joined from the per-(competition, market) answers. */
function joinEvents(sources: Sources): Map<string, OddsEvent> {
  const events = new Map<string, OddsEvent>();
  for (const body of sources) {
    if (!body) continue;
    const { data } = JSON.parse(body.json) as { data: { events: OddsEvent[] } };
    for (const event of data.events) {
      const known = events.get(event.id);
      if (known) known.markets.push(...event.markets);
      else events.set(event.id, { ...event, markets: [...event.markets] });
    }
  }
  for (const event of events.values()) event.markets.sort((a, b) => a.marketId - b.marketId);
  return events;
}

function answerOf(event: OddsEvent): CachedAnswer {
  const updatedAt = event.markets.flatMap((m) => m.odds.map((o) => o.updatedAt)).reduce((a, b) => (b > a ? b : a), new Date(0).toISOString());
  const json = JSON.stringify({ data: { event, updatedAt } });
  return { json, gzip: gzipSync(json), etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
}

/**
 * One event's answers, rebuilt only when the odds cache has rebuilt something (its bodies are new
 * objects then), so serving an event costs no database work and no JSON parsing per request.
 */
export function eventIndex(cache: OddsCache) {
  let built: Sources = [];
  let events = new Map<string, OddsEvent>();
  let answers = new Map<string, CachedAnswer>();
  return (id: string): CachedAnswer | undefined => {
    const now = sourcesOf(cache);
    if (now.length !== built.length || now.some((body, i) => body !== built[i])) {
      events = joinEvents(now);
      answers = new Map();
      built = now;
    }
    const event = events.get(id);
    if (!event) return undefined;
    let answer = answers.get(id);
    if (!answer) answers.set(id, (answer = answerOf(event)));
    return answer;
  };
}

/**
 * GET /odds/events/:id (Bearer token like /odds): one upcoming event with all its current markets,
 * in the odds-event shape of DESIGN section 3, plus `updatedAt`. An id the listing does not hold
 * (unknown, past kick-off, no fresh price) answers 404. No checksum: the contract defines `k`
 * for a (country, competition, market) triple only, and an event id names none of them.
 */
export function oddsEventRouter(cache: OddsCache, auth: RequestHandler): Router {
  const lookup = eventIndex(cache);
  const router = Router();
  router.use(guardQuery);
  router.get("/:id", auth, (req, res) => {
    const id = String(req.params.id);
    if (id.length > MAX_ID_LENGTH) throw new AppError("VALIDATION_ERROR", "event must be an event id.");
    const answer = lookup(id);
    if (!answer) throw new AppError("NOT_FOUND", "No such event.");
    sendCached(req, res, answer, "Accept-Encoding, Authorization");
  });
  return router;
}
