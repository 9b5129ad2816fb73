import { describe, expect, it } from "vitest";
import type { DroppingOdds, OutcomeDrop } from "#shared/contract.ts";
import { catalogueFromFiles } from "../../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "../../catalogue/files.ts";
import { MAX_DROPS, pickDrops } from "./dropping.ts";
import { toolMarketNames } from "./tool-markets.ts";

const NAMES = toolMarketNames(catalogueFromFiles(parseCatalogueFiles(CATALOGUE_FILES)));
const event = { id: "c1:drop:arsenal+chelsea", name: "Arsenal vs Chelsea", home: "Arsenal", away: "Chelsea", date: "2026-11-25T16:00:00.000Z", competitionId: 1 };
const drop = (marketId: number, selectionTypeId: number, dropPct: number): OutcomeDrop => ({ event, marketId, selectionTypeId, dropPct, books: [{ provider: 3, from: 2.5, to: 2.5 * (1 - dropPct / 100), dropPct, at: "2026-11-22T06:00:00.000Z" }] });
const BOARD: DroppingOdds = { hours: 24, drops: [drop(17, 35, 20), drop(1, 1, 12.5), drop(29, 95, 8)] };

describe("pickDrops (docs/design.md, Dropping odds)", () => {
  it("keeps a market beyond the eight, and picks it when chosen", () => {
    expect(pickDrops(BOARD, {}).drops.map((d) => d.marketId)).toEqual([17, 1, 29]);
    expect(pickDrops(BOARD, { market: 17 }).drops.map((d) => [d.marketId, d.selectionTypeId])).toEqual([[17, 35]]);
    expect(pickDrops(BOARD, { market: 22 }).drops).toEqual([]);
  });

  it("lists every catalogue market for the Market choice, with the selections of those shown beyond the eight", () => {
    const { markets } = pickDrops(BOARD, { market: 17 }, NAMES);
    expect(markets!.map((m) => m.marketId)).toEqual(NAMES.all.map((m) => m.marketId));
    expect(markets!.filter((m) => m.selections).map((m) => [m.name, m.group, m.selections!.map((s) => s.label)])).toEqual([["1st Half Over/Under 1.5", "halves", ["Over 1.5", "Under 1.5"]]]);
    const all = pickDrops(BOARD, {}, NAMES).markets!;
    expect(all.filter((m) => m.selections).map((m) => m.marketId)).toEqual([17, 29]);
    // Without the catalogue's names the answer names none, as before.
    expect(pickDrops(BOARD, {})).toEqual({ hours: 24, drops: BOARD.drops });
  });

  it("answers at most MAX_DROPS outcomes", () => {
    const many: DroppingOdds = { hours: 24, drops: Array.from({ length: MAX_DROPS + 5 }, (_, i) => drop(17, 35, 60 - i)) };
    expect(pickDrops(many, {}, NAMES).drops).toHaveLength(MAX_DROPS);
  });
});
