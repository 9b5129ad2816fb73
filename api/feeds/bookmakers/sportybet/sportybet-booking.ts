/**
 * SportyBet's share codes (docs/design.md, Booking endpoints): POST /api/ng/orders/share books
 * `{"selections":[{eventId, marketId, specifier, outcomeId}]}` and answers the shareCode and its
 * deadline; GET /api/ng/orders/share/{code} answers the code's selections (`data.ticket`) and
 * their events with current markets and odds (`data.outcomes`). Ids are SportyBet's own, the
 * feed's (docs/design.md, SportyBet feed); a code the site does not know answers bizCode 10000
 * with `isAvailable: false` and no data.
 */
import { z } from "zod";
import type { BookingAdapter, CodeLeg, MintLeg } from "../../booking/types.ts";
import { bookIdsOf, sportradarSpecifier } from "../../booking/book-ids.ts";
import { mintJson, readJson } from "../../booking/wire.ts";
import { idText, sanitizePrice, sportradarId, validate } from "../common.ts";
import { selectionFor } from "./sportybet-markets.ts";
import { browserHeaders } from "../headers.ts";
import { LIVE_BASE_URL, SITE_HEADERS } from "./sportybet.ts";

const SUCCESS = 10000;
const HEADERS = {
  ...browserHeaders({ referer: `${LIVE_BASE_URL}/ng/`, origin: LIVE_BASE_URL }),
  ...SITE_HEADERS,
};

const outcomeSchema = z.object({ id: idText, odds: z.unknown().optional(), desc: z.string().optional(), isActive: z.unknown().optional() });
const marketSchema = z.object({
  id: idText,
  specifier: z.string().nullish(),
  desc: z.string().optional(),
  status: z.unknown().optional(),
  outcomes: z.array(outcomeSchema).default([]),
});
const eventSchema = z.object({
  eventId: z.string().min(1),
  estimateStartTime: z.number().optional(),
  matchStatus: z.string().optional(),
  homeTeamName: z.string().optional(),
  awayTeamName: z.string().optional(),
  sport: z.object({ category: z.object({ tournament: z.object({ name: z.string() }).optional() }).optional() }).optional(),
  markets: z.array(marketSchema).default([]),
});
const selectionSchema = z.object({ eventId: z.string(), marketId: idText, specifier: z.string().nullish(), outcomeId: idText });
const readSchema = z.object({
  bizCode: z.unknown(),
  message: z.unknown().optional(),
  isAvailable: z.unknown().optional(),
  data: z
    .object({
      deadline: z.number().optional(),
      ticket: z.object({ selections: z.array(selectionSchema).default([]) }).optional(),
      outcomes: z.array(eventSchema).default([]),
    })
    .nullish(),
});
const mintSchema = z.object({
  bizCode: z.unknown(),
  message: z.unknown().optional(),
  data: z
    .object({ shareCode: z.string().optional(), deadline: z.number().optional(), unavailableOutcomes: z.array(z.unknown()).optional() })
    .nullish(),
});

type SportyEvent = z.infer<typeof eventSchema>;
type SportyMarket = z.infer<typeof marketSchema>;

const sameSpecifier = (a: string | null | undefined, b: string | null | undefined) => (a ?? "") === (b ?? "");

function toLeg(event: SportyEvent, market: SportyMarket | undefined, outcomeId: string, now: Date): CodeLeg {
  const outcome = market?.outcomes.find((o) => o.id === outcomeId);
  // Every market the catalogue compares at SportyBet, 1UP and 2UP included (docs/design.md, Reading a code).
  const selection = market && selectionFor(market, outcomeId);
  const price = sanitizePrice(outcome?.odds);
  const kickoff = event.estimateStartTime === undefined ? undefined : new Date(event.estimateStartTime);
  const started = (kickoff !== undefined && kickoff <= now) || (event.matchStatus !== undefined && event.matchStatus !== "Not start");
  const open = market?.status === undefined || market.status === 0;
  const active = outcome?.isActive === undefined || outcome.isActive === 1;
  const srId = sportradarId(event.eventId);
  const tournament = event.sport?.category?.tournament?.name;
  const specifier = market?.specifier ? ` ${market.specifier}` : "";
  return {
    externalId: event.eventId,
    ...(srId ? { srId } : {}),
    ...(event.homeTeamName ? { home: event.homeTeamName } : {}),
    ...(event.awayTeamName ? { away: event.awayTeamName } : {}),
    ...(kickoff ? { kickoff } : {}),
    ...(tournament ? { tournament } : {}),
    ...(selection ?? {}),
    bookMarket: `${market?.desc ?? `market ${market?.id ?? "?"}`}${specifier}: ${outcome?.desc ?? `outcome ${outcomeId}`}`,
    ...(price !== undefined ? { price } : {}),
    available: !started && open && active && price !== undefined && outcome !== undefined,
  };
}

/**
 * One of our legs as SportyBet's selection: the catalogue's market and outcome ids and the line as a
 * specifier (docs/design.md, Lines), kept only when reading those ids back gives the same selection.
 */
export function bookIds(leg: Pick<MintLeg, "externalId" | "marketId" | "selectionTypeId">) {
  const found = bookIdsOf("sportybet", leg.marketId, leg.selectionTypeId);
  if (!found.ok) return undefined;
  const specifier = sportradarSpecifier(found.ids);
  const back = selectionFor({ id: found.ids.market, specifier }, found.ids.outcome);
  if (back?.marketId !== leg.marketId || back.selectionTypeId !== leg.selectionTypeId) return undefined;
  return { eventId: leg.externalId, marketId: found.ids.market, specifier, outcomeId: found.ids.outcome };
}

export const sportybetBooking: BookingAdapter = {
  key: "sportybet",
  liveBaseUrl: { read: LIVE_BASE_URL, mint: LIVE_BASE_URL },
  // Every share code seen in public clients is six letters and digits (HW7UDH).
  codePattern: /^[A-Z0-9]{6}$/,

  readRequest(baseUrl, code) {
    return { url: `${baseUrl}/api/ng/orders/share/${encodeURIComponent(code)}`, headers: HEADERS };
  },

  parseRead(body, status, now) {
    const json = readJson(body, status);
    if (!json.ok) return json;
    const parsed = validate(readSchema, json.value);
    if (!parsed.ok) return { ok: false, reason: "malformed", error: parsed.error };
    const { bizCode, message, isAvailable, data } = parsed.value;
    const text = String(message ?? "no message");
    if (bizCode !== SUCCESS) {
      const missing = /not exist|invalid|expired|not found/i.test(text);
      return { ok: false, reason: missing ? "not-found" : "failed", error: `bizCode ${JSON.stringify(bizCode)} (${text})` };
    }
    if (!data || isAvailable === false) return { ok: false, reason: "not-found", error: `no such share code (${text})` };

    const events = new Map(data.outcomes.map((event) => [event.eventId, event]));
    // The ticket names the booked selections; without one, every outcome the events carry is one.
    const selections =
      data.ticket?.selections ??
      data.outcomes.flatMap((event) =>
        event.markets.flatMap((m) => m.outcomes.map((o) => ({ eventId: event.eventId, marketId: m.id, specifier: m.specifier, outcomeId: o.id }))),
      );
    const legs = selections.map((selection) => {
      const event = events.get(selection.eventId) ?? { eventId: selection.eventId, markets: [] };
      const market = event.markets.find((m) => m.id === selection.marketId && sameSpecifier(m.specifier, selection.specifier));
      return toLeg(event, market, selection.outcomeId, now);
    });
    if (legs.length === 0) return { ok: false, reason: "empty", error: "the code holds no selections" };
    return { ok: true, legs, ...(data.deadline !== undefined ? { expiresAt: new Date(data.deadline) } : {}) };
  },

  mintRequest(baseUrl, legs) {
    const selections = legs.map(bookIds).filter((ids) => ids !== undefined);
    return {
      url: `${baseUrl}/api/ng/orders/share`,
      method: "POST",
      body: JSON.stringify({ selections }),
      headers: { ...HEADERS, "Content-Type": "application/json" },
    };
  },

  mintProblem(legs) {
    const unknown = legs.filter((leg) => !bookIds(leg));
    return unknown.length > 0 ? `${unknown.length} leg(s) in no market SportyBet books` : undefined;
  },

  parseMint(body, status) {
    const json = mintJson(body, status);
    if (!json.ok) return json;
    const parsed = validate(mintSchema, json.value);
    if (!parsed.ok) return { ok: false, reason: "malformed", error: parsed.error };
    const { bizCode, message, data } = parsed.value;
    if (bizCode !== SUCCESS || !data?.shareCode) {
      return { ok: false, reason: "rejected", error: `bizCode ${JSON.stringify(bizCode)} (${String(message ?? "no shareCode")})` };
    }
    const refused = data.unavailableOutcomes?.length ?? 0;
    return {
      ok: true,
      code: data.shareCode,
      ...(data.deadline !== undefined ? { expiresAt: new Date(data.deadline) } : {}),
      ...(refused > 0 ? { refusedLegs: refused } : {}),
    };
  },

  openUrl: (code) => `${LIVE_BASE_URL}/?shareCode=${encodeURIComponent(code)}&c=ng`,
};
