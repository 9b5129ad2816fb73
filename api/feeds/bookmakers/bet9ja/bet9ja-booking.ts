/**
 * Bet9ja's Book-a-Bet codes (docs/design.md, Booking endpoints). Booking is a form POST to
 * apigw.bet9ja.com whose `BETSLIP` field is the site's slip as JSON: one bet carrying every leg,
 * legs keyed `<eventId>$<oddsKey>` in both `EVS` and `ODDS`, and `ODDMIN`/`ODDMAX` the unrounded
 * product of the prices. The answer's code is `data[0].RIS` (seven characters); `COUPONCODE`
 * beside it is an internal id that no bettor can load. A code is read back from
 * coupon.bet9ja.com: `D.O` maps each leg's `<eventId>$<oddsKey>` to its name, price `V` and start.
 * Odds keys are the feed's (docs/design.md, Bet9ja feed). A code read days later can come back
 * with fewer legs than it was minted with, and nothing says so.
 */
import { z } from "zod";
import type { BookingAdapter, CodeLeg, MintLeg } from "../../booking/types.ts";
import { bet9jaOddsKey, bookIdsOf } from "../../booking/book-ids.ts";
import { mintJson, readJson } from "../../booking/wire.ts";
import { feedCatalogue } from "../feed-catalogue.ts";
import { readOdds } from "./bet9ja-odds.ts";
import { idText, parseInstant, parseNaiveUtc, priceAbove, splitTeams, sportradarId, validate } from "../common.ts";
import { browserHeaders } from "../headers.ts";

const SITE = "https://sports.bet9ja.com";
const HEADERS = browserHeaders({ referer: `${SITE}/`, origin: SITE });
/** Bet9ja prices a closed line "1" (docs/design.md, Bet9ja feed). */
const CLOSED_AT_OR_BELOW = 1;
const EXTID_DIGITS = /^\d{6,10}$/;

const legSchema = z.object({
  E_NAME: z.string().optional(),
  V: z.unknown().optional(),
  GN: z.string().optional(),
  STARTDATE: z.string().optional(),
  STARTDATEUTC: z.string().optional(),
  EXTID: z.unknown().optional(),
});
const readSchema = z.object({ R: z.unknown(), D: z.object({ O: z.record(z.string(), legSchema).default({}) }).nullish() });
const mintSchema = z.object({
  status: z.unknown(),
  error: z.object({ message: z.unknown().optional() }).passthrough().nullish(),
  data: z.union([z.array(z.object({ RIS: idText.optional() }).passthrough()), z.object({ RIS: idText.optional() }).passthrough()]).nullish(),
});

/** Our selection of one of the feed's odds keys, as the feed reads it ("S_HAOU@1.5_OA": away over 1.5); undefined for a key we do not compare. */
function keySelection(key: string): { marketId: number; selectionTypeId: number } | undefined {
  const [selectionTypeId] = readOdds({ [key]: "2" }).quoted;
  const marketId = selectionTypeId === undefined ? undefined : feedCatalogue().selections.get(selectionTypeId)?.market_id;
  return marketId === undefined || selectionTypeId === undefined ? undefined : { marketId, selectionTypeId };
}

/**
 * The feed's odds key of one of our selections, from the catalogue: "S_1X2_1", "S_OU@2.5_O",
 * "S_HAOU@0.5_OH", "S_1X2HND@-1_1H", "S_HTFT_1/X", "S_CSFT_2:1"; kept only when the feed's own
 * reading of the key gives the same selection back.
 */
export function oddsKeyOf(leg: Pick<MintLeg, "marketId" | "selectionTypeId">): string | undefined {
  const found = bookIdsOf("bet9ja", leg.marketId, leg.selectionTypeId);
  if (!found.ok) return undefined;
  const key = bet9jaOddsKey(found.ids);
  const back = keySelection(key);
  return back?.marketId === leg.marketId && back.selectionTypeId === leg.selectionTypeId ? key : undefined;
}

function toLeg(id: string, leg: z.infer<typeof legSchema>, now: Date): CodeLeg {
  const at = id.indexOf("$");
  const externalId = at < 0 ? id : id.slice(0, at);
  const key = at < 0 ? "" : id.slice(at + 1);
  // Every market the catalogue compares at Bet9ja, whatever its price now (docs/design.md, Reading a code).
  const selection = keySelection(key);
  const teams = leg.E_NAME ? splitTeams(leg.E_NAME, " - ") : undefined;
  const kickoff = leg.STARTDATEUTC ? parseInstant(leg.STARTDATEUTC) : leg.STARTDATE ? parseNaiveUtc(leg.STARTDATE) : undefined;
  const price = priceAbove(leg.V, CLOSED_AT_OR_BELOW);
  const srId = sportradarId(leg.EXTID, EXTID_DIGITS);
  return {
    externalId,
    ...(srId ? { srId } : {}),
    ...(teams ?? {}),
    ...(kickoff ? { kickoff } : {}),
    ...(leg.GN ? { tournament: leg.GN } : {}),
    ...(selection ?? {}),
    bookMarket: key || id,
    ...(price !== undefined ? { price } : {}),
    available: price !== undefined && (kickoff === undefined || kickoff > now),
  };
}

/** "2026/11/28 15:00:00": STARTDATE as the site's own slip sends it. */
const slipDate = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ").replaceAll("-", "/");

function slipLeg(leg: MintLeg, key: string) {
  const [, marketWithLine = "", sign = ""] = key.split("_");
  const [market = "", hnd = ""] = marketWithLine.split("@");
  return {
    id: `${leg.externalId}$${key}`,
    eventId: leg.externalId,
    eventCode: "",
    eventName: leg.home && leg.away ? `${leg.home} v ${leg.away}` : "",
    market,
    sid: key,
    sign,
    GN: leg.tournament ?? "",
    leagueName: leg.tournament ?? "",
    SG: "",
    startdate: leg.kickoff ? slipDate(leg.kickoff) : "",
    oddValue: leg.price.toFixed(2),
    hnd,
    sportName: "",
  };
}

/** The site's slip: one accumulator of every leg, no stake (docs/design.md, Booking endpoints). */
export function betslip(legs: readonly MintLeg[]) {
  const evs = legs.flatMap((leg) => {
    const key = oddsKeyOf(leg);
    return key ? [slipLeg(leg, key)] : [];
  });
  // Unrounded: the site checks ODDMIN against the product of the prices it was sent.
  const product = evs.reduce((total, leg) => total * Number(leg.oddValue), 1);
  return {
    BETS: [
      {
        BSTYPE: 0,
        TAB: 0,
        NUMLINES: evs.length,
        COMB: 1,
        TYPE: evs.length,
        STAKE: 0,
        POTWINMIN: 0,
        POTWINMAX: 0,
        BONUSMIN: 0,
        BONUSMAX: 0,
        ODDMIN: product,
        ODDMAX: product,
        ODDS: Object.fromEntries(evs.map((leg) => [leg.id, leg.oddValue])),
        FIXED: {},
      },
    ],
    EVS: Object.fromEntries(evs.map((leg) => [leg.id, leg])),
    IMPERSONIZE: 0,
  };
}

export const bet9jaBooking: BookingAdapter = {
  key: "bet9ja",
  liveBaseUrl: { read: "https://coupon.bet9ja.com", mint: "https://apigw.bet9ja.com" },
  codePattern: /^[A-Z0-9]{7}$/,

  readRequest(baseUrl, code) {
    return { url: `${baseUrl}/desktop/feapi/CouponAjax/GetBookABetCouponV2?couponCode=${encodeURIComponent(code)}`, headers: HEADERS };
  },

  parseRead(body, status, now) {
    const json = readJson(body, status);
    if (!json.ok) return json;
    const parsed = validate(readSchema, json.value);
    if (!parsed.ok) return { ok: false, reason: "malformed", error: parsed.error };
    const { R, D } = parsed.value;
    // "E" is the site's error flag (docs/design.md, Bet9ja feed); a code it does not know answers another R.
    if (R === "E") return { ok: false, reason: "failed", error: 'R is "E"' };
    if (R !== "OK" || !D) return { ok: false, reason: "not-found", error: `R is ${JSON.stringify(R)}` };
    const legs = Object.entries(D.O).map(([id, leg]) => toLeg(id, leg, now));
    if (legs.length === 0) return { ok: false, reason: "empty", error: "the coupon holds no legs" };
    return { ok: true, legs };
  },

  mintProblem(legs) {
    const unknown = legs.filter((leg) => !oddsKeyOf(leg));
    return unknown.length > 0 ? `${unknown.length} leg(s) in no market Bet9ja books` : undefined;
  },

  mintRequest(baseUrl, legs) {
    return {
      url: `${baseUrl}/sportsbook/placebet/BookABetV2`,
      method: "POST",
      body: new URLSearchParams({ BETSLIP: JSON.stringify(betslip(legs)) }).toString(),
      headers: { ...HEADERS, "Content-Type": "application/x-www-form-urlencoded" },
    };
  },

  parseMint(body, status) {
    const json = mintJson(body, status);
    if (!json.ok) return json;
    const parsed = validate(mintSchema, json.value);
    if (!parsed.ok) return { ok: false, reason: "malformed", error: parsed.error };
    const { status: answer, error, data } = parsed.value;
    const rows = Array.isArray(data) ? data : data ? [data] : [];
    // The code is RIS, never COUPONCODE; a refusal (status -1) is never mined for one.
    const code = answer === 1 ? rows.map((row) => row.RIS?.trim()).find((ris) => ris) : undefined;
    if (!code) return { ok: false, reason: "rejected", error: `status ${JSON.stringify(answer)} (${String(error?.message ?? "no RIS")})` };
    return { ok: true, code };
  },

  openUrl: (code) => `${SITE}/?bookABetCode=${encodeURIComponent(code)}`,
};
