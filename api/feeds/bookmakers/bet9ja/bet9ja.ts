/**
 * Bet9ja (docs/design.md, Bet9ja feed). The league list lacks BTTS, so each offer gets a follow-up
 * GetEvent call whose full odds map (and Sportradar EXTID) is merged into it. Kick-offs are
 * UTC and EXTID is Sportradar's match number, bare (both corrected 2026-11 from real captures).
 */
import { z } from "zod";
import type { BookmakerAdapter, Offer } from "../../types.ts";
import { readBoosts, readOdds } from "./bet9ja-odds.ts";
import {
  bookCompetitionOf,
  failure,
  idText,
  isUpcoming,
  parseInstant,
  parseJsonBody,
  parseNaiveUtc,
  splitTeams,
  sportradarId,
  validate,
  withPrices,
  type Result,
} from "../common.ts";
import { browserHeaders } from "../headers.ts";
import { bookLeagueId, isLeagueName } from "../leagues.ts";

const LIVE_BASE_URL = "https://sports.bet9ja.com";
const HEADERS = browserHeaders({ referer: `${LIVE_BASE_URL}/`, origin: LIVE_BASE_URL });

/** EXTID is Sportradar's match number without the "sr:match:" prefix. */
const EXTID_DIGITS = /^\d{6,10}$/;

const oddsMapSchema = z.record(z.string(), z.unknown());
const boostFields = {
  IS_BOOSTED: z.unknown().optional(),
  BOOSTED_ODDS: z.unknown().optional(),
  BOOSTED_MARKETS: z.unknown().optional(),
};
const eventSchema = z.object({
  ID: idText,
  DS: z.string(),
  GID: z.union([z.string(), z.number()]).optional(),
  GN: z.string(),
  SG: z.string().optional(),
  STARTDATE: z.string().optional(),
  STARTDATEUTC: z.string().optional(),
  EXTID: z.unknown().optional(),
  O: oddsMapSchema.default({}),
  ...boostFields,
});
const leagueSchema = z.object({ D: z.object({ E: z.array(eventSchema) }) });
const singleEventSchema = z.object({
  D: z.object({ ID: idText.optional(), EXTID: z.unknown().optional(), O: oddsMapSchema, ...boostFields }),
});
const fullEventSchema = z.object({ D: eventSchema });
const envelopeSchema = z.object({ R: z.unknown().optional() });

function checkSuccess(value: unknown): Result<unknown> {
  const envelope = validate(envelopeSchema, value);
  if (!envelope.ok) return envelope;
  // "OK" and "D" both answer data; "E" is Bet9ja's error.
  const { R } = envelope.value;
  return R === "OK" || R === "D" ? { ok: true, value } : failure(`R is ${JSON.stringify(R)}, not OK`);
}

type Bet9jaEvent = z.infer<typeof eventSchema>;

/** STARTDATEUTC (ISO, Z) when present, else STARTDATE, a naive time that is UTC. */
function kickoffOf(event: Bet9jaEvent): Date | undefined {
  if (event.STARTDATEUTC !== undefined) return parseInstant(event.STARTDATEUTC);
  return event.STARTDATE === undefined ? undefined : parseNaiveUtc(event.STARTDATE);
}

/** One event of a listing or a GetEvent answer as an offer; undefined when it has kicked off. */
function toOffer(event: Bet9jaEvent, competitionId: number, now: Date): Result<Offer | undefined> {
  const teams = splitTeams(event.DS, " - ");
  if (!teams) return failure(`event ${event.ID}: DS ${JSON.stringify(event.DS)} is not "Home - Away"`);
  const kickoff = kickoffOf(event);
  if (!kickoff) return failure(`event ${event.ID}: no readable STARTDATEUTC or STARTDATE`);
  if (!isUpcoming(kickoff, now)) return { ok: true, value: undefined };
  const srId = sportradarId(event.EXTID, EXTID_DIGITS);
  const offer: Offer = {
    bookmaker: "bet9ja",
    externalId: event.ID,
    ...(srId ? { srId } : {}),
    competitionId,
    ...bookCompetitionOf(event.GID, event.GN, event.SG),
    ...teams,
    kickoff,
    prices: readOdds(event.O, readBoosts(event)).prices.list(),
  };
  return { ok: true, value: offer };
}

/** Decodes a body and checks Bet9ja's R flag. */
function decode(body: string): Result<unknown> {
  const json = parseJsonBody(body);
  return json.ok ? checkSuccess(json.value) : json;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export const bet9ja: BookmakerAdapter = {
  key: "bet9ja",
  liveBaseUrl: LIVE_BASE_URL,

  leagueRequests(baseUrl, competitionId) {
    const groupId = bookLeagueId(competitionId, "bet9ja");
    if (groupId === undefined) return [];
    const query = `GROUPID=${groupId}&DISP=0&GROUPMARKETID=1&matches=true`;
    return [{ url: `${baseUrl}/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?${query}`, headers: HEADERS }];
  },

  parseLeague(body, competitionId, now) {
    if (bookLeagueId(competitionId, "bet9ja") === undefined) return failure(`unknown competition ${competitionId}`);
    const json = decode(body);
    if (!json.ok) return json;
    const parsed = validate(leagueSchema, json.value);
    if (!parsed.ok) return parsed;

    const events = parsed.value.D.E;
    // GROUPIDs get reassigned: the league is the one GN (and SG) names, not the one asked for.
    const ours = events.filter((event) => isLeagueName(competitionId, event.GN, event.SG));
    if (events.length > 0 && ours.length === 0) {
      const names = [...new Set(events.map((event) => event.GN))].join(", ");
      return failure(`GROUPID answered another league (${names}): was the GROUPID reassigned?`);
    }

    const offers: Offer[] = [];
    for (const event of ours) {
      const offer = toOffer(event, competitionId, now);
      if (!offer.ok) return offer;
      if (offer.value) offers.push(offer.value);
    }
    return withPrices(offers);
  },

  eventRequests(baseUrl, offers) {
    return offers.map((offer) => ({
      externalId: offer.externalId,
      request: {
        url: `${baseUrl}/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=${encodeURIComponent(offer.externalId)}`,
        headers: HEADERS,
      },
    }));
  },

  // Answers the offer with the event's fuller prices (BTTS added). The event call is the fresher
  // answer: when it quotes every selection as a placeholder the offer comes back with no prices,
  // and the collector drops Bet9ja's prices for the event (a suspension). An odds map that quotes
  // nothing at all tells nothing, so the league prices stand. A failure says nothing about the
  // league offer either: the collector keeps it and counts the failure.
  parseEvent(body, offer) {
    const json = decode(body);
    if (!json.ok) return json;
    const parsed = validate(singleEventSchema, json.value);
    if (!parsed.ok) return parsed;
    const event = parsed.value.D;
    if (event.ID !== undefined && event.ID !== offer.externalId) {
      return failure(`GetEvent answered event ${event.ID}, not ${offer.externalId}`);
    }

    // The event call is the fresher: what it quotes replaces the league price, including a
    // suspension; what it does not quote keeps the league price.
    const { prices, quoted } = readOdds(event.O, readBoosts(event));
    for (const price of offer.prices) {
      if (!quoted.has(price.selectionTypeId)) prices.add(price, price.price, price.boosted);
    }
    const srId = sportradarId(event.EXTID, EXTID_DIGITS) ?? offer.srId;
    const merged: Offer = { ...offer, ...(srId ? { srId } : {}), prices: prices.list() };
    return { ok: true, offers: [merged] };
  },

  capture: {
    expected: 'a Bet9ja GetEventsInGroupV2 listing ({"R":"OK","D":{"E":[...]}}) or GetEvent ({"R":"OK","D":{"ID","DS","O":{...}}})',
    kind(value) {
      const data = isObject(value) ? value.D : undefined;
      if (!isObject(data)) return undefined;
      if (Array.isArray(data.E)) return "league";
      return isObject(data.O) && "DS" in data ? "event" : undefined;
    },
    // A saved GetEvent stands alone: the operator names the competition, so no league check.
    parseEvent(body, competitionId, now) {
      const json = decode(body);
      if (!json.ok) return json;
      const parsed = validate(fullEventSchema, json.value);
      if (!parsed.ok) return parsed;
      const offer = toOffer(parsed.value.D, competitionId, now);
      if (!offer.ok) return offer;
      return withPrices(offer.value ? [offer.value] : []);
    },
  },
};
