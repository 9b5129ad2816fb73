import { describe, expect, it } from "vitest";
import { onexbetBooking as codec } from "./onexbet-booking.ts";

const NOW = new Date("2026-11-24T10:00:00Z");
const START = Date.parse("2026-11-28T15:00:00Z") / 1000;

const event = (extra: Record<string, unknown>) => ({
  __type: "SaveCouponEvent:#LiveBetContract.Classes",
  Coef: 1.439,
  Param: 0,
  Type: 1,
  GameId: 280000017,
  MainGameId: 280000017,
  Kind: 3,
  Block: false,
  SportId: 1,
  ChampId: 88637,
  Start: START,
  Opp1: "Arsenal",
  Opp2: "Chelsea",
  Liga: "England. Premier League",
  PeriodName: "",
  MarketName: "W1",
  GroupName: "1x2",
  GroupId: 1,
  DateStart: `/Date(${START * 1000})/`,
  ...extra,
});
const coupon = (events: unknown[]) => JSON.stringify({ Error: "", ErrorCode: 0, Guid: "", Id: 0, Success: true, Value: { Events: events, Coef: 1.9, partner: 159 } });

describe("1xBet booking codec", () => {
  it("reads a coupon's events by group, type and line; a half is its own game, not ours", () => {
    const read = codec.parseRead(
      coupon([
        event({}),
        event({ GroupId: 17, Type: 10, Param: 3.5, Coef: 1.62, MarketName: "Total Under (3.5)", GroupName: "Total" }),
        event({ GroupId: 17, Type: 9, Param: 0.5, GameId: 280000018, PeriodName: "1st half", MarketName: "Total Over (0.5)", GroupName: "Total" }),
        event({ GroupId: 17, Type: 9, Param: 2, MarketName: "Total Over (2)", GroupName: "Total" }),
        event({ GroupId: 19, Type: 180, Param: 0, MarketName: "Yes", GroupName: "Both Teams To Score" }),
      ]),
      200,
      NOW,
    );
    if (!read.ok) throw new Error(read.error);
    expect(read.legs[0]).toMatchObject({ externalId: "280000017", marketId: 1, selectionTypeId: 1, price: 1.439, home: "Arsenal", tournament: "England. Premier League", available: true });
    expect(read.legs[0]?.srId).toBeUndefined();
    expect(read.legs[1]).toMatchObject({ marketId: 5, selectionTypeId: 11 });
    expect(read.legs[2]).toMatchObject({ externalId: "280000017", bookMarket: "Total (1st half): Total Over (0.5)" });
    expect(read.legs.slice(2, 4).map((l) => l.marketId)).toEqual([undefined, undefined]);
    expect(read.legs[4]).toMatchObject({ marketId: 7, selectionTypeId: 14 });
  });

  it("reads a blocked or started event as unavailable", () => {
    const read = codec.parseRead(coupon([event({ Block: true }), event({ Start: NOW.getTime() / 1000 - 60 })]), 200, NOW);
    expect(read.ok && read.legs.map((l) => l.available)).toEqual([false, false]);
  });

  it("answers an unknown code as not found and a Cloudflare page as blocked", () => {
    expect(codec.parseRead(JSON.stringify({ Error: "Coupon not found", Success: false, Value: null }), 200, NOW)).toMatchObject({ ok: false, reason: "not-found" });
    expect(codec.parseRead(coupon([]), 200, NOW)).toMatchObject({ ok: false, reason: "empty" });
    expect(codec.parseRead("<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>", 200, NOW)).toMatchObject({ ok: false, reason: "blocked" });
  });

  it("asks GetCoupon with the code as Guid and partner 159, and has no mint", () => {
    const req = codec.readRequest("https://ng.1x001.com", "HYTRC");
    expect(req).toMatchObject({ url: "https://ng.1x001.com/service-api/LiveBet/Open/GetCoupon", method: "POST" });
    expect(JSON.parse(req.body ?? "")).toEqual({ Guid: "HYTRC", Lng: "en", partner: 159 });
    expect(codec.mintRequest).toBeUndefined();
    expect(codec.maxSelections).toBe(50);
    expect(codec.openUrl("HYTRC")).toBeUndefined();
  });

  it("reads every market the catalogue compares at 1xBet, beyond the eight too, and none whose ids are unknown", () => {
    const read = codec.parseRead(
      coupon([
        event({ GroupId: 8, Type: 6, MarketName: "X2", GroupName: "Double Chance" }),
        event({ GroupId: 17, Type: 9, Param: 5.5, MarketName: "Total Over (5.5)", GroupName: "Total" }),
        event({ GroupId: 17, Type: 10, Param: 0.5, MarketName: "Total Under (0.5)", GroupName: "Total" }),
        event({ GroupId: 1008, Type: 7, Param: -0.5, MarketName: "Asian Handicap 1 (-0.5)", GroupName: "Asian Handicap" }),
      ]),
      200,
      NOW,
    );
    expect(read.ok && read.legs.map((l) => [l.marketId, l.selectionTypeId])).toEqual([[8, 18], [9, 19], [2, 5], [undefined, undefined]]);
  });
});
