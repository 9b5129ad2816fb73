import { describe, expect, it } from "vitest";
import { referenceDescriptor } from "#shared/math/market-descriptor.ts";
import { MARKET_IDS } from "#shared/reference.ts";
import { catalogueFromFiles } from "./file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "./files.ts";
import { catalogueMarkets, marketDescriptor } from "./market-descriptors.ts";

const catalogue = catalogueFromFiles(parseCatalogueFiles(CATALOGUE_FILES));
const describeMarket = catalogueMarkets(catalogue);
const typeOf = (key: string) => [...catalogue.types.values()].find((t) => t.key === key)!;
const marketsOf = (key: string) => [...catalogue.markets.values()].filter((m) => m.typeId === typeOf(key).id);

describe("the catalogue's market descriptors (docs/design.md, Market catalogue)", () => {
  it("describe the spec's eight exactly as shared/reference.ts does, so their answers do not change", () => {
    for (const id of MARKET_IDS) expect(describeMarket(id), `market ${id}`).toEqual(referenceDescriptor(id));
  });

  it("describe all 54 markets, and none the catalogue lacks", () => {
    expect([...catalogue.markets.keys()].filter((id) => describeMarket(id) !== undefined)).toHaveLength(54);
    expect(describeMarket(55)).toBeUndefined();
    expect(catalogueMarkets(catalogue)).toBe(describeMarket);
  });

  it("give each many-way market its whole set: HT/FT's nine, correct score's 25 scores and 'any other'", () => {
    const [htft] = marketsOf("ht-ft");
    const [score] = marketsOf("ft-correct-score");
    expect(describeMarket(htft!.id)).toMatchObject({ shape: "many-way", coverage: 1, exclusive: true });
    expect(describeMarket(htft!.id)?.selections).toHaveLength(9);
    expect(describeMarket(score!.id)?.selections).toHaveLength(26);
    expect(catalogue.selections.get(describeMarket(score!.id)!.selections.at(-1)!)?.outcome).toBe("other");
  });

  it("mark as exclusive exactly the types with one winner: never Draw No Bet, Asian lines, Double Chance or 1UP and 2UP", () => {
    const exclusiveTypes = new Set([...catalogue.markets.values()].filter((m) => describeMarket(m.id)!.exclusive).map((m) => catalogue.types.get(m.typeId)!.key));
    expect([...exclusiveTypes].sort()).toEqual(["1h-1x2", "1h-total", "2h-total", "ft-1x2", "ft-away-total", "ft-away-win-either-half", "ft-btts", "ft-correct-score", "ft-handicap", "ft-home-total", "ft-home-win-either-half", "ft-total", "ht-ft"]);
    for (const key of ["ft-draw-no-bet", "ft-asian-handicap", "ft-double-chance", "ft-1up", "ft-2up"]) {
      for (const m of marketsOf(key)) expect(describeMarket(m.id)?.exclusive, `${key} ${String(m.line)}`).toBe(false);
    }
    expect(marketsOf("ft-handicap").map((m) => describeMarket(m.id)?.exclusive)).toEqual([true, true, true, true]);
  });

  it("leave a total on a whole or quarter line out of the exclusive markets, as its stake can come back", () => {
    const total = typeOf("ft-total");
    const [over25] = marketsOf("ft-total").filter((m) => m.line === 2.5);
    expect(marketDescriptor(total, over25!).exclusive).toBe(true);
    expect(marketDescriptor(total, { ...over25!, line: 2 }).exclusive).toBe(false);
    expect(marketDescriptor(total, { ...over25!, line: 2.25 }).exclusive).toBe(false);
    expect(marketDescriptor(total, { ...over25!, line: 2.75 }).exclusive).toBe(false);
  });

  it("mark SportyBet's 1UP and 2UP book-only, and Double Chance overlapping with coverage 2", () => {
    expect(marketsOf("ft-1up").concat(marketsOf("ft-2up")).map((m) => describeMarket(m.id)?.bookOnly)).toEqual([true, true]);
    expect([...catalogue.markets.keys()].filter((id) => describeMarket(id)?.bookOnly)).toHaveLength(2);
    expect(describeMarket(8)).toMatchObject({ shape: "overlapping", coverage: 2, exclusive: false });
  });
});
