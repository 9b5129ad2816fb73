import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import type { CachedAnswer } from "#lib/node/cached-answer.ts";
import { ENDPOINTS } from "#shared/contract.ts";
import { hasBrokenCharacters, hasControlCharacters } from "#shared/validation.ts";
import { pathBelow } from "../../http/endpoints.ts";
import { AppError } from "../../http/errors.ts";
import { guardQuery } from "../../http/input-guards.ts";
import { readMarketHistory } from "../read/history.ts";
import { readMatchDetail, readMatchHeading, type MatchDetailDeps } from "../read/match-detail.ts";
import type { OddsService } from "../read/service.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { answerOf, sendAnswer } from "../read/answers.ts";

/** Where api/app.ts mounts these routes. */
const EVENTS = "/odds/events";
/** Event ids are the store's keys (`c1:...`); anything longer than this is no id of ours. */
const MAX_ID_LENGTH = 200;
/** Answers kept between two cache rebuilds; past this the memo starts afresh (distinct ids are bounded by the store anyway). */
const MAX_MEMO_ENTRIES = 2_000;

export interface EventRouteDeps extends MatchDetailDeps {
  /** The odds service's rebuild count: a rebuild means the store (or time) moved, and memoised answers go. */
  odds: Pick<OddsService, "rebuilds">;
}

/**
 * Answers built from the store once per odds-cache rebuild and key, so a popular match page costs no
 * database work per request. Concurrent requests share one build; a miss (unknown id) or a failure
 * is not kept. A build that straddles a rebuild lands in the memo that rebuild discarded.
 */
export function rebuildMemo(rebuilds: () => number, limit = MAX_MEMO_ENTRIES) {
  let at = -1;
  let entries = new Map<string, Promise<CachedAnswer | undefined>>();
  return (key: string, build: () => Promise<unknown>): Promise<CachedAnswer | undefined> => {
    if (rebuilds() !== at) {
      at = rebuilds();
      entries = new Map();
    }
    const memo = entries;
    let answer = memo.get(key);
    if (!answer) {
      if (memo.size >= limit) memo.clear();
      answer = build().then((data) => (data === undefined ? undefined : answerOf(data)));
      void answer.then(
        (built) => built ?? memo.delete(key),
        () => memo.delete(key),
      );
      memo.set(key, answer);
    }
    return answer;
  };
}

/** The event id of the path: text of ours, or 400 before any database work. */
function eventIdOf(req: Request): string {
  const id = String(req.params.id);
  if (id.length > MAX_ID_LENGTH || hasControlCharacters(id) || hasBrokenCharacters(id)) throw new AppError("VALIDATION_ERROR", "event must be an event id.");
  return id;
}

/** Express refuses a path parameter it cannot decode (`%zz`, an encoded lone surrogate) with a bare URIError: it is the client's bad input. */
const undecodableId: ErrorRequestHandler = (error, _req, _res, next) => {
  next(error instanceof URIError ? new AppError("VALIDATION_ERROR", "event must be an event id.") : error);
};

/**
 * `market` of the query, written plainly: 1 to 8, or another market the catalogue lists (not
 * retired) where the router has it; else 400.
 */
function marketOf(req: Request, catalogue: (() => Catalogue) | undefined): number {
  const market = req.query.market;
  if (typeof market === "string" && /^[1-8]$/.test(market)) return Number(market);
  const listed = typeof market === "string" && /^[1-9]\d{0,5}$/.test(market) ? catalogue?.().markets.get(Number(market)) : undefined;
  if (!listed || listed.retired) throw new AppError("VALIDATION_ERROR", catalogue ? "market must be a market of /odds/markets." : "market must be 1 to 8.");
  return listed.id;
}

/**
 * GET /odds/events/:id (MatchDetail: every market with opening prices, and links) and
 * GET /odds/events/:id/history?market=M (MarketHistory), Bearer token like /odds, and
 * GET /odds/events/:id/heading (MatchHeading, public, no price), read from the
 * store and memoised until the odds cache rebuilds; ETag, 304 and coding as the listing. An id the
 * store does not hold (unknown, or pruned 14 days after kick-off) answers 404. No checksum: the
 * contract defines `k` for a (country, competition, market) triple only, and an event id names none.
 */
export function oddsEventRouter(deps: EventRouteDeps, auth: RequestHandler): Router {
  const memo = rebuildMemo(deps.odds.rebuilds);
  const router = Router();
  router.use(guardQuery);
  router.get(pathBelow(EVENTS, ENDPOINTS.event), auth, async (req, res) => {
    const id = eventIdOf(req);
    const answer = await memo(`detail:${id}`, () => readMatchDetail(deps, id));
    if (!answer) throw new AppError("NOT_FOUND", "No such event.");
    sendAnswer(req, res, answer);
  });
  // Public: teams, league and kick-off only, so a link shared to a signed-out friend says what it is.
  router.get(pathBelow(EVENTS, ENDPOINTS.matchHeading), async (req, res) => {
    const id = eventIdOf(req);
    const answer = await memo(`heading:${id}`, () => readMatchHeading(deps, id));
    if (!answer) throw new AppError("NOT_FOUND", "No such event.");
    sendAnswer(req, res, answer);
  });
  router.get(pathBelow(EVENTS, ENDPOINTS.history), auth, async (req, res) => {
    const id = eventIdOf(req);
    const market = marketOf(req, deps.catalogue);
    const answer = await memo(`history:${market}:${id}`, () => readMarketHistory(deps.db, id, market));
    if (!answer) throw new AppError("NOT_FOUND", "No such event.");
    sendAnswer(req, res, answer);
  });
  router.use(undecodableId);
  return router;
}
