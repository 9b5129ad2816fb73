import { Router, type Request, type RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { CachedAnswer } from "#lib/node/cached-answer.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { ENDPOINTS, type DroppingOdds, type SearchResult } from "#shared/contract.ts";
import type { Database } from "../../db/schema.ts";
import { pathBelow } from "../../http/endpoints.ts";
import { AppError } from "../../http/errors.ts";
import { guardQuery } from "../../http/input-guards.ts";
import { isCompetitionId, isMarketId } from "#shared/reference.ts";
import type { ToolMarketNames } from "../tools/tool-markets.ts";
import type { OddsCache } from "../read/cache.ts";
import { DEFAULT_HOURS, droppingBoards, MAX_HOURS, pickDrops, type DropFilter } from "../tools/dropping.ts";
import { listedSearchIndex, MAX_QUERY_LENGTH, searchEvents, type SearchIndex } from "../tools/search.ts";
import { answerOf, countryOf, sendAnswer as send } from "../read/answers.ts";

export interface FindDeps {
  cache: OddsCache;
  db: Kysely<Database>;
  clock: () => number;
  /** FEED_INTERVAL_S: dropping odds judge freshness as the listing does. */
  intervalS: number;
  /** Whether a competition is one we list (the catalogue's; the four when none is given). */
  lists?: (competitionId: number) => boolean;
  /** The catalogue's markets, named and grouped (api/odds/tools/tool-markets.ts): dropping odds take any of them. Without it, the eight. */
  names?: () => ToolMarketNames;
}


/** Control characters and broken text were refused by guardQuery already. */
function searchTextOf(req: Request): string {
  const q = req.query.q;
  if (typeof q !== "string" || q.trim() === "") throw new AppError("VALIDATION_ERROR", "q (the team to search for) is required.");
  // Characters as people count them: code points, not UTF-16 units.
  if ([...q].length > MAX_QUERY_LENGTH) throw new AppError("VALIDATION_ERROR", `q must be at most ${MAX_QUERY_LENGTH} characters.`);
  return q;
}

function hoursOf(req: Request): number {
  const raw = req.query.hours;
  if (raw === undefined) return DEFAULT_HOURS;
  const hours = typeof raw === "string" && /^[1-9][0-9]{0,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(hours <= MAX_HOURS)) throw new AppError("VALIDATION_ERROR", `hours must be a whole number from 1 to ${MAX_HOURS}.`);
  return hours;
}

/** `competition` and `market`, each optional: one league's or one market's drops. */
function dropFilterOf(req: Request, lists: (competitionId: number) => boolean, knows: (marketId: number) => boolean): DropFilter {
  const filter: DropFilter = {};
  const { competition, market } = req.query;
  if (competition !== undefined) {
    const id = typeof competition === "string" && /^[1-9][0-9]{0,6}$/.test(competition) ? Number(competition) : NaN;
    if (!lists(id)) throw new AppError("VALIDATION_ERROR", "competition is not one we list (GET /odds/competitions lists them).");
    filter.competition = id;
  }
  if (market !== undefined) {
    const id = typeof market === "string" && /^[1-9][0-9]{0,6}$/.test(market) ? Number(market) : NaN;
    if (!knows(id)) throw new AppError("VALIDATION_ERROR", "market is not one we compare (GET /odds/markets lists them).");
    filter.market = id;
  }
  return filter;
}

/** How many searches' answers one listing keeps; beyond that the memo starts again. */
const MAX_MEMO_QUERIES = 1000;

/**
 * Search answers memoised per listing: the same text answers the same bytes until the listing is
 * rebuilt or its first event kicks off (and so leaves the results).
 */
function searchAnswers(index: () => SearchIndex, clock: () => number) {
  let memoOf: SearchIndex | undefined;
  let memo = new Map<string, { answer: CachedAnswer; validUntil: number }>();
  return (q: string): CachedAnswer => {
    const current = index();
    const now = clock();
    if (current !== memoOf || memo.size >= MAX_MEMO_QUERIES) [memoOf, memo] = [current, new Map()];
    const known = memo.get(q);
    if (known && now < known.validUntil) return known.answer;
    const events = searchEvents(current, q, now);
    const answer = answerOf({ events } satisfies SearchResult);
    memo.set(q, { answer, validUntil: events[0] ? Date.parse(events[0].date) : Infinity });
    return answer;
  };
}

/**
 * GET /odds/search?country=C&q=TEXT and GET /odds/dropping?country=C&hours=H[&competition=L][&market=M] (docs/design.md, Search;
 * docs/design.md, Dropping odds), Bearer token like /odds, no checksum (the contract defines `k` for /odds
 * only). Both answer from memory: search from the odds cache's listing, dropping odds from boards rebuilt
 * when the cache is. Ghana and Kenya are coming soon: empty lists.
 */
export function findRouter(deps: FindDeps, auth: RequestHandler): Router {
  const search = searchAnswers(listedSearchIndex(deps.cache), deps.clock);
  const boards = droppingBoards(deps);
  // Each board's answers, one per competition and market asked: at most (listed competitions + 1) x (catalogue markets + 1).
  const boardAnswers = new WeakMap<DroppingOdds, Map<string, CachedAnswer>>();
  const noEvents = answerOf({ events: [] } satisfies SearchResult);
  const router = Router();

  router.get(pathBelow("/odds", ENDPOINTS.search), guardQuery, auth, (req, res) => {
    const country = countryOf(req);
    const q = searchTextOf(req);
    send(req, res, country === LIVE_COUNTRY_ID ? search(q) : noEvents);
  });

  router.get(pathBelow("/odds", ENDPOINTS.dropping), guardQuery, auth, async (req, res) => {
    const country = countryOf(req);
    const hours = hoursOf(req);
    const names = deps.names?.();
    const filter = dropFilterOf(req, deps.lists ?? isCompetitionId, names ? names.knows : isMarketId);
    if (country !== LIVE_COUNTRY_ID) return send(req, res, answerOf({ hours, drops: [] } satisfies DroppingOdds));
    const board = await boards(hours);
    let answers = boardAnswers.get(board);
    if (!answers) boardAnswers.set(board, (answers = new Map()));
    const key = `${filter.competition ?? ""}:${filter.market ?? ""}`;
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = answerOf(pickDrops(board, filter, names))));
    send(req, res, answer);
  });

  return router;
}
