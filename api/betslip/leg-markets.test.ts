import { describe, expect, it } from "vitest";
import { fileLegMarkets, legNaming } from "./leg-markets.ts";

const leg = (marketId: number, selectionTypeId: number) => ({ eventId: "e", marketId, selectionTypeId });

describe("the markets a betslip leg may be in", () => {
  it("are the catalogue's 54, each with its name and its selections' labels in order", () => {
    const markets = fileLegMarkets();
    expect(markets(1)).toMatchObject({ name: "1X2 (Match Result)", selections: [{ id: 1, label: "Home" }, { id: 2, label: "Draw" }, { id: 3, label: "Away" }], bookOnly: null, retired: false });
    expect(markets(10)).toMatchObject({ name: "Home Over/Under 0.5", selections: [{ id: 21, label: "Over 0.5" }, { id: 22, label: "Under 0.5" }] });
    expect(markets(53)).toMatchObject({ name: "1X2 - 2UP", bookOnly: 3 });
    expect(markets(55)).toBeUndefined();
  });

  it("name a leg beyond the eight by the catalogue, and mark a book-only one with its book", () => {
    const markets = fileLegMarkets();
    expect(legNaming(leg(10, 21), markets(10))).toEqual({ marketName: "Home Over/Under 0.5", selectionName: "Over 0.5" });
    expect(legNaming(leg(16, 34), markets(16))).toEqual({ marketName: "1st Half Over/Under 0.5", selectionName: "Under 0.5" });
    expect(legNaming(leg(52, 141), markets(52))).toEqual({ marketName: "1X2 - 1UP", selectionName: "Home", bookOnly: 3 });
    // The eight's names every client knows already (shared/reference.ts): nothing added, so their answers stay as they were.
    expect(legNaming(leg(4, 8), markets(4))).toEqual({});
    expect(legNaming(leg(99, 1), undefined)).toEqual({});
  });
});
