import { describe, expect, it } from "vitest";
import { bet9jaBooking as codec, oddsKeyOf } from "./bet9ja-booking.ts";

const NOW = new Date("2026-11-24T10:00:00Z");

const coupon = (O: Record<string, unknown>) => JSON.stringify({ R: "OK", D: { COUPONCODE: "043528ed-0000-4000-8000-0f21b89d03f0", O } });
const leg = (V: string, extra: Record<string, unknown> = {}) => ({ E_NAME: "Arsenal - Chelsea", GN: "Premier League", SG: "England", STARTDATE: "2026-11-28 15:00:00", V, ...extra });

describe("Bet9ja booking codec", () => {
  it("reads a coupon's legs by event id and odds key, the line taken from the key", () => {
    const read = codec.parseRead(coupon({ "590000013$S_OU@2.5_O": leg("1.85"), "590000026$S_GGNG_N": leg("2.10"), "590000039$S_CS_2-1": leg("9.00") }), 200, NOW);
    if (!read.ok) throw new Error(read.error);
    expect(read.legs[0]).toMatchObject({ externalId: "590000013", marketId: 4, selectionTypeId: 8, price: 1.85, home: "Arsenal", away: "Chelsea", available: true });
    expect(read.legs[0]?.kickoff?.toISOString()).toBe("2026-11-28T15:00:00.000Z");
    expect(read.legs[1]).toMatchObject({ marketId: 7, selectionTypeId: 15 });
    expect(read.legs[2]).toMatchObject({ bookMarket: "S_CS_2-1", price: 9 });
    expect(read.legs[2]?.marketId).toBeUndefined();
  });

  it("reads a closed line (\"1\") and a started leg as unavailable", () => {
    const read = codec.parseRead(coupon({ "1$S_1X2_1": leg("1"), "2$S_1X2_2": leg("2.50", { STARTDATE: "2026-11-24 09:00:00" }) }), 200, NOW);
    expect(read.ok && read.legs.map((l) => l.available)).toEqual([false, false]);
  });

  it("answers an unknown code as not found and an empty coupon as empty", () => {
    expect(codec.parseRead(JSON.stringify({ R: "ERROR", D: null }), 200, NOW)).toMatchObject({ ok: false, reason: "not-found" });
    expect(codec.parseRead(coupon({}), 200, NOW)).toMatchObject({ ok: false, reason: "empty" });
    expect(codec.parseRead("<html><title>Access Denied</title>Reference #18</html>", 403, NOW)).toMatchObject({ ok: false, reason: "blocked" });
  });

  it("books one accumulator keyed <eventId>$<oddsKey>, ODDMIN the unrounded product", () => {
    const req = codec.mintRequest?.("https://apigw.bet9ja.com", [
      { externalId: "590000013", marketId: 1, selectionTypeId: 1, price: 4.25, home: "Arsenal", away: "Chelsea", kickoff: new Date("2026-11-28T15:00:00Z") },
      { externalId: "590000026", marketId: 4, selectionTypeId: 9, price: 11.75 },
    ]);
    expect(req).toMatchObject({ url: "https://apigw.bet9ja.com/sportsbook/placebet/BookABetV2", method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const slip = JSON.parse(new URLSearchParams(req?.body).get("BETSLIP") ?? "");
    expect(slip.BETS[0]).toMatchObject({ NUMLINES: 2, COMB: 1, TYPE: 2, STAKE: 0, ODDMIN: 49.9375, ODDMAX: 49.9375, ODDS: { "590000013$S_1X2_1": "4.25", "590000026$S_OU@2.5_U": "11.75" } });
    expect(slip.EVS["590000026$S_OU@2.5_U"]).toMatchObject({ sid: "S_OU@2.5_U", market: "OU", sign: "U", hnd: "2.5" });
    expect(slip.EVS["590000013$S_1X2_1"]).toMatchObject({ eventName: "Arsenal v Chelsea", startdate: "2026/11/28 15:00:00" });
  });

  it("takes the code from RIS, never from COUPONCODE, and never from a refusal", () => {
    const ok = { status: 1, error: { code: 0, message: "" }, data: [{ RIS: "5PTL8WL", COUPONCODE: "043528ed-ced1-44b7-ac05-0f21b89d03f0", STATUS: 1 }] };
    expect(codec.parseMint?.(JSON.stringify(ok), 200)).toEqual({ ok: true, code: "5PTL8WL" });
    const refused = { status: -1, error: { code: 100, message: "checkformatbetsliperror" }, data: [{ RIS: "IGNORED" }] };
    expect(codec.parseMint?.(JSON.stringify(refused), 200)).toMatchObject({ ok: false, reason: "rejected", error: expect.stringContaining("checkformatbetsliperror") });
    expect(codec.codePattern.test("5PTL8WL")).toBe(true);
    expect(codec.openUrl("5PTL8WL")).toBe("https://sports.bet9ja.com/?bookABetCode=5PTL8WL");
  });
});

/** Every type the catalogue compares at Bet9ja, as its odds keys write them (docs/design.md, Market catalogue and Lines), and our market and selection. */
const COMPARED: [string, number, number][] = [
  ["S_1X2_X", 1, 2],
  ["S_DC_X2", 8, 18],
  ["S_GGNG_Y", 7, 14],
  ["S_OU@0.5_O", 2, 4],
  ["S_OU@5.5_U", 9, 20],
  ["S_HAOU@0.5_OH", 10, 21],
  ["S_HAOU@1.5_UA", 14, 30],
  ["S_OU1T@1.5_O", 17, 35],
  ["S_OU2T@0.5_U", 19, 40],
  ["S_1X21T_2", 22, 47],
  ["S_DNB_1", 21, 43],
  ["S_HTFT_1/X", 23, 49],
  ["S_CSFT_2:1", 24, 68],
  ["S_CSFT_OTH", 24, 82],
  ["S_1X2HND@-1_1H", 26, 86],
  ["S_1X2HND@2_2H", 28, 94],
  ["S_AH@-0.5_1", 37, 111],
  ["S_AH@0.5_2", 41, 120],
  ["S_AH@-0.25_1", 38, 113],
  ["S_HOMEWINHALF_Y", 50, 137],
  ["S_AWAYWINHALF_N", 51, 140],
];

describe("Bet9ja booking codec, every compared market", () => {
  it("reads each compared type from its odds key, the line from the key", () => {
    const read = codec.parseRead(coupon(Object.fromEntries(COMPARED.map(([key], i) => [`${590001000 + i}$${key}`, leg((1.5 + i / 10).toFixed(2))]))), 200, NOW);
    if (!read.ok) throw new Error(read.error);
    expect(read.legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId])).toEqual(COMPARED.map(([, market, selection], i) => [String(590001000 + i), market, selection]));
  });

  it("reads a closed leg's market all the same, unavailable", () => {
    const read = codec.parseRead(coupon({ "1$S_HAOU@0.5_OA": leg("1") }), 200, NOW);
    expect(read.ok && read.legs[0]).toMatchObject({ marketId: 13, selectionTypeId: 27, available: false });
  });

  it("books each under its odds key and reads the booking back as the same selections", () => {
    const legs = COMPARED.map(([, marketId, selectionTypeId], i) => ({ externalId: String(590001000 + i), marketId, selectionTypeId, price: 1.5 }));
    expect(codec.mintProblem?.(legs)).toBeUndefined();
    const slip = JSON.parse(new URLSearchParams(codec.mintRequest?.("https://apigw.bet9ja.com", legs).body).get("BETSLIP") ?? "") as { EVS: Record<string, { sid: string; market: string; sign: string; hnd: string }> };
    expect(Object.values(slip.EVS).map((ev) => ev.sid)).toEqual(COMPARED.map(([key]) => key));
    expect(slip.EVS["590001014$S_1X2HND@-1_1H"]).toMatchObject({ market: "1X2HND", hnd: "-1", sign: "1H" });
    // The coupon read back holds the keys booked.
    const read = codec.parseRead(coupon(Object.fromEntries(Object.keys(slip.EVS).map((id) => [id, leg("1.50")]))), 200, NOW);
    expect(read.ok && read.legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId])).toEqual(legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId]));
  });

  it("books no SportyBet-only market and no market off its grid, saying so before any request", () => {
    expect(oddsKeyOf({ marketId: 52, selectionTypeId: 141 })).toBeUndefined();
    expect(codec.mintProblem?.([{ externalId: "1", marketId: 53, selectionTypeId: 144, price: 2 }])).toMatch(/no market Bet9ja books/);
    // A key of a market we do not compare (half-time Draw No Bet) or a line off the grid stays unmapped.
    const read = codec.parseRead(coupon({ "1$S_DNB1T_1": leg("2.00"), "2$S_HAOU@3.5_OH": leg("3.00") }), 200, NOW);
    expect(read.ok && read.legs.map((l) => l.marketId)).toEqual([undefined, undefined]);
  });
});
