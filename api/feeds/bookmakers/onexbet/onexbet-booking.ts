/**
 * 1xBet's coupons (docs/design.md, Booking endpoints): POST /service-api/LiveBet/Open/GetCoupon
 * with `{"Guid":<code>,"Lng":"en","partner":159}` answers the coupon's events in the
 * SaveCouponEvent shape: `GameId` (a period's own game for halves and corners), `MainGameId`
 * (the feed's game id), group `GroupId`, type `Type`, line `Param`, price `Coef`, `Block`, teams
 * and `Start` (unix seconds). Ids are the feed's (docs/design.md, 1xBet feed); there is no
 * Sportradar id, so legs pair by teams and kick-off. No create endpoint is used: none is documented.
 */
import { z } from "zod";
import type { BookingAdapter, CodeLeg } from "../../booking/types.ts";
import { readJson } from "../../booking/wire.ts";
import { catalogueSelection, sanitizePrice, validate, type ProductSelection } from "../common.ts";
import { browserHeaders } from "../headers.ts";
import { BTTS_GROUP } from "./onexbet.ts";

const SITE = "https://ng.1x001.com";
const HEADERS = browserHeaders({ referer: `${SITE}/en/line/football`, origin: SITE });
const PARTNER = 159;


const eventSchema = z.object({
  GameId: z.number(),
  MainGameId: z.number().optional(),
  GroupId: z.number().optional(),
  Type: z.number(),
  Param: z.number().nullish(),
  Coef: z.unknown().optional(),
  Block: z.unknown().optional(),
  Start: z.number().optional(),
  Opp1: z.string().optional(),
  Opp2: z.string().optional(),
  Liga: z.string().optional(),
  PeriodName: z.string().nullish(),
  GroupName: z.string().nullish(),
  MarketName: z.string().nullish(),
});
const readSchema = z.object({
  Success: z.unknown(),
  Error: z.unknown().optional(),
  Value: z.object({ Events: z.array(eventSchema).nullish() }).nullish(),
});

type CouponEvent = z.infer<typeof eventSchema>;

function selectionFor(event: CouponEvent): ProductSelection | undefined {
  // A half or another period is its own game: a different bet from the match's.
  if (event.PeriodName || (event.MainGameId !== undefined && event.MainGameId !== event.GameId)) return undefined;
  if (event.GroupId === undefined) return undefined;
  const line = event.Param ?? 0;
  if (event.GroupId === BTTS_GROUP && line !== 0) return undefined;
  return catalogueSelection("1xbet", event.GroupId, event.Type, line);
}

function toLeg(event: CouponEvent, now: Date): CodeLeg {
  const selection = selectionFor(event);
  const kickoff = event.Start === undefined ? undefined : new Date(event.Start * 1000);
  const price = sanitizePrice(event.Coef);
  const period = event.PeriodName ? ` (${event.PeriodName})` : "";
  return {
    externalId: String(event.MainGameId ?? event.GameId),
    ...(event.Opp1 ? { home: event.Opp1 } : {}),
    ...(event.Opp2 ? { away: event.Opp2 } : {}),
    ...(kickoff ? { kickoff } : {}),
    ...(event.Liga ? { tournament: event.Liga } : {}),
    ...(selection ?? {}),
    bookMarket: `${event.GroupName ?? `group ${event.GroupId ?? "?"}`}${period}: ${event.MarketName ?? `type ${event.Type}`}`,
    ...(price !== undefined ? { price } : {}),
    available: event.Block !== true && price !== undefined && (kickoff === undefined || kickoff > now),
  };
}

export const onexbetBooking: BookingAdapter = {
  key: "1xbet",
  liveBaseUrl: { read: SITE },
  // Codes seen in public clients are five letters and digits (HYTRC); six is allowed for safety.
  codePattern: /^[A-Z0-9]{5,6}$/,
  // At most 50 selections (docs/design.md, Booking endpoints).
  maxSelections: 50,

  readRequest(baseUrl, code) {
    return {
      url: `${baseUrl}/service-api/LiveBet/Open/GetCoupon`,
      method: "POST",
      body: JSON.stringify({ Guid: code, Lng: "en", partner: PARTNER }),
      headers: { ...HEADERS, "Content-Type": "application/json" },
    };
  },

  parseRead(body, status, now) {
    const json = readJson(body, status);
    if (!json.ok) return json;
    const parsed = validate(readSchema, json.value);
    if (!parsed.ok) return { ok: false, reason: "malformed", error: parsed.error };
    const { Success, Error: error, Value } = parsed.value;
    if (Success !== true || !Value) return { ok: false, reason: "not-found", error: `Success is ${JSON.stringify(Success)} (${String(error || "no coupon")})` };
    const events = Value.Events ?? [];
    if (events.length === 0) return { ok: false, reason: "empty", error: "the coupon holds no events" };
    return { ok: true, legs: events.map((event) => toLeg(event, now)) };
  },

  openUrl: () => undefined,
};
