import { describe, expect, it } from "vitest";
import type { CodeLeg } from "../feeds/booking/types.ts";
import type { StoredEvent } from "./events.ts";
import { describeLeg, foundByIds, foundByTeams, mapLeg, sidesReversed } from "./map-legs.ts";

const NOW = Date.UTC(2026, 10, 24, 10, 0);
const HOUR = 3_600_000;
const SATURDAY = Date.UTC(2026, 10, 28, 15, 0);

const event = (id: string, home: string, away: string, kickoff = SATURDAY, competitionId = 1): StoredEvent => ({ id, competitionId, home, away, kickoff, srId: null });
const ARSENAL = event("c1:arsenal+chelsea", "Arsenal", "Chelsea");
const CITY = event("c1:man-city+spurs", "Manchester City", "Tottenham Hotspur");

const leg = (fields: Partial<CodeLeg> = {}): CodeLeg => ({
  externalId: "1001",
  home: "Arsenal",
  away: "Chelsea",
  kickoff: new Date(SATURDAY),
  marketId: 1,
  selectionTypeId: 1,
  bookMarket: "1X2: Home",
  price: 2.1,
  available: true,
  ...fields,
});

describe("mapping a code's leg to ours", () => {
  it("maps a leg of one listed event in a market we compare, with the book's price and the event as other answers name it", () => {
    expect(mapLeg(leg(), { kind: "one", event: ARSENAL, reversed: false }, NOW)).toEqual({
      leg: {
        eventId: ARSENAL.id,
        marketId: 1,
        selectionTypeId: 1,
        bookPrice: 2.1,
        event: { id: ARSENAL.id, name: "Arsenal vs Chelsea", home: "Arsenal", away: "Chelsea", date: new Date(SATURDAY).toISOString(), competitionId: 1 },
      },
    });
    expect(mapLeg(leg({ price: undefined }), { kind: "one", event: ARSENAL, reversed: false }, NOW)).toMatchObject({ leg: { bookPrice: null } });
  });

  it("turns the sides of a book that lists the match the other way round: home and away, 1X and X2, but not the draw or the goals", () => {
    const reversed = { kind: "one", event: ARSENAL, reversed: true } as const;
    const selection = (marketId: number, selectionTypeId: number) => {
      const mapped = mapLeg(leg({ marketId, selectionTypeId }), reversed, NOW);
      return "leg" in mapped ? mapped.leg.selectionTypeId : undefined;
    };
    expect([selection(1, 1), selection(1, 2), selection(1, 3), selection(8, 16), selection(8, 17), selection(8, 18), selection(4, 8), selection(7, 15)]).toEqual([3, 2, 1, 18, 17, 16, 8, 15]);
  });

  it("reports every other leg with its reason and the book's own words, never a substitute", () => {
    const one = { kind: "one", event: ARSENAL, reversed: false } as const;
    const reason = (l: CodeLeg, found: Parameters<typeof mapLeg>[1] = one) => {
      const mapped = mapLeg(l, found, NOW);
      return "unmapped" in mapped ? mapped.unmapped.reason : "mapped";
    };
    expect(reason(leg({ marketId: undefined, selectionTypeId: undefined, bookMarket: "Correct Score 2:1" }))).toBe("market");
    expect(reason(leg(), { kind: "none" })).toBe("event");
    expect(reason(leg(), { kind: "many" })).toBe("ambiguous");
    expect(reason(leg({ kickoff: new Date(NOW - HOUR) }))).toBe("started");
    expect(reason(leg({ available: false }))).toBe("started");
    expect(reason(leg(), { kind: "one", event: { ...ARSENAL, kickoff: NOW }, reversed: false })).toBe("started");
    // A started leg is started whether or not we still list its event.
    expect(reason(leg({ kickoff: new Date(NOW) }), { kind: "none" })).toBe("started");
    expect(mapLeg(leg({ home: "Lyon", away: "Nice", marketId: undefined, bookMarket: "Correct Score 2:1" }), { kind: "none" }, NOW)).toEqual({
      unmapped: { reason: "event", description: "Lyon v Nice, Correct Score 2:1", home: "Lyon", away: "Nice", kickoff: new Date(SATURDAY).toISOString() },
    });
    expect(describeLeg({ bookMarket: "S_CS_21" })).toBe("S_CS_21");
    // An id the catalogue does not have, or a selection of another market, is no market we compare.
    expect(reason(leg({ marketId: 999, selectionTypeId: 19 }))).toBe("market");
    expect(reason(leg({ marketId: 9, selectionTypeId: 8 }))).toBe("market");
  });

  it("maps every market the catalogue compares, naming those beyond the eight and marking a book-only one", () => {
    const one = { kind: "one", event: ARSENAL, reversed: false } as const;
    const mapped = (marketId: number, selectionTypeId: number) => {
      const answer = mapLeg(leg({ marketId, selectionTypeId }), one, NOW);
      if (!("leg" in answer)) throw new Error(`market ${marketId} left out`);
      const { marketName, selectionName, bookOnly } = answer.leg;
      return { marketId: answer.leg.marketId, selectionTypeId: answer.leg.selectionTypeId, marketName, selectionName, bookOnly };
    };
    expect(mapped(9, 19)).toEqual({ marketId: 9, selectionTypeId: 19, marketName: "OU5.5", selectionName: "Over 5.5", bookOnly: undefined });
    expect(mapped(10, 21)).toEqual({ marketId: 10, selectionTypeId: 21, marketName: "Home Over/Under 0.5", selectionName: "Over 0.5", bookOnly: undefined });
    expect(mapped(23, 49)).toMatchObject({ marketName: "Half Time/Full Time", selectionName: "1/X" });
    expect(mapped(52, 141)).toEqual({ marketId: 52, selectionTypeId: 141, marketName: "1X2 - 1UP", selectionName: "Home", bookOnly: 3 });
    expect(mapped(53, 146)).toMatchObject({ marketName: "1X2 - 2UP", bookOnly: 3 });
    // The eight keep their answer's bytes: the client names them itself.
    expect(mapped(4, 8)).toEqual({ marketId: 4, selectionTypeId: 8, marketName: undefined, selectionName: undefined, bookOnly: undefined });
  });

  it("turns the sides of a reversed book beyond the eight: team totals, half markets, handicap lines, HT/FT, correct score", () => {
    const reversed = { kind: "one", event: ARSENAL, reversed: true } as const;
    const ours = (marketId: number, selectionTypeId: number) => {
      const answer = mapLeg(leg({ marketId, selectionTypeId }), reversed, NOW);
      return "leg" in answer ? [answer.leg.marketId, answer.leg.selectionTypeId] : answer.unmapped.reason;
    };
    // Their home over 0.5 is our away over 0.5; their away under 1.5 our home under 1.5.
    expect(ours(10, 21)).toEqual([13, 27]);
    expect(ours(14, 30)).toEqual([11, 24]);
    // Totals of both sides, Draw No Bet, half 1X2, either half.
    expect([ours(16, 33), ours(19, 40), ours(21, 43), ours(22, 45), ours(22, 46), ours(50, 137), ours(51, 140)]).toEqual([[16, 33], [19, 40], [21, 44], [22, 47], [22, 46], [51, 139], [50, 138]]);
    // Handicap -1 home (their home gives a goal) is our away at +1; the draw moves line too.
    expect([ours(26, 86), ours(26, 87), ours(28, 94)]).toEqual([[27, 91], [27, 90], [25, 83]]);
    // Asian -0.5 home is our away at +0.5; -0.25 away our home at +0.25.
    expect([ours(37, 111), ours(38, 114)]).toEqual([[41, 120], [40, 117]]);
    // HT/FT 1/X is our 2/X, X/2 our X/1, X/X stays; correct score 2:1 our 1:2, other stays.
    expect([ours(23, 49), ours(23, 53), ours(23, 52), ours(24, 68), ours(24, 82)]).toEqual([[23, 55], [23, 51], [23, 52], [24, 64], [24, 82]]);
    // 1UP and 2UP: home and away swap, the draw stays.
    expect([ours(52, 141), ours(53, 145)]).toEqual([[52, 143], [53, 145]]);
  });
});

describe("finding a leg's event by the book's id or the Sportradar id", () => {
  it("takes the one event the ids name, and reads the book's orientation from its names", () => {
    expect(foundByIds(leg(), [ARSENAL, ARSENAL])).toEqual({ kind: "one", event: ARSENAL, reversed: false });
    expect(foundByIds(leg({ home: "Chelsea FC", away: "Arsenal FC" }), [ARSENAL])).toEqual({ kind: "one", event: ARSENAL, reversed: true });
    // Names that fit neither way leave the id's event as listed.
    expect(foundByIds(leg({ home: "Home side", away: "Away side" }), [ARSENAL])).toEqual({ kind: "one", event: ARSENAL, reversed: false });
    expect(foundByIds(leg({ home: undefined, away: undefined }), [ARSENAL])).toMatchObject({ reversed: false });
  });

  it("finds none for no event, and several for ids naming two events", () => {
    expect(foundByIds(leg(), [])).toEqual({ kind: "none" });
    expect(foundByIds(leg(), [ARSENAL, CITY])).toEqual({ kind: "many" });
  });

  it("says a book's sides are reversed only when the crossed names pass the matcher's thresholds", () => {
    expect(sidesReversed("Spurs", "Man City", CITY)).toBe(true);
    expect(sidesReversed("Man City", "Spurs", CITY)).toBe(false);
    expect(sidesReversed("Lyon", "Nice", CITY)).toBe(false);
  });
});

describe("finding a 1xBet leg's event by teams and kick-off", () => {
  const candidates = [ARSENAL, CITY, event("c1:leeds+burnley", "Leeds United", "Burnley", SATURDAY + 2.5 * HOUR)];

  it("places a leg by its names within the kick-off window, either way round", () => {
    expect(foundByTeams(leg({ home: "Arsenal FC", away: "Chelsea FC", kickoff: new Date(SATURDAY + HOUR) }), candidates)).toEqual({ kind: "one", event: ARSENAL, reversed: false });
    expect(foundByTeams(leg({ home: "Tottenham", away: "Man City" }), candidates)).toEqual({ kind: "one", event: CITY, reversed: true });
  });

  it("finds none outside the window, for clubs we do not list, or without names and kick-off", () => {
    expect(foundByTeams(leg({ kickoff: new Date(SATURDAY + 3 * HOUR) }), candidates)).toEqual({ kind: "none" });
    expect(foundByTeams(leg({ home: "Lyon", away: "Nice" }), candidates)).toEqual({ kind: "none" });
    expect(foundByTeams(leg({ home: undefined }), candidates)).toEqual({ kind: "none" });
    expect(foundByTeams(leg({ kickoff: undefined }), candidates)).toEqual({ kind: "none" });
  });

  it("calls a leg ambiguous when two of our events fit it, in one league or in two", () => {
    const twice = [ARSENAL, { ...ARSENAL, id: "c1:arsenal+chelsea-b", kickoff: SATURDAY + 30 * 60_000 }];
    expect(foundByTeams(leg(), twice)).toEqual({ kind: "many" });
    expect(foundByTeams(leg(), [ARSENAL, { ...ARSENAL, id: "c2:arsenal+chelsea", competitionId: 2 }])).toEqual({ kind: "many" });
  });
});
