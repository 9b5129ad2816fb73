import { Router, type Request, type RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { JsonAnswer } from "#lib/node/cached-answer.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { ENDPOINTS, type NextOdds } from "#shared/contract.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { listsCompetition, listsMarket } from "../../catalogue/start.ts";
import { pathBelow } from "../../http/endpoints.ts";
import { AppError } from "../../http/errors.ts";
import { guardQuery } from "../../http/input-guards.ts";
import type { OddsCache } from "../read/cache.ts";
import { answerOf, countryOf, sendAnswer } from "../read/answers.ts";
import { MAX_NEXT_COMPETITIONS, nextPage, parseCursor, type NextPageQuery } from "../read/next-page.ts";

export interface NextDeps {
  cache: OddsCache;
  catalogue: () => Catalogue;
  clock: () => number;
  /** FEED_INTERVAL_S, as /odds answers it. */
  intervalS: number;
}

/** A query parameter given at most once, as text. */
function single(req: Request, name: string): string | undefined {
  const raw = req.query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== "string") throw new AppError("VALIDATION_ERROR", `${name} must be given once.`);
  return raw;
}

function nextQueryOf(req: Request, catalogue: Catalogue): NextPageQuery {
  const market = Number(single(req, "market"));
  if (!Number.isSafeInteger(market) || !listsMarket(catalogue, market)) throw new AppError("VALIDATION_ERROR", "market is not one we compare (GET /odds/markets lists them).");
  const query: NextPageQuery = { market };
  const competition = single(req, "competition");
  if (competition !== undefined) {
    const ids = competition.split(",").map((part) => (/^[0-9]{1,9}$/.test(part) ? Number(part) : NaN));
    if (ids.length > MAX_NEXT_COMPETITIONS) throw new AppError("VALIDATION_ERROR", `competition may name at most ${MAX_NEXT_COMPETITIONS} competitions.`);
    if (!ids.every((id) => listsCompetition(catalogue, id))) throw new AppError("VALIDATION_ERROR", "competition must be ids of competitions we list, comma-separated (GET /odds/competitions lists them).");
    query.competitions = [...new Set(ids)].sort((a, b) => a - b);
  }
  const after = single(req, "after");
  if (after !== undefined) {
    const cursor = parseCursor(after);
    if (!cursor) throw new AppError("VALIDATION_ERROR", "after must be a page's next cursor.");
    query.after = cursor;
  }
  const until = single(req, "until");
  if (until !== undefined) {
    if (!/^[0-9]{1,15}$/.test(until)) throw new AppError("VALIDATION_ERROR", "until must be a time in epoch milliseconds.");
    query.until = Number(until);
  }
  return query;
}

/** How many pages one listing keeps built: the pages most asked for (the first of each market and day). */
const MAX_PAGES_KEPT = 500;

/**
 * GET /odds/next (docs/design.md, Catalogue API), Bearer token like /odds, no checksum (the contract
 * defines `k` for /odds only): a page of the listing across competitions, from memory. Pages are kept
 * per listing until their first event kicks off. Ghana and Kenya are coming soon: no events.
 */
export function nextRouter(deps: NextDeps, auth: RequestHandler): Router {
  const pages = new LRUCache<string, { answer: JsonAnswer; validUntil: number }>({ max: MAX_PAGES_KEPT });
  let pagesOf = -1;
  const none = answerOf({ events: [], updatedAt: new Date(0).toISOString() } satisfies NextOdds);
  const router = Router();

  router.get(pathBelow("/odds", ENDPOINTS.next), guardQuery, auth, (req, res) => {
    const country = countryOf(req);
    const query = nextQueryOf(req, deps.catalogue());
    if (country !== LIVE_COUNTRY_ID) return sendAnswer(req, res, none);
    const listed = deps.cache.listed();
    if (listed.version !== pagesOf) {
      pagesOf = listed.version;
      pages.clear();
    }
    const now = deps.clock();
    const key = JSON.stringify(query);
    let kept = pages.get(key);
    if (!kept || now >= kept.validUntil) {
      const page = nextPage(listed.events, query, now, deps.intervalS);
      kept = { answer: answerOf(page, kept?.answer), validUntil: page.events[0] ? Date.parse(page.events[0].date) : Infinity };
      pages.set(key, kept);
    }
    sendAnswer(req, res, kept.answer);
  });

  return router;
}
