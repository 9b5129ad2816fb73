import { describe, expect, it } from "vitest";
import { ENHANCED_MARGIN, MARGIN_PROFILES, marginPercent } from "./scenario/margins.ts";
import type { AltenarDetails, AltenarList } from "../../../tests/helpers/simulator/payload-types.ts";
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
    // As in the real capture, the listing carries 1X2 and Double Chance only.
    expect(new Set(body.markets.map((m) => m.typeId))).toEqual(new Set([1, 10]));
    expect(body.odds.every((o) => typeof o.price === "number")).toBe(true);
  });

  it("answers GetEventDetails with one totals market whose odds carry their own lines, and BTTS", async () => {
    const h = harness();
    const listed = (await h.json<AltenarList>(EPL)).events[0]!;
    const query = EPL.replace(/^.*GetEvents\?/, "").replace(/&champIds=.*$/, "");
    const details = await h.json<AltenarDetails>(`/nairabet/api/widget/GetEventDetails?${query}&eventId=${listed.id}`);
    expect(details).toMatchObject({ id: listed.id, name: listed.name, startDate: listed.startDate, champId: 2936 });
    const totals = details.markets.filter((m) => m.typeId === 18);
    expect(totals).toHaveLength(1);
    expect(totals[0]).not.toHaveProperty("sv");
    const totalOdds = details.odds.filter((o) => totals[0]?.oddIds.includes(o.id));
    expect(new Set(totalOdds.map((o) => o.sv))).toEqual(new Set(["0.5", "1.5", "2.5", "3.5", "4.5"].filter((line) => totalOdds.some((o) => o.sv === line))));
    expect(totalOdds.filter((o) => o.sv === "2.5").map((o) => o.typeId)).toEqual([12, 13]);
    expect(details.markets.some((m) => m.typeId === 29) || details.markets.length > 0).toBe(true);
    expect((await h.get(`/nairabet/api/widget/GetEventDetails?${query}&eventId=1`)).status).toBe(404);
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
