/**
 * SportyBet Nigeria (docs/design.md, SportyBet feed). Its ids are Sportradar's, so every offer carries
 * srId. A league is asked with the tournament-filtered POST pcEvents (corrected 2026-11): the
 * GET pcUpcomingEvents list has no tournament filter and pages through every football event. Its live
 * bonus plan is read by sportybet-bonus-plan.ts.
 */
import { z } from "zod";
import type { BookmakerAdapter, Offer, ParseResult } from "../../types.ts";
import {
  bookCompetitionOf,
  PriceSet,
  failure,
  idText,
  isUpcoming,
  parseJsonBody,
  sportradarId,
  validate,
  withPrices,
  type Result,
} from "../common.ts";
import { selectionFor } from "./sportybet-markets.ts";
import { browserHeaders } from "../headers.ts";
import { bookLeagueId } from "../leagues.ts";
import { feedCatalogue } from "../feed-catalogue.ts";
import { collectedIn } from "../../board-markets.ts";
import { BOOKMAKER_ID_BY_KEY } from "../../types.ts";

export const LIVE_BASE_URL = "https://www.sportybet.com";
const SUCCESS = 10000;
/** The spec's four families first, as the site lists them (docs/design.md, SportyBet feed). */
const FIRST_MARKETS = ["1", "18", "10", "29"];

/**
 * The `marketId` list a league's listing asks for: every SportyBet market the catalogue compares (docs/design.md,
 * Market catalogue) that is collected in that competition (board-markets.ts), so team totals, half totals and 1UP/2UP come with the listing instead of a call
 * per match; a market the catalogue learns joins the next request.
 */
export function catalogueMarketIds(competitionId = 1): string {
  const id = BOOKMAKER_ID_BY_KEY.sportybet;
  const catalogue = feedCatalogue();
  const collected = (typeId: number) => collectedIn(competitionId, catalogue.types.get(typeId)?.key ?? "");
  const mapped = new Set(catalogue.rows.outcomeBooks.filter((row) => row.bookmaker === id && row.retired_at === null && collected(row.type_id)).map((row) => row.book_market));
  return [...FIRST_MARKETS, ...[...mapped].filter((m) => !FIRST_MARKETS.includes(m)).sort((a, b) => Number(a) - Number(b))].join(",");
}
/** Headers the site's own front end sends besides the browser's (docs/design.md, SportyBet feed). */
export const SITE_HEADERS = { clientid: "web", operid: "2", platform: "web" };

const outcomeSchema = z.object({
  id: idText,
  odds: z.unknown().optional(),
  isActive: z.unknown().optional(),
  oddsBoostLfb: z.unknown().optional(),
});
const marketSchema = z.object({
  id: idText,
  specifier: z.string().optional(),
  status: z.unknown().optional(),
  banned: z.unknown().optional(),
  outcomes: z.array(outcomeSchema).default([]),
});
const eventSchema = z.object({
  eventId: z.string().min(1),
  estimateStartTime: z.number(),
  homeTeamName: z.string().min(1),
  awayTeamName: z.string().min(1),
  banned: z.unknown().optional(),
  oddsBoost: z.unknown().optional(),
  markets: z.array(marketSchema).default([]),
  /** Where a single event (factsCenter/event) names its tournament and country. */
  sport: z.object({ category: z.object({ name: z.string().optional(), tournament: z.object({ id: z.string(), name: z.string().optional() }).optional() }).optional() }).optional(),
});
const tournamentSchema = z.object({ id: z.string(), name: z.string().optional(), categoryName: z.string().optional(), events: z.array(eventSchema) });
/** pcEvents answers `data` as the tournaments; pcUpcomingEvents answers `data.tournaments`. */
const filteredSchema = z.object({ data: z.array(tournamentSchema) });
const upcomingSchema = z.object({ data: z.object({ tournaments: z.array(tournamentSchema) }) });
const singleEventSchema = z.object({ data: eventSchema });
const envelopeSchema = z.object({ bizCode: z.unknown().optional(), message: z.unknown().optional() });

type SportyEvent = z.infer<typeof eventSchema>;

/**
 * A price is boosted when its outcome says `oddsBoostLfb`. An event flagged `oddsBoost` carries
 * SportyBet's boosted 1X2: the real World Cup capture so flagged prices its 1X2 at a 2 % margin
 * against 4-6 % elsewhere, and the README's boosted EPL 1X2s run 2-4 %.
 */
function collectPrices(event: SportyEvent): PriceSet {
  const prices = new PriceSet();
  for (const market of event.markets) {
    if (market.status !== 0 || market.banned === true) continue;
    for (const outcome of market.outcomes) {
      if (outcome.isActive !== 1) continue;
      const boosted = outcome.oddsBoostLfb === true || (event.oddsBoost === true && market.id === "1");
      prices.add(selectionFor(market, outcome.id), outcome.odds, boosted);
    }
  }
  return prices;
}

function toOffer(event: SportyEvent, competitionId: number, now: Date, tournament?: Omit<z.infer<typeof tournamentSchema>, "events">): Offer | undefined {
  const kickoff = new Date(event.estimateStartTime);
  if (!isUpcoming(kickoff, now) || event.banned === true) return undefined;
  const srId = sportradarId(event.eventId);
  const category = event.sport?.category;
  return {
    bookmaker: "sportybet",
    externalId: event.eventId,
    ...(srId ? { srId } : {}),
    competitionId,
    ...bookCompetitionOf(tournament?.id ?? category?.tournament?.id, tournament?.name ?? category?.tournament?.name, tournament?.categoryName ?? category?.name),
    home: event.homeTeamName,
    away: event.awayTeamName,
    kickoff,
    prices: collectPrices(event).list(),
  };
}

/** Errors come back inside an HTTP 200: bizCode is the only success signal (the bonus plan's answer too). */
export function decodeAnswer(body: string): Result<unknown> {
  const json = parseJsonBody(body);
  if (!json.ok) return json;
  const envelope = validate(envelopeSchema, json.value);
  if (!envelope.ok) return envelope;
  const { bizCode, message } = envelope.value;
  if (bizCode === undefined) return failure("no bizCode in the body");
  if (bizCode !== SUCCESS) return failure(`bizCode ${JSON.stringify(bizCode)} (${String(message ?? "no message")})`);
  return json;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The tournaments of either listing, validated by the shape its `data` has (so errors name the right path). */
function tournamentsOf(value: unknown): Result<z.infer<typeof tournamentSchema>[]> {
  if (isObject(value) && Array.isArray(value.data)) {
    const parsed = validate(filteredSchema, value);
    return parsed.ok ? { ok: true, value: parsed.value.data } : parsed;
  }
  const parsed = validate(upcomingSchema, value);
  return parsed.ok ? { ok: true, value: parsed.value.data.tournaments } : parsed;
}

function parseSingle(body: string, competitionId: number, now: Date): ParseResult {
  const json = decodeAnswer(body);
  if (!json.ok) return json;
  const parsed = validate(singleEventSchema, json.value);
  if (!parsed.ok) return parsed;
  const offer = toOffer(parsed.value.data, competitionId, now);
  return withPrices(offer ? [offer] : []);
}

export const sportybet: BookmakerAdapter = {
  key: "sportybet",
  liveBaseUrl: LIVE_BASE_URL,

  leagueRequests(baseUrl, competitionId) {
    const tournamentId = bookLeagueId(competitionId, "sportybet");
    if (!tournamentId) return [];
    return [
      {
        url: `${baseUrl}/api/ng/factsCenter/pcEvents`,
        method: "POST",
        body: JSON.stringify([{ sportId: "sr:sport:1", marketId: catalogueMarketIds(competitionId), tournamentId: [[tournamentId]] }]),
        headers: {
          ...browserHeaders({ referer: `${LIVE_BASE_URL}/ng/sport/football`, origin: LIVE_BASE_URL }),
          ...SITE_HEADERS,
          "Content-Type": "application/json",
        },
      },
    ];
  },

  parseLeague(body, competitionId, now) {
    const tournamentId = bookLeagueId(competitionId, "sportybet");
    if (!tournamentId) return failure(`unknown competition ${competitionId}`);
    const json = decodeAnswer(body);
    if (!json.ok) return json;
    const tournaments = tournamentsOf(json.value);
    if (!tournaments.ok) return tournaments;

    const offers: Offer[] = [];
    for (const tournament of tournaments.value) {
      if (tournament.id !== tournamentId) continue;
      for (const event of tournament.events) {
        const offer = toOffer(event, competitionId, now, tournament);
        if (offer) offers.push(offer);
      }
    }
    return withPrices(offers);
  },

  capture: {
    expected:
      'a SportyBet pcEvents or pcUpcomingEvents listing ({"bizCode":10000,"data":[{"id","events":[...]}]} or {"data":{"tournaments":[...]}}) or factsCenter/event ({"bizCode":10000,"data":{"eventId","markets":[...]}})',
    kind(value) {
      const data = isObject(value) ? value.data : undefined;
      if (Array.isArray(data) || (isObject(data) && Array.isArray(data.tournaments))) return "league";
      return isObject(data) && typeof data.eventId === "string" ? "event" : undefined;
    },
    parseEvent: parseSingle,
  },
};
