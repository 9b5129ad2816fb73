import { describe, it, expect } from "vitest";
import {
  BOOKMAKER_IDS,
  FLAGS,
  MARKET_IDS,
  MARKETS,
  bookmakerName,
  competitionName,
  countryName,
  findMarket,
  hasFlag,
  isMarketId,
  marketCode,
  marketForSelection,
  marketLabel,
  marketSelections,
  overUnderMarketId,
  selectionLabel,
} from "./reference.ts";

describe("bookmakers", () => {
  it("names the five bookmakers exactly as the spec spells them", () => {
    expect(BOOKMAKER_IDS.map(bookmakerName)).toEqual(["Bet9ja", "BetKing", "SportyBet", "NairaBet", "1xBet"]);
  });

  it("shows an unknown bookmaker as 'Provider {id}'", () => {
    expect(bookmakerName(9)).toBe("Provider 9");
    expect(bookmakerName(0)).toBe("Provider 0");
  });
});

describe("competitions", () => {
  it("names the four leagues by id", () => {
    expect([1, 2, 3, 4].map(competitionName)).toEqual([
      "Premier League (ENG)",
      "La Liga (ESP)",
      "Serie A (ITA)",
      "Bundesliga (DE)",
    ]);
  });
});

describe("markets", () => {
  it("labels the eight markets as the spec writes them", () => {
    expect(MARKET_IDS.map(marketLabel)).toEqual([
      "1X2 (Match Result)",
      "OU0.5",
      "OU1.5",
      "OU2.5",
      "OU3.5",
      "OU4.5 (Over/Under goals)",
      "BTTS (Both Teams to Score)",
      "DC (Double Chance)",
    ]);
    expect(MARKET_IDS.map((id) => marketCode(id))).toEqual([
      "1X2",
      "OU0.5",
      "OU1.5",
      "OU2.5",
      "OU3.5",
      "OU4.5",
      "BTTS",
      "DC",
    ]);
  });

  it("gives each market its complete selection set in display order", () => {
    expect(marketSelections(1)).toEqual([1, 2, 3]);
    expect(marketSelections(2)).toEqual([4, 5]);
    expect(marketSelections(4)).toEqual([8, 9]);
    expect(marketSelections(6)).toEqual([12, 13]);
    expect(marketSelections(7)).toEqual([14, 15]);
    expect(marketSelections(8)).toEqual([16, 17, 18]);
    expect(marketSelections(99)).toEqual([]);
  });

  it("assigns every selection 1..18 to exactly one market", () => {
    const all = MARKETS.flatMap((m) => [...m.selections]).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(marketForSelection(3)).toBe(1);
    expect(marketForSelection(9)).toBe(4);
    expect(marketForSelection(13)).toBe(6);
    expect(marketForSelection(18)).toBe(8);
    expect(marketForSelection(19)).toBeUndefined();
  });

  it("finds the Over/Under market of a goal line and nothing for other lines", () => {
    expect([0.5, 1.5, 2.5, 3.5, 4.5].map(overUnderMarketId)).toEqual([2, 3, 4, 5, 6]);
    expect(overUnderMarketId(5.5)).toBeUndefined();
    expect(overUnderMarketId(2)).toBeUndefined();
    expect(overUnderMarketId(2.25)).toBeUndefined();
  });

  it("halves only the Double Chance market's outcome coverage", () => {
    expect(MARKETS.filter((m) => m.outcomesPerSelection === 2).map((m) => m.id)).toEqual([8]);
    expect(findMarket(8)?.code).toBe("DC");
    expect(findMarket(0)).toBeUndefined();
  });

  it("labels an unknown market by its id and rejects it as a market id", () => {
    expect(marketLabel(12)).toBe("Market 12");
    expect(isMarketId(12)).toBe(false);
    expect(isMarketId(8)).toBe(true);
  });
});

describe("selectionLabel", () => {
  it("labels result, BTTS and double-chance selections", () => {
    expect([1, 2, 3, 14, 15, 16, 17, 18].map(selectionLabel)).toEqual([
      "Home",
      "Draw",
      "Away",
      "Yes",
      "No",
      "1X",
      "12",
      "X2",
    ]);
  });

  it("alternates Over and Under with the market's goal line from 4 to 13", () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(selectionLabel)).toEqual([
      "Over 0.5",
      "Under 0.5",
      "Over 1.5",
      "Under 1.5",
      "Over 2.5",
      "Under 2.5",
      "Over 3.5",
      "Under 3.5",
      "Over 4.5",
      "Under 4.5",
    ]);
  });

  it("labels an unknown selection by its id", () => {
    expect(selectionLabel(19)).toBe("Selection 19");
  });
});

describe("flags", () => {
  it("reads each bit of a combined bitmask independently", () => {
    const flags = FLAGS.Boosted | FLAGS.Best;
    expect(hasFlag(flags, FLAGS.Boosted)).toBe(true);
    expect(hasFlag(flags, FLAGS.Best)).toBe(true);
    expect(hasFlag(flags, FLAGS.Increased)).toBe(false);
    expect(hasFlag(flags, FLAGS.Decreased)).toBe(false);
    expect(hasFlag(0, FLAGS.Boosted)).toBe(false);
  });
});

describe("countryName", () => {
  it("names countries from numeric ids and from the session copy's numeric text", () => {
    expect([1, 2, 3].map(countryName)).toEqual(["Nigeria", "Ghana", "Kenya"]);
    expect(countryName("1")).toBe("Nigeria");
    expect(countryName("3")).toBe("Kenya");
  });

  it("answers 'Unknown' for any other id or text", () => {
    expect(countryName(4)).toBe("Unknown");
    expect(countryName(0)).toBe("Unknown");
    expect(countryName("")).toBe("Unknown");
    expect(countryName("Nigeria")).toBe("Unknown");
    expect(countryName("1.5")).toBe("Unknown");
    expect(countryName("1e0")).toBe("Unknown");
    expect(countryName("0x2")).toBe("Unknown");
  });
});
