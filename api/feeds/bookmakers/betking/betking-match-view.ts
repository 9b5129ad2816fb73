/**
 * BetKing's mobile match view (m.betking.com Remix `_data` route; docs/design.md, BetKing feed): one
 * event with `markets[].selections[].odd.value`. A suspended selection reads `status: "LOCK"`
 * with value 0, and `providerId` is Sportradar's match number. Market and selection type ids
 * are the CDN feed's (110 1X2, 146 DC, 160 totals with `specialValue`, 302 GG/NG, and the others
 * markets.json maps).
 */
import { z } from "zod";
import { betkingSelection } from "./betking-markets.ts";
import type { Offer, ParseResult } from "../../types.ts";
import {
  PriceSet,
  idText,
  isUpcoming,
  parseInstant,
  parseJsonBody,
  sportradarId,
  validate,
  withPrices,
  failure,
} from "../common.ts";

/** Sportradar match numbers have 8-9 digits; other lengths come from another provider (docs/design.md, BetKing feed). */
export const BETKING_SR_DIGITS = /^\d{8,9}$/;

const selectionSchema = z.object({
  typeId: z.number(),
  status: z.unknown().optional(),
  odd: z.object({ value: z.unknown().optional() }).optional(),
});
const lineMarketSchema = z.object({
  typeId: z.coerce.number(),
  status: z.unknown().optional(),
  specialValue: z.union([z.string(), z.number()]).nullish(),
  specifier: z.string().nullish(),
  selections: z.array(selectionSchema).default([]),
});
/** A lined market shows one line and lists every line, itself included, in `spreadMarkets`. */
const marketSchema = lineMarketSchema.extend({ spreadMarkets: z.array(lineMarketSchema).nullish() });
const eventSchema = z.object({
  id: idText,
  date: z.string(),
  homeTeam: z.string().min(1),
  awayTeam: z.string().min(1),
  providerId: z.unknown().optional(),
  markets: z.array(marketSchema).default([]),
});
const bodySchema = z.object({
  matchViewData: z.object({ tournaments: z.array(z.object({ events: z.array(eventSchema) })) }),
});


export function isBetkingMatchView(value: unknown): boolean {
  const data =
    typeof value === "object" && value !== null
      ? (value as { matchViewData?: unknown }).matchViewData
      : undefined;
  return (
    typeof data === "object" &&
    data !== null &&
    Array.isArray((data as { tournaments?: unknown }).tournaments)
  );
}

function toOffer(
  event: z.infer<typeof eventSchema>,
  competitionId: number,
  now: Date,
): Offer | string | undefined {
  const kickoff = parseInstant(event.date);
  if (!kickoff) return `event ${event.id}: date ${JSON.stringify(event.date)} has no offset`;
  if (!isUpcoming(kickoff, now)) return undefined;
  const prices = new PriceSet();
  for (const market of event.markets.flatMap((m) => [m, ...(m.spreadMarkets ?? [])])) {
    // Market status 1 is open in the capture; a suspended selection is LOCK with value 0.
    if (market.status !== undefined && market.status !== 1) continue;
    for (const selection of market.selections) {
      if (selection.status !== "VALID") continue;
      prices.add(
        betkingSelection(market.typeId, selection.typeId, market.specialValue, market.specifier),
        selection.odd?.value,
      );
    }
  }
  const srId = sportradarId(event.providerId, BETKING_SR_DIGITS);
  return {
    bookmaker: "betking",
    externalId: event.id,
    ...(srId ? { srId } : {}),
    competitionId,
    home: event.homeTeam,
    away: event.awayTeam,
    kickoff,
    prices: prices.list(),
  };
}

export function parseMatchView(body: string, competitionId: number, now: Date): ParseResult {
  const json = parseJsonBody(body);
  if (!json.ok) return json;
  const parsed = validate(bodySchema, json.value);
  if (!parsed.ok) return parsed;
  const offers: Offer[] = [];
  for (const event of parsed.value.matchViewData.tournaments.flatMap((t) => t.events)) {
    const offer = toOffer(event, competitionId, now);
    if (typeof offer === "string") return failure(offer);
    if (offer) offers.push(offer);
  }
  return withPrices(offers);
}
