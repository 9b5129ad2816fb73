import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/catalogue.ts";
import { catalogueFromFiles } from "../../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "../../catalogue/files.ts";
import { toolMarketNames } from "./tool-markets.ts";

const FILES = parseCatalogueFiles(CATALOGUE_FILES);
const NAMES = toolMarketNames(catalogueFromFiles(FILES));
const namesIn = (group: string) => NAMES.all.filter((market) => market.group === group).map((market) => market.name);

describe("the markets the tools name (docs/design.md, Bettor tools)", () => {
  it("place every market in its type's group, as markets.json names it", () => {
    for (const type of FILES.markets.types) for (const market of type.markets) expect(NAMES.all.find((m) => m.marketId === market.id)?.group, type.key).toBe(type.group);
  });

  it("list every catalogue market once, grouped as bettors think, by the type's rank then the line", () => {
    expect(NAMES.all.map((market) => market.marketId).sort((a, b) => a - b)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
    expect(namesIn("main")).toEqual(["1X2 (Match Result)", "BTTS (Both Teams to Score)", "DC (Double Chance)", "Draw No Bet"]);
    expect(namesIn("goals")).toEqual(["OU0.5", "OU1.5", "OU2.5", "OU3.5", "OU4.5 (Over/Under goals)", "OU5.5", "OU6.5"]);
    expect(namesIn("halves")).toEqual(["1st Half Over/Under 0.5", "1st Half Over/Under 1.5", "1st Half Over/Under 2.5", "2nd Half Over/Under 0.5", "2nd Half Over/Under 1.5", "1st Half 1X2", "Half Time/Full Time"]);
    expect(namesIn("teams")).toEqual(["Home Over/Under 0.5", "Home Over/Under 1.5", "Home Over/Under 2.5", "Away Over/Under 0.5", "Away Over/Under 1.5", "Away Over/Under 2.5", "Home to Win Either Half", "Away to Win Either Half"]);
    expect(namesIn("specials").slice(0, 6)).toEqual(["Correct Score", "Handicap -2", "Handicap -1", "Handicap +1", "Handicap +2", "Asian Handicap -2.5"]);
    expect(namesIn("specials").slice(-3)).toEqual(["Asian Handicap +2.5", "1X2 - 1UP", "1X2 - 2UP"]);
    expect(NAMES.all.every((market) => market.selections === undefined)).toBe(true);
  });

  it("give the selections of the markets shown beyond the eight, never the eight's (the client knows them)", () => {
    const named = NAMES.named(NAMES.all, new Set([1, 17, 24]));
    expect(named.map((market) => market.marketId)).toEqual(NAMES.all.map((market) => market.marketId));
    expect(named.filter((market) => market.selections).map((market) => market.marketId)).toEqual([17, 24]);
    expect(named.find((market) => market.marketId === 17)!.selections).toEqual([{ id: 35, label: "Over 1.5" }, { id: 36, label: "Under 1.5" }]);
    expect(named.find((market) => market.marketId === 24)!.selections!.map((s) => s.label).slice(0, 3)).toEqual(["0:0", "0:1", "0:2"]);
    // A market shown that the list leaves out is named too.
    expect(NAMES.named([], new Set([22])).map((market) => [market.name, market.group, market.selections?.length])).toEqual([["1st Half 1X2", "halves", 3]]);
    expect(NAMES.knows(53)).toBe(true);
    expect(NAMES.knows(54)).toBe(true);
    expect(NAMES.knows(55)).toBe(false);
  });

  it("leave a retired market out of the choice and refuse it as a filter, yet name it where an answer shows it", () => {
    const { rows } = catalogueFromFiles(FILES);
    const names = toolMarketNames(buildCatalogue({ ...rows, markets: rows.markets.map((m) => (m.id === 52 ? { ...m, retired_at: 1 } : m)) }));
    expect(names.all.map((market) => market.marketId)).not.toContain(52);
    expect(names.knows(52)).toBe(false);
    expect(names.named(names.all, new Set([52])).at(-1)).toEqual({ marketId: 52, name: "1X2 - 1UP", group: "specials", selections: [{ id: 141, label: "Home" }, { id: 142, label: "Draw" }, { id: 143, label: "Away" }] });
  });
});
