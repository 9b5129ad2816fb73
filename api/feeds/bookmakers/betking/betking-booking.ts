/**
 * BetKing's booked coupons (docs/design.md, Booking endpoints). A code is booked by POSTing the
 * site's client-side coupon to /api/sports/v1/bet/Book/<transaction id>, each selection named by
 * its MatchOddsID (the feed's id of one priced outcome, not Outcome.OutcomeID), and answers
 * `{"ResponseStatus":1,"BookedCouponCode"}`. It accepts unknown ids and two selections of one
 * match, and answers an ordinary code holding nothing: a minted code is always read back.
 * GET /api/sports/v1/bet/Booked/<code>/en answers `BookedCoupon.Odds`, one row per leg with the
 * feed's market triple (MarketTypeId, Spread, IDSelectionType); a match leaves the coupon when it
 * starts and is named in `RemovedEvents`; an unknown code answers `BookedCoupon: null`.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { BookingAdapter, CodeLeg, MintLeg } from "../../booking/types.ts";
import { mintJson, readJson } from "../../booking/wire.ts";
import { BETKING_SR_DIGITS } from "./betking-match-view.ts";
import { betkingSelection } from "./betking-markets.ts";
import { idText, parseInstant, parseJsonBody, sanitizePrice, splitTeams, sportradarId, validate, type Result, type ProductSelection } from "../common.ts";
import { browserHeaders } from "../headers.ts";

const SITE = "https://www.betking.com";
const HEADERS = browserHeaders({ referer: `${SITE}/`, origin: SITE });
/** MaxNoOfSelections in the site's own global variables. */
const MAX_SELECTIONS = 40;

const rowSchema = z.object({
  MatchId: idText,
  ProviderEventId: z.unknown().optional(),
  MatchName: z.string().optional(),
  EventDate: z.string().optional(),
  TournamentName: z.string().optional(),
  MarketTypeId: z.number().optional(),
  MarketName: z.string().optional(),
  Spread: z.union([z.number(), z.string()]).nullish(),
  IDSelectionType: z.number().optional(),
  SelectionName: z.string().optional(),
  OddValue: z.unknown().optional(),
});
const readSchema = z.object({
  BookedCoupon: z.object({ Odds: z.array(rowSchema).nullish() }).nullish(),
  RemovedEvents: z.array(z.unknown()).nullish(),
});
const mintSchema = z.object({ ResponseStatus: z.unknown(), BookedCouponCode: z.string().nullish() });
const listingSchema = z.object({
  AreaMatches: z.array(
    z.object({
      Items: z
        .array(
          z.object({
            ItemID: idText,
            OddsCollection: z
              .array(
                z.object({
                  OddsType: z.object({ OddsTypeID: z.number() }),
                  SpecialBetValue: z.union([z.string(), z.number()]).nullish(),
                  MatchOdds: z.array(z.object({ MatchOddsID: idText.optional(), OddAttribute: z.object({ OddTypeID: z.number() }) })).default([]),
                }),
              )
              .default([]),
          }),
        )
        .default([]),
    }),
  ),
});

/**
 * Our selection of a BetKing market, outcome and line, in every market the catalogue compares there
 * (docs/design.md, Reading a code). The line is a number or text ("2.5", "-0.5", a 3-way handicap's
 * "0:1"), or the match view's specifier form "line=0:1" (docs/design.md, Lines).
 */
function rowSelection(marketTypeId: number, selectionType: number, line: string | number | null | undefined): ProductSelection | undefined {
  const specifier = typeof line === "string" && line.includes("=") ? line : undefined;
  return betkingSelection(marketTypeId, selectionType, specifier ? undefined : line, specifier);
}

function toLeg(row: z.infer<typeof rowSchema>, now: Date): CodeLeg {
  const selection = row.MarketTypeId !== undefined && row.IDSelectionType !== undefined ? rowSelection(row.MarketTypeId, row.IDSelectionType, row.Spread) : undefined;
  const teams = row.MatchName ? splitTeams(row.MatchName, " - ") : undefined;
  const kickoff = row.EventDate ? parseInstant(row.EventDate) : undefined;
  const price = sanitizePrice(row.OddValue);
  const srId = sportradarId(row.ProviderEventId, BETKING_SR_DIGITS);
  return {
    externalId: row.MatchId,
    ...(srId ? { srId } : {}),
    ...(teams ?? {}),
    ...(kickoff ? { kickoff } : {}),
    ...(row.TournamentName ? { tournament: row.TournamentName } : {}),
    ...(selection ?? {}),
    bookMarket: `${row.MarketName ?? `market ${row.MarketTypeId ?? "?"}`}: ${row.SelectionName ?? `selection ${row.IDSelectionType ?? "?"}`}`,
    ...(price !== undefined ? { price } : {}),
    available: price !== undefined && (kickoff === undefined || kickoff > now),
  };
}

/** The key readMatchOddsIds files a MatchOddsID under: the feed's ItemID and our selection. */
export const matchOddsKey = (externalId: string, marketId: number, selectionTypeId: number) => `${externalId}/${marketId}/${selectionTypeId}`;

/**
 * The MatchOddsID of every selection of ours in a BetKing prematch listing (the feed's body),
 * filed by matchOddsKey: what a mint needs as `bookSelectionId` (docs/design.md, Minting a code).
 */
export function readMatchOddsIds(body: string): Result<Map<string, string>> {
  const json = parseJsonBody(body);
  if (!json.ok) return json;
  const parsed = validate(listingSchema, json.value);
  if (!parsed.ok) return parsed;
  const ids = new Map<string, string>();
  for (const item of parsed.value.AreaMatches.flatMap((area) => area.Items)) {
    for (const market of item.OddsCollection) {
      for (const odd of market.MatchOdds) {
        const selection = rowSelection(market.OddsType.OddsTypeID, odd.OddAttribute.OddTypeID, market.SpecialBetValue);
        if (selection && odd.MatchOddsID) ids.set(matchOddsKey(item.ItemID, selection.marketId, selection.selectionTypeId), odd.MatchOddsID);
      }
    }
  }
  return { ok: true, value: ids };
}

/** The site's idempotency key for a booking; the same legs give the same key, as rebooking them gives the same code. */
function transactionId(legs: readonly MintLeg[]): string {
  const digest = createHash("sha256").update(legs.map((leg) => leg.bookSelectionId ?? "").join(",")).digest();
  return String(digest.readUIntBE(0, 6)).padStart(15, "0");
}

function couponLeg(leg: MintLeg) {
  return {
    SelectionId: Number(leg.bookSelectionId),
    MatchId: Number(leg.externalId),
    ProviderEventId: leg.srId?.replace("sr:match:", "") ?? "",
    MatchName: leg.home && leg.away ? `${leg.home} - ${leg.away}` : "",
    EventDate: leg.kickoff?.toISOString() ?? "",
    TournamentName: leg.tournament ?? "",
    IDSport: 1,
    SportName: "Football",
    OddValue: leg.price,
    Fixed: false,
    CompatibilityLevel: 1,
  };
}

export const betkingBooking: BookingAdapter = {
  key: "betking",
  liveBaseUrl: { read: SITE, mint: SITE },
  // Every code seen is six letters and digits (N71UHB, DT166R).
  codePattern: /^[A-Z0-9]{6}$/,
  maxSelections: MAX_SELECTIONS,

  readRequest(baseUrl, code) {
    return { url: `${baseUrl}/api/sports/v1/bet/Booked/${encodeURIComponent(code)}/en`, headers: HEADERS };
  },

  parseRead(body, status, now) {
    const json = readJson(body, status);
    if (!json.ok) return json;
    const parsed = validate(readSchema, json.value);
    if (!parsed.ok) return { ok: false, reason: "malformed", error: parsed.error };
    const { BookedCoupon, RemovedEvents } = parsed.value;
    if (!BookedCoupon) return { ok: false, reason: "not-found", error: "BookedCoupon is null" };
    const dropped = (RemovedEvents ?? []).filter((name): name is string => typeof name === "string" && name !== "");
    const rows = BookedCoupon.Odds ?? [];
    if (rows.length === 0) {
      const why = dropped.length > 0 ? `its matches started (${dropped.join(", ")})` : "unknown selections or all its matches started";
      return { ok: false, reason: "empty", error: `the coupon holds no legs: ${why}` };
    }
    return { ok: true, legs: rows.map((row) => toLeg(row, now)), ...(dropped.length > 0 ? { dropped } : {}) };
  },

  mintProblem(legs) {
    if (legs.length > MAX_SELECTIONS) return `BetKing takes at most ${MAX_SELECTIONS} selections`;
    if (legs.some((leg) => !leg.bookSelectionId || !/^\d+$/.test(leg.bookSelectionId))) return "a leg has no MatchOddsID";
    const matches = new Set(legs.map((leg) => leg.externalId));
    // Two selections of one match book as an empty code.
    return matches.size < legs.length ? "BetKing takes one selection per match" : undefined;
  },

  mintRequest(baseUrl, legs) {
    const odds = legs.map(couponLeg);
    const total = legs.reduce((product, leg) => product * leg.price, 1);
    const stake = 100;
    const coupon = {
      Odds: odds,
      Groupings: [{ Grouping: odds.length, Combinations: 1, Stake: stake }],
      StakeGross: stake,
      Stake: stake,
      CouponTypeId: odds.length === 1 ? 1 : 2,
      Language: "en",
      CurrencyId: 1,
      TotalOdds: total,
      TotalCombinations: 1,
      IsClientSideCoupon: true,
      BetCouponGlobalVariable: { MaxNoOfSelections: MAX_SELECTIONS, MaxNoOfEvents: MAX_SELECTIONS },
    };
    return {
      url: `${baseUrl}/api/sports/v1/bet/Book/${transactionId(legs)}`,
      method: "POST",
      body: JSON.stringify(coupon),
      headers: { ...HEADERS, "Content-Type": "application/json;charset=UTF-8" },
    };
  },

  parseMint(body, status) {
    const json = mintJson(body, status);
    if (!json.ok) return json;
    const parsed = validate(mintSchema, json.value);
    if (!parsed.ok) return { ok: false, reason: "malformed", error: parsed.error };
    const { ResponseStatus, BookedCouponCode } = parsed.value;
    if (ResponseStatus !== 1 || !BookedCouponCode) return { ok: false, reason: "rejected", error: `ResponseStatus ${JSON.stringify(ResponseStatus)}` };
    return { ok: true, code: BookedCouponCode };
  },

  openUrl: (code) => `https://m.betking.com/en-ng/sports/book-bet/${encodeURIComponent(code)}`,
};
