import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors.ts";
import type { LegMarket, LegMarkets } from "./leg-markets.ts";
import { parseBetslipRequest, parseSelection, parseSelectionPath, parseStakeRequest } from "./request.ts";

const leg = (eventId: string, marketId = 1, selectionTypeId = 1) => ({ eventId, marketId, selectionTypeId });

/** The message of the 400 a body is refused with. */
function refusal(body: unknown, parse: (body: never) => unknown = parseBetslipRequest): string {
  try {
    parse(body as never);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION_ERROR");
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

const MARKET = "marketId must be a market id of the catalogue (GET /odds/markets).";
const STAKE = /^stake must be a positive amount in naira with at most two decimals, at most ₦10,000,000\.$/;

describe("a betslip request", () => {
  it("accepts a stake in naira to the kobo and up to 50 selections of known markets, Double Chance included", () => {
    const legs = Array.from({ length: 50 }, (_, i) => leg(`c1:2026-11-28:team${i}+other${i}`, (i % 8) + 1, [1, 4, 6, 8, 10, 12, 14, 16][i % 8]));
    expect(parseBetslipRequest({ stake: 1500.5, legs })).toEqual({ stake: 1500.5, legs });
    expect(parseBetslipRequest({ stake: 0.01, legs: [] })).toEqual({ stake: 0.01, legs: [] });
    expect(parseBetslipRequest({ stake: 10_000_000, legs: [leg("e", 8, 18)] }).legs).toEqual([leg("e", 8, 18)]);
  });

  it("accepts a selection of any catalogue market: a team total, a first-half total, SportyBet's 1UP, correct score", () => {
    const legs = [leg("a", 10, 21), leg("b", 16, 34), leg("c", 52, 141), leg("d", 24, 82), leg("e", 9, 20)];
    expect(parseBetslipRequest({ stake: 500, legs })).toEqual({ stake: 500, legs });
    expect(parseSelection(leg("c", 53, 146))).toEqual(leg("c", 53, 146));
    expect(parseSelectionPath({ eventId: "e", marketId: "13", selectionTypeId: "28" })).toEqual(leg("e", 13, 28));
  });

  it("checks legs against the catalogue it is given: a market it lacks is refused, a retired one still read", () => {
    const teamTotal: LegMarket = { id: 10, name: "Home Over/Under 0.5", selections: [{ id: 21, label: "Over 0.5" }, { id: 22, label: "Under 0.5" }], retired: true, bookOnly: null };
    const markets: LegMarkets = (id) => (id === 10 ? teamTotal : undefined);
    expect(parseBetslipRequest({ stake: 100, legs: [leg("e", 10, 22)] }, markets).legs).toEqual([leg("e", 10, 22)]);
    expect(refusal({ stake: 100, legs: [leg("e", 1, 1)] }, (body) => parseBetslipRequest(body, markets))).toBe(MARKET);
    expect(refusal(leg("e", 10, 4), (body) => parseSelection(body, markets))).toBe("Unknown selection 4 for the market Home Over/Under 0.5.");
  });

  it("refuses a stake that is not a positive naira amount with at most two decimals, up to ₦10,000,000", () => {
    for (const stake of [0, -5, "100", 1.234, 0.001, 10_000_000.01, Infinity, null, true, [100], { naira: 100 }]) {
      expect(refusal({ stake, legs: [] }), JSON.stringify(stake)).toMatch(STAKE);
    }
    expect(refusal({ legs: [] })).toMatch(STAKE);
  });

  it("refuses a 51st selection", () => {
    const legs = Array.from({ length: 51 }, (_, i) => leg(`event-${i}`));
    expect(refusal({ stake: 100, legs })).toBe("A betslip holds at most 50 selections.");
  });

  it("refuses a selection that is not one of its market's", () => {
    expect(refusal({ stake: 100, legs: [leg("e", 1, 4)] })).toBe("Unknown selection 4 for the market 1X2 (Match Result).");
    expect(refusal({ stake: 100, legs: [leg("e", 4, 99)] })).toBe("Unknown selection 99 for the market OU2.5.");
    expect(refusal({ stake: 100, legs: [leg("e", 1, 1.5)] })).toMatch(/^Unknown selection 1\.5 /);
    expect(refusal({ stake: 100, legs: [leg("e", 9, 1)] })).toBe("Unknown selection 1 for the market OU5.5.");
    expect(refusal({ stake: 100, legs: [leg("e", 10, 33)] })).toBe("Unknown selection 33 for the market Home Over/Under 0.5.");
    expect(refusal({ stake: 100, legs: [leg("e", 55, 1)] })).toBe(MARKET);
    expect(refusal({ stake: 100, legs: [{ eventId: "e", marketId: "1", selectionTypeId: 1 }] })).toBe(MARKET);
    expect(refusal({ stake: 100, legs: [{ eventId: "e", marketId: 1 }] })).toBe("selectionTypeId must be a selection id.");
  });

  it("refuses an event id that is empty, too long, not text or on more than one line", () => {
    for (const eventId of ["", "x".repeat(101), 42, null, "a\tb", "a\nb", "\u0000"]) {
      expect(refusal({ stake: 100, legs: [{ eventId, marketId: 1, selectionTypeId: 1 }] }), JSON.stringify(eventId)).toBe(
        "eventId must be an event id: text of 1 to 100 characters on one line.",
      );
    }
    expect(parseBetslipRequest({ stake: 100, legs: [leg("x".repeat(100))] }).legs).toHaveLength(1);
  });

  it("refuses unknown fields, in the slip and in a selection, and anything but an object", () => {
    expect(refusal({ stake: 100, legs: [], userId: "someone" })).toBe("A betslip holds only stake and legs; unknown field: userId.");
    expect(refusal({ stake: 100, legs: [{ ...leg("e"), price: 2.5 }] })).toBe("A selection holds only eventId, marketId and selectionTypeId; unknown field: price.");
    for (const body of [undefined, null, [], "slip", 7]) expect(refusal(body), JSON.stringify(body)).toBe("The betslip must be an object with stake and legs.");
    for (const legs of [undefined, {}, "e", [null], [[leg("e")]]]) expect(refusal({ stake: 100, legs }), JSON.stringify(legs)).toMatch(/^(legs must be a list|Each selection must be an object)/);
  });
});

describe("a per-selection write", () => {
  it("takes one selection as a leg of the slip, and refuses what a leg refuses", () => {
    expect(parseSelection(leg("e", 4, 8))).toEqual(leg("e", 4, 8));
    expect(refusal(leg("e", 1, 4), parseSelection)).toBe("Unknown selection 4 for the market 1X2 (Match Result).");
    expect(refusal({ ...leg("e"), price: 2 }, parseSelection)).toBe("A selection holds only eventId, marketId and selectionTypeId; unknown field: price.");
    expect(refusal([leg("e")], parseSelection)).toMatch(/^Each selection must be an object/);
  });

  it("reads a selection from its path: whole numbers as written, nothing else", () => {
    expect(parseSelectionPath({ eventId: "c1:x+y", marketId: "4", selectionTypeId: "9" })).toEqual(leg("c1:x+y", 4, 9));
    for (const marketId of ["04", "4.0", "0x4", "", " 4", "1e0"]) expect(refusal({ eventId: "e", marketId, selectionTypeId: "1" }, parseSelectionPath), marketId).toBe(MARKET);
    expect(refusal({ eventId: "e", marketId: "1", selectionTypeId: "one" }, parseSelectionPath)).toBe("selectionTypeId must be a selection id.");
    expect(refusal({ eventId: "a\nb", marketId: "1", selectionTypeId: "1" }, parseSelectionPath)).toMatch(/^eventId must be an event id/);
  });

  it("takes a stake change of a stake alone", () => {
    expect(parseStakeRequest({ stake: 2500.5 })).toEqual({ stake: 2500.5 });
    expect(refusal({ stake: 1.234 }, parseStakeRequest)).toMatch(STAKE);
    expect(refusal({}, parseStakeRequest)).toMatch(STAKE);
    expect(refusal({ stake: 100, legs: [] }, parseStakeRequest)).toBe("A stake change holds only stake; unknown field: legs.");
    expect(refusal(100, parseStakeRequest)).toBe("The stake change must be an object with stake.");
  });
});
