import { describe, expect, it } from "vitest";
import { isLeagueName, leagueIds } from "./leagues.ts";

describe("league names", () => {
  it("recognises each league under the spellings the sites use", () => {
    expect([
      isLeagueName(1, "Premier League"),
      isLeagueName(1, "England. Premier League"),
      isLeagueName(1, "Premier League", "England"),
      isLeagueName(2, "LaLiga"),
      isLeagueName(2, "Spain - La Liga"),
      isLeagueName(3, "Serie A", "Italy"),
      isLeagueName(4, "Germany. Bundesliga"),
      isLeagueName(4, "Bundesliga", "Deutschland"),
    ]).toEqual(Array(8).fill(true));
  });

  it("refuses look-alike leagues of other tiers or countries", () => {
    expect([
      isLeagueName(1, "Premier League 2"),
      isLeagueName(1, "Premier League", "Ghana"),
      isLeagueName(1, "Nigeria Premier League"),
      isLeagueName(3, "Serie A", "Brazil"),
      isLeagueName(4, "Germany. 2. Bundesliga"),
      isLeagueName(4, "Austria. Bundesliga"),
      isLeagueName(2, "LaLiga 2"),
      isLeagueName(9, "Premier League"),
    ]).toEqual(Array(8).fill(false));
  });

  it("knows no ids for a competition outside the four", () => {
    expect(leagueIds(1)?.sportybet).toBe("sr:tournament:17");
    expect(leagueIds(5)).toBeUndefined();
  });
});
