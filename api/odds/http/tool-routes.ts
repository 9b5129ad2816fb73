import { Router, type RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { CachedAnswer } from "#lib/node/cached-answer.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { MIN_NET_EV_PCT } from "#shared/math/bettor-math.ts";
import { backsWholeSet, referenceDescriptor, type MarketLookup } from "#shared/math/market-descriptor.ts";
import { ENDPOINTS, type OddsEvent, type SureBets, type ToolMarket, type ValueBets } from "#shared/contract.ts";
import type { Database } from "../../db/schema.ts";
import { pathBelow } from "../../http/endpoints.ts";
import { guardQuery } from "../../http/input-guards.ts";
import type { ListedEvents, OddsCache } from "../read/cache.ts";
import { readLinkBook } from "../read/link-book.ts";
import { eventsShown, findSureBets, findValueBets } from "../tools/sure-and-value.ts";
import type { ToolMarketNames } from "../tools/tool-markets.ts";
import { answerOf, countryOf, sendAnswer as send } from "../read/answers.ts";

export interface ToolDeps {
  cache: OddsCache;
  db: Kysely<Database>;
  clock: () => number;
  /**
   * The markets as the catalogue describes them (api/catalogue/market-descriptors.ts), read at each
   * build; without it, markets 1-8 from shared/reference.ts.
   */
  markets?: () => MarketLookup;
  /**
   * The catalogue's names and groups of its markets (api/odds/tools/tool-markets.ts), read at each
   * build: the answers list the markets the boards read and name those beyond the eight they show.
   * Without it, the answers name none (the client knows the eight).
   */
  names?: () => ToolMarketNames;
}

const EPOCH = new Date(0).toISOString();

/** Both boards' answers, built from one listing at one time. */
interface Boards {
  sureBets: CachedAnswer;
  valueBets: CachedAnswer;
}

/**
 * The `markets` an answer carries (docs/design.md, Bettor tools, "Markets the tools name"): every
 * catalogue market the boards read, by group, with the selections of those beyond the eight it
 * shows; none without the catalogue's names.
 */
function namedMarkets(names: ToolMarketNames | undefined, markets: MarketLookup, shown: Iterable<{ marketId: number }>): { markets?: ToolMarket[] } {
  if (!names) return {};
  const read = names.all.filter((market) => {
    const descriptor = markets(market.marketId);
    return descriptor !== undefined && backsWholeSet(descriptor);
  });
  return { markets: names.named(read, new Set([...shown].map((bet) => bet.marketId))) };
}

/** Sure bets and value bets of the listing at `now`, with the links of the events they show (one query). */
async function buildBoards(db: Kysely<Database>, events: readonly OddsEvent[], now: number, markets: MarketLookup, names?: ToolMarketNames): Promise<{ boards: Boards; validUntil: number }> {
  const shown = eventsShown(findSureBets(events, new Map(), now, markets), findValueBets(events, new Map(), now, markets));
  const book = await readLinkBook(db, shown);
  const sureBets = findSureBets(events, book, now, markets);
  const valueBets = findValueBets(events, book, now, markets);
  const boards = {
    sureBets: answerOf({ ...sureBets, ...namedMarkets(names, markets, sureBets.sureBets) } satisfies SureBets),
    valueBets: answerOf({ ...valueBets, ...namedMarkets(names, markets, valueBets.valueBets) } satisfies ValueBets),
  };
  return { boards, validUntil: Math.min(Infinity, ...shown.map((event) => Date.parse(event.date))) };
}

/**
 * The boards memoised per listing, like search's index: rebuilt only when the listed events'
 * version moved or an event shown kicks off, so serving one costs no database work. Requests that
 * arrive during a build share it; a build that started later is never replaced by an earlier one
 * that finished late.
 */
function toolBoards(deps: ToolDeps): () => Promise<Boards> {
  let builds = 0;
  let built: { seq: number; version: number; validUntil: number; boards: Boards } | undefined;
  let building: { version: number; boards: Promise<Boards> } | undefined;

  async function build(listed: ListedEvents, now: number): Promise<Boards> {
    const seq = ++builds;
    const { boards, validUntil } = await buildBoards(deps.db, listed.events, now, deps.markets?.() ?? referenceDescriptor, deps.names?.());
    if ((built?.seq ?? 0) < seq) built = { seq, version: listed.version, validUntil, boards };
    return boards;
  }

  return async () => {
    const now = deps.clock();
    const listed = deps.cache.listed();
    if (built && built.version === listed.version && now < built.validUntil) return built.boards;
    if (!building || building.version !== listed.version) {
      const boards = build(listed, now).finally(() => {
        if (building?.boards === boards) building = undefined;
      });
      building = { version: listed.version, boards };
    }
    return building.boards;
  };
}

/**
 * GET /odds/sure-bets?country=C and GET /odds/value-bets?country=C (docs/design.md, Bettor tools), Bearer
 * token like /odds, answered from boards built once per listing over every market the catalogue
 * describes as exclusive (decision 053); ETag, 304 and gzip as the listing. Ghana and Kenya are
 * coming soon: empty boards.
 */
export function toolRouter(deps: ToolDeps, auth: RequestHandler): Router {
  const boards = toolBoards(deps);
  const noSureBets = answerOf({ sureBets: [], updatedAt: EPOCH } satisfies SureBets);
  const noValueBets = answerOf({ minNetEvPct: MIN_NET_EV_PCT, valueBets: [], updatedAt: EPOCH } satisfies ValueBets);
  const router = Router();

  router.get(pathBelow("/odds", ENDPOINTS.sureBets), guardQuery, auth, async (req, res) => {
    const country = countryOf(req);
    send(req, res, country === LIVE_COUNTRY_ID ? (await boards()).sureBets : noSureBets);
  });

  router.get(pathBelow("/odds", ENDPOINTS.valueBets), guardQuery, auth, async (req, res) => {
    const country = countryOf(req);
    send(req, res, country === LIVE_COUNTRY_ID ? (await boards()).valueBets : noValueBets);
  });

  return router;
}
