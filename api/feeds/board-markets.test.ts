import { describe, expect, it } from "vitest";
import { catalogueFromFiles } from "../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "../catalogue/files.ts";
import { collectedIn, keptPrices } from "./board-markets.ts";
import type { Offer } from "./types.ts";

const catalogue = catalogueFromFiles(parseCatalogueFiles(CATALOGUE_FILES));
const price = (marketId: number, selectionTypeId: number) => ({ marketId, selectionTypeId, price: 2, boosted: false });
// 1X2 home, Home Over/Under 0.5, 1st Half Over/Under 0.5, 1UP home; correct score 0:0, HT/FT, a 3-way and an Asian line.
const PRICES = [price(1, 1), price(10, 21), price(16, 33), price(52, 141), price(24, 55), price(23, 49), price(25, 82), price(29, 94)];
const offer = (competitionId: number): Offer => ({ bookmaker: "sportybet", externalId: "e", competitionId, home: "A", away: "B", kickoff: new Date(0), prices: PRICES });

describe("the markets kept beyond the four leagues (docs/design.md, Whole-board collection)", () => {
  it("keep every type in the four leagues, and all but correct score, HT/FT and the handicaps beyond them", () => {
    expect(["ft-correct-score", "ht-ft", "ft-handicap", "ft-asian-handicap", "ft-home-total", "1h-total", "ft-1up"].map((key) => collectedIn(1, key))).toEqual(Array(7).fill(true));
    expect(["ft-correct-score", "ht-ft", "ft-handicap", "ft-asian-handicap", "ft-home-total", "1h-total", "ft-1up", "ft-1x2"].map((key) => collectedIn(10_001, key))).toEqual([false, false, false, false, true, true, true, true]);
  });

  it("leave a four leagues' offer as it is, and drop the four-leagues-only types' prices from another's", () => {
    const four = offer(2);
    expect(keptPrices(four, catalogue)).toBe(four);
    const kept = keptPrices(offer(10_001), catalogue).prices.map((p) => p.marketId);
    expect(kept).toEqual([1, 10, 16, 52]);
    for (const id of kept) expect(catalogue.markets.get(id)).toBeDefined();
    for (const id of [24, 23, 25, 29]) expect(["ft-correct-score", "ht-ft", "ft-handicap", "ft-asian-handicap"]).toContain(catalogue.types.get(catalogue.markets.get(id)!.typeId)!.key);
  });
});
