import { describe, expect, it } from "vitest";
import { betkingBooking as codec, readMatchOddsIds, matchOddsKey } from "./betking-booking.ts";

const NOW = new Date("2026-11-24T10:00:00Z");

const row = (extra: Record<string, unknown>) => ({
  SelectionId: 2339553331,
  MatchId: 40000011,
  ProviderEventId: "61000001",
  MatchName: "Arsenal - Chelsea",
  EventDate: "2026-11-28T16:00:00+01:00",
  TournamentName: "Premier League",
  MarketTypeId: 110,
  MarketName: "1X2",
  Spread: 0,
  IDSelectionType: 4,
  SelectionName: "1",
  OddValue: 2.35,
  ...extra,
});
const booked = (odds: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ BookedCoupon: { CouponCode: "N71UHB", Odds: odds }, AvailableEventCount: 0, OriginalEventCount: odds.length, RemovedEvents: [], ResponseStatus: 1, ...extra });

describe("BetKing booking codec", () => {
  it("reads BookedCoupon.Odds with the feed's market triple, the line from Spread", () => {
    const read = codec.parseRead(booked([row({}), row({ MarketTypeId: 160, MarketName: "Total Goals 3.5", Spread: 3.5, IDSelectionType: 13, SelectionName: "Under (3.50)", OddValue: 1.4 }), row({ MarketTypeId: 332, MarketName: "Correct Score", IDSelectionType: 1021, SelectionName: "2:1", OddValue: 8.5 })]), 200, NOW);
    if (!read.ok) throw new Error(read.error);
    expect(read.legs[0]).toMatchObject({ externalId: "40000011", srId: "sr:match:61000001", marketId: 1, selectionTypeId: 1, price: 2.35, available: true, kickoff: new Date("2026-11-28T15:00:00Z") });
    expect(read.legs[1]).toMatchObject({ marketId: 5, selectionTypeId: 11 });
    expect(read.legs[2]).toMatchObject({ bookMarket: "Correct Score: 2:1" });
    expect(read.legs[2]?.marketId).toBeUndefined();
  });

  it("reads an empty coupon as empty, naming the matches it dropped, and a null one as not found", () => {
    expect(codec.parseRead(booked([], { RemovedEvents: ["Arsenal - Chelsea", null], ResponseStatus: 405 }), 200, NOW)).toMatchObject({ ok: false, reason: "empty", error: expect.stringContaining("Arsenal - Chelsea") });
    expect(codec.parseRead(JSON.stringify({ BookedCoupon: null }), 200, NOW)).toMatchObject({ ok: false, reason: "not-found" });
    const thinned = codec.parseRead(booked([row({})], { RemovedEvents: ["Leeds - Everton", null] }), 200, NOW);
    expect(thinned.ok && thinned.dropped).toEqual(["Leeds - Everton"]);
  });

  it("reads a suspended selection (price 1) as unavailable", () => {
    const read = codec.parseRead(booked([row({ OddValue: 1 })]), 200, NOW);
    expect(read.ok && read.legs[0]?.available).toBe(false);
  });

  it("books by MatchOddsID and refuses before any request what BetKing books empty", () => {
    const legs = [
      { externalId: "40000011", marketId: 1, selectionTypeId: 1, price: 2.35, bookSelectionId: "2339553331" },
      { externalId: "40000022", marketId: 7, selectionTypeId: 14, price: 1.6, bookSelectionId: "2339553390" },
    ];
    expect(codec.mintProblem?.(legs)).toBeUndefined();
    const req = codec.mintRequest?.("https://www.betking.com", legs);
    expect(req?.url).toMatch(/^https:\/\/www\.betking\.com\/api\/sports\/v1\/bet\/Book\/\d+$/);
    expect(JSON.parse(req?.body ?? "").Odds.map((o: { SelectionId: number }) => o.SelectionId)).toEqual([2339553331, 2339553390]);
    expect(codec.mintProblem?.([legs[0], { ...legs[1], externalId: "40000011" }] as typeof legs)).toMatch(/one selection per match/);
    expect(codec.mintProblem?.([{ ...legs[0], bookSelectionId: undefined }] as never)).toMatch(/MatchOddsID/);
    expect(codec.mintProblem?.(Array.from({ length: 41 }, (_, i) => ({ ...legs[0], externalId: String(i) })) as typeof legs)).toMatch(/40/);
  });

  it("reads the booked code, and a refusal as rejected", () => {
    expect(codec.parseMint?.(JSON.stringify({ ResponseStatus: 1, BookedCouponCode: "N71UHB" }), 200)).toEqual({ ok: true, code: "N71UHB" });
    expect(codec.parseMint?.(JSON.stringify({ ResponseStatus: 21, BookedCouponCode: null }), 200)).toMatchObject({ ok: false, reason: "rejected" });
    expect(codec.parseMint?.("", 429)).toMatchObject({ ok: false, reason: "blocked" });
  });

  it("files the feed's MatchOddsIDs under our selections", () => {
    const listing = JSON.stringify({
      AreaMatches: [{ Items: [{ ItemID: 40000011, OddsCollection: [
        { OddsType: { OddsTypeID: 110 }, SpecialBetValue: "", MatchOdds: [{ MatchOddsID: 2339553331, OddAttribute: { OddTypeID: 4 } }, { MatchOddsID: 2339553332, OddAttribute: { OddTypeID: 2 } }] },
        { OddsType: { OddsTypeID: 160 }, SpecialBetValue: "2.5", MatchOdds: [{ MatchOddsID: 2339553340, OddAttribute: { OddTypeID: 12 } }] },
      ] }] }],
    });
    const ids = readMatchOddsIds(listing);
    expect(ids.ok && ids.value.get(matchOddsKey("40000011", 1, 2))).toBe("2339553332");
    expect(ids.ok && ids.value.get(matchOddsKey("40000011", 4, 8))).toBe("2339553340");
  });
});

/**
 * Every type the catalogue compares at BetKing (docs/design.md, Market catalogue): OddsTypeID, line
 * (Spread in a coupon, SpecialBetValue in a listing; a 3-way handicap's head starts in either form)
 * and OddTypeID, and our market and selection. Draw No Bet, half markets and either half have no
 * BetKing ids yet: no price there.
 */
const COMPARED: [number, string | number, number, number, number][] = [
  [110, 0, 2, 1, 2],
  [146, 0, 11, 8, 18],
  [302, 0, 74, 7, 14],
  [160, 0.5, 12, 2, 4],
  [160, 5.5, 13, 9, 20],
  [10283, 0.5, 12, 10, 21],
  [10284, 1.5, 13, 14, 30],
  [9881, 0, 420, 23, 49],
  [102, 0, 1549, 24, 68],
  [102, 0, 1995, 24, 82],
  [342, "0:1", 1714, 26, 86],
  [342, "line=2:0", 1715, 28, 94],
  [305, -0.5, 1714, 37, 111],
  [305, 0.5, 1715, 41, 120],
  [305, "-0.25", 1714, 38, 113],
];

describe("BetKing booking codec, every compared market", () => {
  it("reads each compared type from its market triple, the line from Spread", () => {
    const rows = COMPARED.map(([MarketTypeId, Spread, IDSelectionType], i) => row({ MatchId: 40001000 + i, MarketTypeId, Spread, IDSelectionType, MarketName: `market ${MarketTypeId}` }));
    const read = codec.parseRead(booked(rows), 200, NOW);
    if (!read.ok) throw new Error(read.error);
    expect(read.legs.map((l) => [l.marketId, l.selectionTypeId])).toEqual(COMPARED.map(([, , , market, selection]) => [market, selection]));
  });

  it("files each listing's MatchOddsID under our selection, books by it, and reads the booking back as the same selections", () => {
    const listing = JSON.stringify({
      AreaMatches: [{ Items: COMPARED.map(([OddsTypeID, SpecialBetValue, OddTypeID], i) => ({ ItemID: 40001000 + i, OddsCollection: [{ OddsType: { OddsTypeID }, SpecialBetValue, MatchOdds: [{ MatchOddsID: 2339600000 + i, OddAttribute: { OddTypeID } }] }] })) }],
    });
    const ids = readMatchOddsIds(listing);
    if (!ids.ok) throw new Error(ids.error);
    const legs = COMPARED.map(([, , , marketId, selectionTypeId], i) => ({ externalId: String(40001000 + i), marketId, selectionTypeId, price: 1.5, bookSelectionId: ids.value.get(matchOddsKey(String(40001000 + i), marketId, selectionTypeId)) }));
    expect(legs.map((l) => l.bookSelectionId)).toEqual(COMPARED.map((_, i) => String(2339600000 + i)));
    expect(codec.mintProblem?.(legs)).toBeUndefined();
    const sent = JSON.parse(codec.mintRequest?.("https://www.betking.com", legs).body ?? "") as { Odds: { SelectionId: number; MatchId: number }[] };
    expect(sent.Odds.map((o) => o.SelectionId)).toEqual(COMPARED.map((_, i) => 2339600000 + i));
    // The coupon answers each booked MatchOddsID with its market triple.
    const back = codec.parseRead(booked(COMPARED.map(([MarketTypeId, Spread, IDSelectionType], i) => row({ MatchId: sent.Odds[i]?.MatchId, MarketTypeId, Spread, IDSelectionType }))), 200, NOW);
    expect(back.ok && back.legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId])).toEqual(legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId]));
  });

  it("leaves a market we do not compare, or a correct score whose id is unknown, unmapped", () => {
    const read = codec.parseRead(booked([row({ MarketTypeId: 102, IDSelectionType: 1538 }), row({ MarketTypeId: 9999, IDSelectionType: 1 }), row({ MarketTypeId: 10283, Spread: 3.5, IDSelectionType: 12 })]), 200, NOW);
    expect(read.ok && read.legs.map((l) => l.marketId)).toEqual([undefined, undefined, undefined]);
  });
});
