import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../catalogue/catalogue.ts";
import { feedCatalogue } from "../feeds/bookmakers/feed-catalogue.ts";
import { swapSides } from "../odds/write/sides.ts";
import { MARKET_IDS, marketSelections } from "#shared/reference.ts";
import { mapLeg } from "./map-legs.ts";
import { mirrorOutcome, mirrorSelection } from "./mirror.ts";

describe("a reversed book's selection in our orientation", () => {
  it("mirrors outcomes: sides, covers, HT/FT halves and scores; the rest stay", () => {
    expect(["home", "away", "draw", "over", "yes", "other"].map(mirrorOutcome)).toEqual(["away", "home", "draw", "over", "yes", "other"]);
    expect(["home-draw", "home-away", "draw-away"].map(mirrorOutcome)).toEqual(["draw-away", "home-away", "home-draw"]);
    expect(["home/draw", "draw/away", "away/home", "draw/draw"].map(mirrorOutcome)).toEqual(["away/draw", "draw/home", "home/away", "draw/draw"]);
    expect(["2:1", "0:3", "1:1"].map(mirrorOutcome)).toEqual(["1:2", "3:0", "1:1"]);
  });

  it("turns the eight's selections as the store's swapSides does", () => {
    const catalogue = feedCatalogue();
    for (const marketId of MARKET_IDS) {
      for (const selectionTypeId of marketSelections(marketId)) {
        expect(mirrorSelection(catalogue, marketId, selectionTypeId)).toEqual({ marketId, selectionTypeId: swapSides([{ selectionTypeId }])[0]?.selectionTypeId });
      }
    }
  });

  it("is its own inverse on every market the catalogue holds", () => {
    const catalogue = feedCatalogue();
    for (const market of catalogue.markets.values()) {
      for (const selectionTypeId of market.selections) {
        const mirror = mirrorSelection(catalogue, market.id, selectionTypeId);
        expect(mirror, `market ${market.id} selection ${selectionTypeId}`).toBeDefined();
        expect(mirrorSelection(catalogue, mirror!.marketId, mirror!.selectionTypeId)).toEqual({ marketId: market.id, selectionTypeId });
      }
    }
  });

  it("has no mirror where the catalogue lacks the other side's market, and such a leg is left out, never mapped as the home one", () => {
    const files = feedCatalogue();
    const rows = { ...files.rows, marketTypes: files.rows.marketTypes.map((t) => (t.key === "ft-away-total" ? { ...t, retired_at: 1 } : t)) };
    const catalogue = buildCatalogue(rows);
    expect(mirrorSelection(catalogue, 10, 21)).toBeUndefined();
    const kickoff = Date.UTC(2026, 10, 28, 15);
    const event = { id: "c1:arsenal+chelsea", competitionId: 1, home: "Arsenal", away: "Chelsea", kickoff, srId: null };
    const leg = { externalId: "1", home: "Chelsea", away: "Arsenal", kickoff: new Date(kickoff), marketId: 10, selectionTypeId: 21, bookMarket: "Chelsea Over/Under total=0.5: Over 0.5", price: 1.3, available: true };
    expect(mapLeg(leg, { kind: "one", event, reversed: true }, kickoff - 86_400_000, catalogue)).toMatchObject({
      unmapped: { reason: "market", description: expect.stringContaining("home and away the other way round") },
    });
  });
});
