import { describe, expect, it } from "vitest";
import type { BetkingList } from "../../../tests/helpers/simulator/payload-types.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const EPL = LEAGUE_PATHS.betking[0] as string;

describe("BetKing prematch feed", () => {
  it("repeats each match once per market group under the same ItemID, the third group the catalogue's other types BetKing quotes", async () => {
    const body = await harness().json<BetkingList>(EPL);
    const items = body.AreaMatches.flatMap((a) => a.Items);
    const ids = new Set(items.map((i) => i.ItemID));
    expect(body.TotalNoOfItems).toBe(ids.size);
    expect(items).toHaveLength(ids.size * 3);
    const [first, second, third] = items.filter((i) => i.ItemID === items[0]?.ItemID);
    expect(first?.OddsCollection.map((c) => c.OddsType.OddsTypeID)).toEqual([110, 146]);
    expect(second?.OddsCollection.map((c) => c.OddsType.OddsTypeID)).toEqual(
      expect.arrayContaining([160, 302]),
    );
    expect(second?.ItemName).toBe(first?.ItemName);
    expect(third?.ItemName).toBe(first?.ItemName);
    // markets.json's BetKing ids: team totals 10283/10284, HT/FT 9881, correct score 102, 3-way 342, Asian 305.
    const others = new Set(items.filter((i) => i.OddsCollection.every((c) => ![110, 146, 160, 302].includes(c.OddsType.OddsTypeID))).flatMap((i) => i.OddsCollection.map((c) => c.OddsType.OddsTypeID)));
    expect([...others].sort((a, b) => a - b)).toEqual([102, 305, 342, 9881, 10283, 10284]);
    const handicaps = new Set(items.flatMap((i) => i.OddsCollection.filter((c) => c.OddsType.OddsTypeID === 342).map((c) => c.SpecialBetValue)));
    expect([...handicaps].sort()).toEqual(["0:1", "0:2", "1:0", "2:0"]);
    // MatchOddsIDs beyond the older 100 a fixture: every selection of a match has its own.
    const matchOdds = items.filter((i) => i.ItemID === items[0]?.ItemID).flatMap((i) => i.OddsCollection.flatMap((c) => c.MatchOdds.map((o) => (o as { MatchOddsID?: number }).MatchOddsID)));
    expect(new Set(matchOdds).size).toBe(matchOdds.length);
    expect(matchOdds.length).toBeGreaterThan(60);
  });

  it("writes ItemDate with the Lagos offset and uses BetKing's odd type ids with numeric prices", async () => {
    const h = harness();
    const items = (await h.json<BetkingList>(EPL)).AreaMatches.flatMap((a) => a.Items);
    const item = items[0];
    expect(item).toMatchObject({
      TournamentName: "Premier League",
      CategoryName: "England",
      ExtProvIDItem: expect.stringMatching(/^\d+$/),
    });
    expect(item?.ItemName).toMatch(/^.+ - .+$/);
    expect(item?.ItemDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
    expect(Date.parse(item?.ItemDate ?? "")).toBe(h.sim.upcoming(1)[0]?.kickoff);
    const oneXTwo = item?.OddsCollection.find((c) => c.OddsType.OddsTypeID === 110);
    expect(oneXTwo?.SpecialBetValue).toBe("");
    expect(oneXTwo?.MatchOdds.map((o) => o.OddAttribute.OddTypeID)).toEqual([4, 2, 5]);
    expect(oneXTwo?.MatchOdds.every((o) => typeof o.Outcome.OddOutcome === "number")).toBe(true);
    const goals = items.filter((i) => i.ItemID === item?.ItemID).flatMap((i) => i.OddsCollection);
    const total = goals.find((c) => c.OddsType.OddsTypeID === 160 && c.SpecialBetValue === "2.5");
    expect(total?.MatchOdds.map((o) => o.OddAttribute.OddTypeID)).toEqual([12, 13]);
    expect(
      goals.find((c) => c.OddsType.OddsTypeID === 302)?.MatchOdds.map((o) => o.OddAttribute.OddTypeID),
    ).toEqual([74, 76]);
  });
});
