import { describe, expect, it } from "vitest";
import type { XbetGameAnswer, XbetList } from "../../../tests/helpers/simulator/payload-types.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const EPL = LEAGUE_PATHS["1xbet"][0] as string;
const GAME =
  "/1xbet/service-api/LineFeed/GetGameZip?lng=en&isSubGames=true&GroupEvents=true&countevents=250&grMode=4&partner=159&country=132&marketType=1";

describe("1xBet LineFeed", () => {
  it("serves the short-key list with main markets in E and the other total lines in AE", async () => {
    const h = harness();
    const body = await h.json<XbetList>(EPL);
    expect(body.Success).toBe(true);
    const game = body.Value[0];
    expect(game).toMatchObject({ L: "England. Premier League", LI: 88637 });
    expect(game?.S).toBe(Math.floor((h.sim.upcoming(1)[0]?.kickoff ?? 0) / 1000));
    expect(game?.E.filter((e) => e.G === 1).map((e) => e.T)).toEqual([1, 2, 3]);
    expect(game?.E.filter((e) => e.G === 8).map((e) => e.T)).toEqual([4, 5, 6]);
    expect(game?.E.filter((e) => e.G === 17).map((e) => [e.T, e.P])).toEqual([
      [9, 2.5],
      [10, 2.5],
    ]);
    expect(game?.AE[0]?.G).toBe(17);
    expect(new Set(game?.AE[0]?.ME.map((e) => e.P))).toEqual(new Set([0.5, 1.5, 3.5, 4.5]));
    const prices = body.Value.flatMap((g) => g.E.map((e) => e.C));
    const hasDecimals = (c: number, n: number) => Math.abs(c * 10 ** n - Math.round(c * 10 ** n)) < 1e-6;
    expect(prices.every((c) => hasDecimals(c, 3))).toBe(true);
    expect(prices.some((c) => !hasDecimals(c, 2))).toBe(true);
  });

  it("answers GetGameZip with one game whose GE holds one column per outcome type", async () => {
    const h = harness();
    const listed = (await h.json<XbetList>(EPL)).Value[0];
    const body = await h.json<XbetGameAnswer>(`${GAME}&id=${listed?.I}`);
    expect(body.Success).toBe(true);
    expect(body.Value).toMatchObject({ I: listed?.I, O1: listed?.O1, O2: listed?.O2, S: listed?.S });
    const oneXTwo = body.Value.GE.find((g) => g.G === 1);
    expect(oneXTwo?.E.map((column) => column.map((e) => e.T))).toEqual([[1], [2], [3]]);
    expect(oneXTwo?.E.flat().map((e) => e.C)).toEqual(listed?.E.filter((e) => e.G === 1).map((e) => e.C));
    const totals = body.Value.GE.find((g) => g.G === 17);
    expect(totals?.E.map((column) => column.map((e) => e.P))).toEqual([
      [0.5, 1.5, 2.5, 3.5, 4.5],
      [0.5, 1.5, 2.5, 3.5, 4.5],
    ]);
  });

  it("answers 406 for a wrong partner or a count below 10, like the real site", async () => {
    const h = harness();
    expect((await h.get(EPL.replace("partner=159", "partner=1"))).status).toBe(406);
    expect((await h.get(EPL.replace("&partner=159", ""))).status).toBe(406);
    expect((await h.get(EPL.replace("count=50", "count=5"))).status).toBe(406);
    expect((await h.get(`${GAME.replace("partner=159", "partner=7")}&id=1`)).status).toBe(406);
    expect((await h.get(EPL)).status).toBe(200);
  });

  it("lacks BTTS for some games", async () => {
    const h = harness();
    const games = (await Promise.all(LEAGUE_PATHS["1xbet"].map((p) => h.json<XbetList>(p)))).flatMap(
      (b) => b.Value,
    );
    expect(games.some((g) => !g.E.some((e) => e.G === 19))).toBe(true);
    expect(
      games.some(
        (g) =>
          g.E.filter((e) => e.G === 19)
            .map((e) => e.T)
            .join() === "180,181",
      ),
    ).toBe(true);
  });
});
