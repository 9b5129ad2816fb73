import { describe, expect, it } from "vitest";
import type { BetkingList } from "../../../tests/helpers/simulator/payload-types.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const EPL = LEAGUE_PATHS.betking[0] as string;

describe("BetKing prematch feed", () => {
  it("repeats each match once per market group under the same ItemID", async () => {
    const body = await harness().json<BetkingList>(EPL);
    const items = body.AreaMatches.flatMap((a) => a.Items);
    const ids = new Set(items.map((i) => i.ItemID));
    expect(body.TotalNoOfItems).toBe(ids.size);
    expect(items).toHaveLength(ids.size * 2);
    const [first, second] = items.filter((i) => i.ItemID === items[0]?.ItemID);
    expect(first?.OddsCollection.map((c) => c.OddsType.OddsTypeID)).toEqual([110, 146]);
    expect(second?.OddsCollection.map((c) => c.OddsType.OddsTypeID)).toEqual(
      expect.arrayContaining([160, 302]),
    );
    expect(second?.ItemName).toBe(first?.ItemName);
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
