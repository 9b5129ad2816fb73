import { describe, expect, it } from "vitest";
import type { CompetitionEntry, CompetitionList } from "#shared/contract.ts";
import { isDefaultFavourite, pickerGroups } from "./picker.ts";

const entry = (id: number, name: string, regionId: number | null, upcoming = 5): CompetitionEntry => ({ id, name, regionId, kind: "league", upcoming, nextKickoff: "2026-11-22T15:00:00.000Z", books: [1, 2] });

/** In picker order, as /odds/competitions lists them (`rank`, then name). */
const LIST: CompetitionList = {
  competitions: [
    entry(10_001, "UEFA Champions League", 900),
    entry(1, "Premier League (ENG)", 10),
    entry(2, "La Liga (ESP)", 20),
    entry(10_002, "Championship", 10),
    entry(10_003, "CAF Champions League", 901),
    entry(3, "Serie A (ITA)", 30),
    entry(10_004, "Europa League", 900),
    entry(4, "Bundesliga (DE)", 40),
    entry(10_005, "Conference League", 900),
    entry(10_006, "Segunda Division", 20),
    entry(10_007, "Premier League", 50),
    entry(10_008, "Friendlies", null),
  ],
  regions: [
    { id: 10, code: "ENG", name: "England", parentId: 900 },
    { id: 20, code: "ESP", name: "Spain", parentId: 900 },
    { id: 30, code: "ITA", name: "Italy", parentId: 900 },
    { id: 40, code: "GER", name: "Germany", parentId: 900 },
    { id: 50, code: "GHA", name: "Ghana", parentId: 901 },
    { id: 900, code: "UEFA", name: "Europe", parentId: null },
    { id: 901, code: "CAF", name: "Africa", parentId: null },
  ],
  updatedAt: "2026-11-22T12:00:00.000Z",
};

const names = (entries: readonly CompetitionEntry[]) => entries.map((each) => each.name);

describe("the competition picker's list", () => {
  it("puts the four leagues first, then the UEFA cups found by name, with or without UEFA, never another confederation's", () => {
    const { favourites } = pickerGroups(LIST, "");
    expect(names(favourites)).toEqual(["Premier League (ENG)", "La Liga (ESP)", "Serie A (ITA)", "Bundesliga (DE)", "UEFA Champions League", "Europa League", "Conference League"]);
    expect(isDefaultFavourite(entry(10_009, "UEFA Europa Conference League", 900))).toBe(true);
    expect(isDefaultFavourite(entry(10_010, "AFC Champions League Elite", 902))).toBe(false);
  });

  it("groups every other competition by region, regions by name and Other last, each in the list's order", () => {
    const { regions, shown } = pickerGroups(LIST, "");
    expect(regions.map((group) => [group.name, names(group.entries)])).toEqual([
      ["Africa", ["CAF Champions League"]],
      ["England", ["Championship"]],
      ["Ghana", ["Premier League"]],
      ["Spain", ["Segunda Division"]],
      ["Other", ["Friendlies"]],
    ]);
    expect(shown).toBe(LIST.competitions.length);
  });

  it("keeps what the search names, by competition or region, any case, every word", () => {
    const premier = pickerGroups(LIST, "premier");
    expect(names(premier.favourites)).toEqual(["Premier League (ENG)"]);
    expect(premier.regions.map((group) => [group.name, names(group.entries)])).toEqual([["Ghana", ["Premier League"]]]);
    expect(premier.shown).toBe(2);

    const spain = pickerGroups(LIST, "  SPAIN ");
    expect(names(spain.favourites)).toEqual(["La Liga (ESP)"]);
    expect(spain.regions.map((group) => names(group.entries))).toEqual([["Segunda Division"]]);
    expect(pickerGroups(LIST, "ghana premier").shown).toBe(1);
    expect(pickerGroups(LIST, "champions league").shown).toBe(2);
    expect(pickerGroups(LIST, "zzz")).toEqual({ favourites: [], regions: [], shown: 0 });
  });
});
