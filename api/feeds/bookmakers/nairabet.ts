/**
 * NairaBet, an Altenar white-label (docs/design.md, NairaBet feed). The payload is normalised into
 * parallel arrays: events -> marketIds -> markets -> oddIds -> odds, joined here by id.
 *
 * The real GetEvents capture carries only 1X2 ("Enhanced Prices") and Double Chance, so an event
 * whose listing lacks totals or BTTS gets Altenar's per-event GetEventDetails call. There one
 * typeId-18 market holds every line, the line on each odd rather than in the market's `sv`
 * (docs/design.md, NairaBet feed): the line is read from the odd first.
 */
import { z } from "zod";
import type { BookmakerAdapter, Offer, ParseResult } from "../types.ts";
import {
  bookCompetitionOf,
  PriceSet,
  failure,
  isUpcoming,
  catalogueSelection,
  parseInstant,
  parseJsonBody,
  splitTeams,
  validate,
  withPrices,
  type Result,
  type ProductSelection,
} from "./common.ts";
import { browserHeaders } from "./headers.ts";
import { bookLeagueNumber, isLeagueName } from "./leagues.ts";

const LIVE_BASE_URL = "https://sb2frontend-altenar2.biahosted.com";
const SITE = "https://www.nairabet.com";

const eventSchema = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  champId: z.number(),
  marketIds: z.array(z.number()).default([]),
});
const marketSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  name: z.string().default(""),
  oddIds: z.array(z.number()).default([]),
  sv: z.union([z.string(), z.number()]).optional(),
});
const oddSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  price: z.unknown().optional(),
  oddStatus: z.unknown().optional(),
  sv: z.union([z.string(), z.number()]).optional(),
});
const bodySchema = z.object({
  events: z.array(eventSchema),
  markets: z.array(marketSchema).default([]),
  odds: z.array(oddSchema).default([]),
  champs: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  categories: z.array(z.object({ id: z.number(), name: z.string(), champIds: z.array(z.number()).default([]) })).default([]),
});

/** GetEventDetails: the event's own fields at the top, beside the same markets and odds arrays. */
const detailsSchema = eventSchema.extend({
  markets: z.array(marketSchema).default([]),
  odds: z.array(oddSchema).default([]),
});
const QUERY = "culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG";
const HEADERS = browserHeaders({ referer: `${SITE}/`, origin: SITE });

type Market = z.infer<typeof marketSchema>;
type Odd = z.infer<typeof oddSchema>;
type NairaEvent = z.infer<typeof eventSchema>;


// The real capture names its 1X2 "1x2 - Enhanced Prices": that wording is the boost marker.
const BOOSTED_NAME = /enhanced|boost/i;

/** Market typeId, odd typeId and line as our selection, as the loaded catalogue maps them. */
function selectionFor(market: Market, odd: Odd): ProductSelection | undefined {
  return catalogueSelection("nairabet", market.typeId, odd.typeId, odd.sv ?? market.sv);
}

/** An event's prices: its markets' odds joined by id. A missing market or odd only means fewer prices, never a wrong one. */
function eventPrices(event: NairaEvent, marketById: Map<number, Market>, oddById: Map<number, Odd>): PriceSet {
  const prices = new PriceSet();
  for (const market of event.marketIds.flatMap((id) => marketById.get(id) ?? [])) {
    const boosted = BOOSTED_NAME.test(market.name);
    for (const odd of market.oddIds.flatMap((id) => oddById.get(id) ?? [])) {
      if (odd.oddStatus !== 0) continue;
      prices.add(selectionFor(market, odd), odd.price, boosted);
    }
  }
  return prices;
}

function toOffer(event: NairaEvent, prices: PriceSet, competitionId: number, now: Date): Result<Offer | undefined> {
  const teams = splitTeams(event.name, " vs. ");
  if (!teams) return failure(`event ${event.id}: name ${JSON.stringify(event.name)} is not "Home vs. Away"`);
  const kickoff = parseInstant(event.startDate);
  if (!kickoff) return failure(`event ${event.id}: startDate ${JSON.stringify(event.startDate)} is not ISO with Z`);
  if (!isUpcoming(kickoff, now)) return { ok: true, value: undefined };
  // extId ("fp32_ar:match:N") is Altenar's feed id, not Sportradar's: no srId.
  return { ok: true, value: { bookmaker: "nairabet", externalId: String(event.id), competitionId, ...teams, kickoff, prices: prices.list() } };
}

/** A GetEventDetails body as the offer it describes (prices of every market it lists). */
function parseDetails(body: string, competitionId: number, now: Date): Result<Offer | undefined> {
  const json = parseJsonBody(body);
  if (!json.ok) return json;
  const parsed = validate(detailsSchema, json.value);
  if (!parsed.ok) return parsed;
  const { markets, odds, ...event } = parsed.value;
  // Details list their markets directly; an event's marketIds, when sent, say the same.
  const marketIds = event.marketIds.length > 0 ? event.marketIds : markets.map((m) => m.id);
  const prices = eventPrices({ ...event, marketIds }, new Map(markets.map((m) => [m.id, m])), new Map(odds.map((o) => [o.id, o])));
  return toOffer(event, prices, competitionId, now);
}

/** Totals and BTTS: what GetEvents lacks and the details call adds. */
const needsDetails = (offer: Offer) => !offer.prices.some((p) => p.marketId >= 2 && p.marketId <= 7);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export const nairabet: BookmakerAdapter = {
  key: "nairabet",
  liveBaseUrl: LIVE_BASE_URL,

  leagueRequests(baseUrl, competitionId) {
    const champId = bookLeagueNumber(competitionId, "nairabet");
    if (champId === undefined) return [];
    return [{ url: `${baseUrl}/api/widget/GetEvents?${QUERY}&champIds=${champId}`, headers: HEADERS }];
  },

  parseLeague(body, competitionId, now) {
    const champId = bookLeagueNumber(competitionId, "nairabet");
    if (champId === undefined) return failure(`unknown competition ${competitionId}`);
    const json = parseJsonBody(body);
    if (!json.ok) return json;
    const parsed = validate(bodySchema, json.value);
    if (!parsed.ok) return parsed;
    const { events, markets, odds, champs, categories } = parsed.value;

    const champ = champs.find((c) => c.id === champId);
    if (champ && !isLeagueName(competitionId, champ.name)) {
      return failure(`champId ${champId} is now ${JSON.stringify(champ.name)}`);
    }
    const ours = events.filter((event) => event.champId === champId);
    if (events.length > 0 && ours.length === 0) {
      const ids = [...new Set(events.map((event) => event.champId))].join(", ");
      return failure(`answered only other champIds (${ids}), not ${champId}`);
    }

    const marketById = new Map(markets.map((market) => [market.id, market]));
    const oddById = new Map(odds.map((odd) => [odd.id, odd]));
    const offers: Offer[] = [];
    for (const event of ours) {
      const offer = toOffer(event, eventPrices(event, marketById, oddById), competitionId, now);
      if (!offer.ok) return offer;
      const country = categories.find((c) => c.champIds.includes(event.champId))?.name;
      if (offer.value) offers.push({ ...offer.value, ...bookCompetitionOf(event.champId, champ?.name, country) });
    }
    return withPrices(offers);
  },

  eventRequests(baseUrl, offers) {
    return offers.filter(needsDetails).map((offer) => ({
      externalId: offer.externalId,
      request: { url: `${baseUrl}/api/widget/GetEventDetails?${QUERY}&eventId=${encodeURIComponent(offer.externalId)}`, headers: HEADERS },
    }));
  },

  // The details call is the fresher answer for what it quotes; the listing's other prices stand.
  parseEvent(body, offer): ParseResult {
    const details = parseDetails(body, offer.competitionId, new Date(0));
    if (!details.ok) return details;
    if (!details.value || details.value.externalId !== offer.externalId) {
      return failure(`GetEventDetails answered event ${details.value?.externalId ?? "?"}, not ${offer.externalId}`);
    }
    const prices = new PriceSet();
    const quoted = new Set(details.value.prices.map((p) => p.selectionTypeId));
    for (const p of details.value.prices) prices.add(p, p.price, p.boosted);
    for (const p of offer.prices) if (!quoted.has(p.selectionTypeId)) prices.add(p, p.price, p.boosted);
    return { ok: true, offers: [{ ...offer, prices: prices.list() }] };
  },

  capture: {
    expected:
      'a NairaBet (Altenar) GetEvents listing ({"events":[...],"markets":[...],"odds":[...]}) or GetEventDetails ({"id","name","startDate","markets":[...],"odds":[...]})',
    kind(value) {
      if (!isObject(value)) return undefined;
      if (Array.isArray(value.events)) return "league";
      return typeof value.id === "number" && typeof value.name === "string" && Array.isArray(value.markets) ? "event" : undefined;
    },
    parseEvent(body, competitionId, now) {
      const details = parseDetails(body, competitionId, now);
      if (!details.ok) return details;
      return withPrices(details.value ? [details.value] : []);
    },
  },
};
