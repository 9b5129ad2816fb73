import { describe, expect, it } from "vitest";
import { isGroupedType, isMarketGroup, MARKET_GROUP_NAMES, MARKET_GROUPS, marketGroupOfType } from "./market-groups.ts";

describe("market groups (docs/design.md, Market catalogue)", () => {
  it("are Main, Goals, Halves, Teams and Specials, in that order", () => {
    expect(MARKET_GROUPS.map((group) => MARKET_GROUP_NAMES[group])).toEqual(["Main", "Goals", "Halves", "Teams", "Specials"]);
    expect(isMarketGroup("halves")).toBe(true);
    expect(isMarketGroup("Halves")).toBe(false);
  });

  it("place a type by its key, and an unknown one in Specials", () => {
    expect(["ft-1x2", "ft-double-chance", "ft-draw-no-bet", "ft-btts"].map(marketGroupOfType)).toEqual(["main", "main", "main", "main"]);
    expect(["ft-total", "1h-1x2", "1h-total", "2h-total", "ht-ft"].map(marketGroupOfType)).toEqual(["goals", "halves", "halves", "halves", "halves"]);
    expect(["ft-home-total", "ft-away-win-either-half", "ft-correct-score", "ft-asian-handicap", "ft-1up"].map(marketGroupOfType)).toEqual(["teams", "teams", "specials", "specials", "specials"]);
    expect(isGroupedType("ft-corners")).toBe(false);
    expect(marketGroupOfType("ft-corners")).toBe("specials");
  });
});
