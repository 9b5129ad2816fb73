/**
 * 1xBet through its Nigerian mirror (docs/design.md, 1xBet feed). It exposes no Sportradar id. Blocked
 * outcomes (`B`), whole goal lines and group 19's non-BTTS types are skipped, and a game whose
 * listing lacks totals or BTTS gets a GetGameZip call (all corrected 2026-11).
 */
import { z } from "zod";
import type { BookmakerAdapter, Offer, ParseResult } from "../../types.ts";
import {
  bookCompetitionOf,
  PriceSet,
  failure,
  isUpcoming,
  catalogueSelection,
  parseJsonBody,
  validate,
  withPrices,
  type Result,
  type ProductSelection,
} from "../common.ts";
import { browserHeaders } from "../headers.ts";
import { bookLeagueNumber, isLeagueName } from "../leagues.ts";

const LIVE_BASE_URL = "https://ng.1x001.com";

const betSchema = z.object({
  G: z.number(),
  T: z.number(),
  C: z.unknown().optional(),
  P: z.number().optional(),
  B: z.unknown().optional(),
});
const gameSchema = z.object({
  I: z.number(),
  O1: z.string().min(1),
  O2: z.string().min(1),
  S: z.number(),
  LI: z.number(),
  L: z.string().optional(),
  E: z.array(betSchema).default([]),
  AE: z.array(z.object({ G: z.number(), ME: z.array(betSchema).default([]) })).default([]),
});
const bodySchema = z.object({ Value: z.array(gameSchema) });
/** GetGameZip: one game, its bets grouped per market and stacked per outcome column. */
const gameZipSchema = z.object({
  Value: z.object({
    I: z.number().optional(),
    GE: z.array(z.object({ G: z.number(), E: z.array(z.array(betSchema)) })).default([]),
  }),
});
/**
 * The order the Nigerian site's own client sends; the site answers 406 to another order, a wrong
 * partner or a count under ~10. country=159 with partner=159 is what a public client of the
 * Nigerian mirror sends (docs/design.md, 1xBet feed).
 */
const SITE_QUERY = "lng=en&mode=4&country=159&partner=159&getEmpty=true";
const GAME_QUERY = "lng=en&isSubGames=true&GroupEvents=true&countevents=250&grMode=4&partner=159&country=159&marketType=1";
const HEADERS = browserHeaders({ referer: `${LIVE_BASE_URL}/en/line/football`, origin: LIVE_BASE_URL });
const envelopeSchema = z.object({ Success: z.unknown().optional(), Error: z.unknown().optional() });

type Bet = z.infer<typeof betSchema>;

export const BTTS_GROUP = 19;

function selectionFor(bet: Bet): ProductSelection | undefined {
  // Group 19 also holds T 11273/11274 with P 2 (not BTTS): BTTS is T 180/181 without a line.
  if (bet.G === BTTS_GROUP && bet.P !== undefined) return undefined;
  // Group G, type T and line P as the loaded catalogue maps them; its booking codes use the same ids.
  return catalogueSelection("1xbet", bet.G, bet.T, bet.P);
}

/** 1xBet's league names lead with the country: "England. Premier League" is England's. */
function countryOf(league: string | undefined): string | undefined {
  const at = league?.indexOf(". ") ?? -1;
  return at > 0 ? league?.slice(0, at) : undefined;
}

/** Prices of some bets; a blocked outcome (`B`, priced 1.001) is closed. */
function addBets(prices: PriceSet, bets: readonly Bet[]): void {
  for (const bet of bets) if (bet.B !== true) prices.add(selectionFor(bet), bet.C);
}

/** The listing lacks totals or BTTS: the per-game call has them. */
const lacksMarkets = (offer: Offer) =>
  !offer.prices.some((p) => p.marketId === 7) || !offer.prices.some((p) => p.marketId >= 2 && p.marketId <= 6);

function decode(body: string): Result<unknown> {
  const json = parseJsonBody(body);
  if (!json.ok) return json;
  const envelope = validate(envelopeSchema, json.value);
  if (!envelope.ok) return envelope;
  if (envelope.value.Success !== true) {
    return failure(`Success is ${JSON.stringify(envelope.value.Success)} (${String(envelope.value.Error ?? "no error text")})`);
  }
  return json;
}

export const onexbet: BookmakerAdapter = {
  key: "1xbet",
  liveBaseUrl: LIVE_BASE_URL,

  leagueRequests(baseUrl, competitionId) {
    const champId = bookLeagueNumber(competitionId, "1xbet");
    if (champId === undefined) return [];
    return [{ url: `${baseUrl}/service-api/LineFeed/Get1x2_VZip?sports=1&champs=${champId}&count=50&${SITE_QUERY}`, headers: HEADERS }];
  },

  parseLeague(body, competitionId, now) {
    const champId = bookLeagueNumber(competitionId, "1xbet");
    if (champId === undefined) return failure(`unknown competition ${competitionId}`);
    const json = decode(body);
    if (!json.ok) return json;
    const parsed = validate(bodySchema, json.value);
    if (!parsed.ok) return parsed;

    const games = parsed.value.Value;
    // LI is the league id; L, when sent, must name the same league ("England. Premier League").
    const ours = games.filter(
      (game) => game.LI === champId && (game.L === undefined || isLeagueName(competitionId, game.L)),
    );
    if (games.length > 0 && ours.length === 0) {
      const leagues = [...new Set(games.map((game) => `${game.LI} ${game.L ?? ""}`.trim()))].join(", ");
      return failure(`answered only other leagues (${leagues}), not ${champId}`);
    }

    const offers: Offer[] = [];
    for (const game of ours) {
      const kickoff = new Date(game.S * 1000);
      if (!isUpcoming(kickoff, now)) continue;
      const prices = new PriceSet();
      // The same bets appear flat in E and grouped in AE[].ME (with more lines): read both.
      addBets(prices, [...game.E, ...game.AE.flatMap((group) => group.ME)]);
      offers.push({
        bookmaker: "1xbet",
        externalId: String(game.I),
        competitionId,
        ...bookCompetitionOf(game.LI, game.L, countryOf(game.L)),
        home: game.O1,
        away: game.O2,
        kickoff,
        prices: prices.list(),
      });
    }
    return withPrices(offers);
  },

  eventRequests(baseUrl, offers) {
    return offers.filter(lacksMarkets).map((offer) => ({
      externalId: offer.externalId,
      request: { url: `${baseUrl}/service-api/LineFeed/GetGameZip?id=${encodeURIComponent(offer.externalId)}&${GAME_QUERY}`, headers: HEADERS },
    }));
  },

  // The game's own answer is the fresher for what it quotes; the listing's other prices stand.
  parseEvent(body, offer): ParseResult {
    const json = decode(body);
    if (!json.ok) return json;
    const parsed = validate(gameZipSchema, json.value);
    if (!parsed.ok) return parsed;
    const game = parsed.value.Value;
    if (game.I !== undefined && String(game.I) !== offer.externalId) return failure(`GetGameZip answered game ${game.I}, not ${offer.externalId}`);
    const fresh = new PriceSet();
    addBets(fresh, game.GE.flatMap((group) => group.E.flat()));
    const prices = fresh.list();
    const quoted = new Set(prices.map((p) => p.selectionTypeId));
    return { ok: true, offers: [{ ...offer, prices: [...prices, ...offer.prices.filter((p) => !quoted.has(p.selectionTypeId))].sort((a, b) => a.selectionTypeId - b.selectionTypeId) }] };
  },

  capture: {
    expected: 'a 1xBet Get1x2_VZip listing ({"Success":true,"Value":[{"I","O1","O2","S","E":[...]}]}) or GetGameZip ({"Success":true,"Value":{"O1","O2","S","GE":[...]}})',
    kind(value) {
      const data = typeof value === "object" && value !== null ? (value as { Value?: unknown }).Value : undefined;
      if (Array.isArray(data)) return "league";
      return typeof data === "object" && data !== null && Array.isArray((data as { GE?: unknown }).GE) ? "event" : undefined;
    },
    parseEvent(body, competitionId, now) {
      const json = decode(body);
      if (!json.ok) return json;
      const parsed = validate(z.object({ Value: gameSchema.omit({ LI: true, E: true, AE: true }).extend(gameZipSchema.shape.Value.shape) }), json.value);
      if (!parsed.ok) return parsed;
      const game = parsed.value.Value;
      const kickoff = new Date(game.S * 1000);
      if (!isUpcoming(kickoff, now)) return { ok: true, offers: [] };
      const prices = new PriceSet();
      addBets(prices, game.GE.flatMap((group) => group.E.flat()));
      const offer: Offer = { bookmaker: "1xbet", externalId: String(game.I ?? ""), competitionId, home: game.O1, away: game.O2, kickoff, prices: prices.list() };
      return withPrices([offer]);
    },
  },
};
