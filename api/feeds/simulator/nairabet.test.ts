import { describe, expect, it } from "vitest";
import { ENHANCED_MARGIN, MARGIN_PROFILES, marginPercent } from "./margins.ts";
import type { AltenarList } from "../../../tests/helpers/simulator/payload-types.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";
import { servedMarkets } from "../../../tests/helpers/simulator/served-prices.ts";

const EPL = LEAGUE_PATHS.nairabet[0] as string;

describe("NairaBet (Altenar) GetEvents", () => {
  it("serves Altenar's normalised arrays, and every id joins up", async () => {
    const body = await harness().json<AltenarList>(EPL);
    expect(body.champs).toEqual([expect.objectContaining({ id: 2936, name: "Premier League" })]);
    expect(body.categories[0]).toMatchObject({ name: "England", champIds: [2936] });
    const marketIds = new Set(body.markets.map((m) => m.id));
    const oddIds = new Set(body.odds.map((o) => o.id));
    const competitorIds = new Set(body.competitors.map((c) => c.id));
    expect(body.events.length).toBeGreaterThan(5);
    for (const e of body.events) {
      expect(e.name).toMatch(/^.+ vs\. .+$/);
      expect(e.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(e.champId).toBe(2936);
      expect(e.competitorIds.every((id) => competitorIds.has(id))).toBe(true);
      expect(e.marketIds.every((id) => marketIds.has(id))).toBe(true);
    }
    for (const m of body.markets) expect(m.oddIds.every((id) => oddIds.has(id))).toBe(true);
    const total = body.markets.find((m) => m.typeId === 18 && m.sv === "2.5");
    expect(body.odds.filter((o) => total?.oddIds.includes(o.id)).map((o) => o.typeId)).toEqual([12, 13]);
    expect(body.markets.some((m) => m.typeId === 29)).toBe(true);
    expect(body.odds.every((o) => typeof o.price === "number")).toBe(true);
  });

  it('names a boosted 1X2 "1x2 - Enhanced Prices" and prices it below the usual margin', async () => {
    const markets = await servedMarkets(harness(), "nairabet");
    const oneXTwo = markets.filter((m) => m.kind === "1X2" && m.open);
    const boosted = oneXTwo.filter((m) => m.boosted);
    const plain = oneXTwo.filter((m) => !m.boosted);
    expect(boosted.length).toBeGreaterThan(0);
    expect(plain.length).toBeGreaterThan(0);
    for (const m of boosted) expect(marginPercent(m.prices)).toBeCloseTo(ENHANCED_MARGIN * 100, 0);
    const normal = MARGIN_PROFILES.nairabet.margins["1X2"] * 100;
    for (const m of plain) expect(marginPercent(m.prices)).toBeGreaterThan(normal - 1.5);
    const body = await harness().json<AltenarList>(EPL);
    expect(
      body.markets
        .filter((m) => m.typeId === 1)
        .every((m) => m.name === "1x2" || m.name === "1x2 - Enhanced Prices"),
    ).toBe(true);
  });
});
