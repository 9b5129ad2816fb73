import { describe, expect, it } from "vitest";
import { isMarketGroup, MARKET_GROUPS, marketGroupName, referenceGroup } from "./market-groups.ts";

describe("market groups (docs/design.md, Market groups)", () => {
  it("are Main, Goals, Halves, Teams and Specials, in that order", () => {
    expect(MARKET_GROUPS.map(marketGroupName)).toEqual(["Main", "Goals", "Halves", "Teams", "Specials"]);
    expect(isMarketGroup("halves")).toBe(true);
    expect(isMarketGroup("Halves")).toBe(false);
  });

  it("name the spec's eight: 1X2, Double Chance and BTTS in Main, the full-time totals in Goals, nothing else", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(referenceGroup)).toEqual(["main", "goals", "goals", "goals", "goals", "goals", "main", "main"]);
    expect(referenceGroup(9)).toBeUndefined();
  });
});
