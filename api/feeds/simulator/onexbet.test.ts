import { describe, expect, it } from "vitest";
import type { XbetGameAnswer, XbetList } from "../../../tests/helpers/simulator/payload-types.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const EPL = LEAGUE_PATHS["1xbet"][0] as string;
const GAME_QUERY = "lng=en&isSubGames=true&GroupEvents=true&countevents=250&grMode=4&partner=159&country=159&marketType=1";
/** GetGameZip of one game, its id first as the site's client sends it. */
const game = (id: number | string | undefined) => `/1xbet/service-api/LineFeed/GetGameZip?id=${id}&${GAME_QUERY}`;

describe("1xBet LineFeed", () => {
  it("serves the short-key list with main markets in E and the other total lines, whole lines too, in AE", async () => {
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
    expect(new Set(game?.AE[0]?.ME.map((e) => e.P))).toEqual(new Set([0.5, 1.5, 3.5, 4.5, 1, 2, 3, 4]));
    const prices = body.Value.flatMap((g) => g.E.map((e) => e.C));
    const hasDecimals = (c: number, n: number) => Math.abs(c * 10 ** n - Math.round(c * 10 ** n)) < 1e-6;
    expect(prices.every((c) => hasDecimals(c, 3))).toBe(true);
    expect(prices.some((c) => !hasDecimals(c, 2))).toBe(true);
  });

  it("answers GetGameZip with one game whose GE holds one column per outcome type", async () => {
    const h = harness();
    const listed = (await h.json<XbetList>(EPL)).Value[0];
    const body = await h.json<XbetGameAnswer>(game(listed?.I));
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

  it("serves BTTS only in GetGameZip, where group 19 also holds T 11273/11274 with P 2", async () => {
    const h = harness();
    const games = (await Promise.all(LEAGUE_PATHS["1xbet"].map((p) => h.json<XbetList>(p)))).flatMap((b) => b.Value);
    expect(games.some((g) => g.E.some((e) => e.G === 19))).toBe(false);
    const answers = await Promise.all(games.map((g) => h.json<XbetGameAnswer>(game(g.I))));
    const groups = answers.flatMap((a) => a.Value.GE.filter((g) => g.G === 19));
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.length).toBeLessThan(games.length);
    for (const group of groups) {
      expect(group.E.map((column) => column.map((e) => [e.T, e.P ?? null]))).toEqual([[[180, null]], [[181, null]], [[11273, 2]], [[11274, 2]]]);
    }
  });

  it("marks a suspended outcome blocked (B) at 1.001, as the real site does", async () => {
    const h = harness();
    let blocked: { C: number; B?: boolean }[] = [];
    for (let hour = 0; hour < 24 && blocked.length === 0; hour += 1) {
      h.setNow(Date.UTC(2026, 10, 24, 10 + hour));
      const games = (await Promise.all(LEAGUE_PATHS["1xbet"].map((p) => h.json<XbetList>(p)))).flatMap((b) => b.Value);
      blocked = games.flatMap((g) => [...g.E, ...g.AE.flatMap((a) => a.ME)]).filter((e) => e.B === true);
    }
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((e) => e.C === 1.001)).toBe(true);
  });

  it("answers 406 for a wrong partner, a count below 10 or parameters out of the client's order, like the real site", async () => {
    const h = harness();
    expect((await h.get(EPL.replace("partner=159", "partner=1"))).status).toBe(406);
    expect((await h.get(EPL.replace("&partner=159", ""))).status).toBe(406);
    expect((await h.get(EPL.replace("count=50", "count=5"))).status).toBe(406);
    expect((await h.get(game(1).replace("partner=159", "partner=7"))).status).toBe(406);
    expect((await h.get(EPL.replace("sports=1&champs=88637", "champs=88637&sports=1"))).status).toBe(406);
    expect((await h.get(`/1xbet/service-api/LineFeed/GetGameZip?${GAME_QUERY}&id=1`)).status).toBe(406);
    expect((await h.get(EPL)).status).toBe(200);
  });

});
