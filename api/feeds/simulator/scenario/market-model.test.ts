import { describe, expect, it } from "vitest";
import { outcomeProbabilities } from "./goals-model.ts";
import { FIRST_HALF_SHARE, MarketModel } from "./market-model.ts";

const TOTAL_LINES = [0.5, 1.5, 2.5, 3.5];
const STRONG_HOME = new MarketModel({ home: 2.6, away: 0.7 });
const EVEN = new MarketModel({ home: 1.35, away: 1.35 });
const TYPICAL = new MarketModel({ home: 1.6, away: 1.1 });
const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

describe("the market model (docs/design.md, Simulator)", () => {
  it("reads the full-time result off the goals model's own matrix, so 1X2 is the one the four families price", () => {
    const xg = { home: 1.6, away: 1.1 };
    const p = outcomeProbabilities(xg);
    const [home, draw, away] = new MarketModel(xg).result();
    expect(home).toBeCloseTo(p.home, 12);
    expect(draw).toBeCloseTo(p.draw, 12);
    expect(away).toBeCloseTo(p.away, 12);
  });

  it.each([
    ["a strong home side", STRONG_HOME],
    ["an even match", EVEN],
    ["a typical match", TYPICAL],
  ])("sums every exclusive market's selections to 1 for %s", (_, model) => {
    const markets: number[][] = [
      model.result(),
      model.firstHalfResult(),
      model.htft(),
      model.correctScore(),
      model.drawNoBet(),
      model.winsEitherHalf("home"),
      model.winsEitherHalf("away"),
      ...TOTAL_LINES.flatMap((line) => [model.total("h", line), model.total("a", line), model.total("h+a", line), model.halfTotal("1H", line), model.halfTotal("2H", line)]),
      ...[-2, -1, 1, 2].map((line) => model.handicap(line)),
      ...[-2.5, -1.75, -1, -0.25, 0, 0.5, 1.25, 2].map((line) => model.asian(line)),
    ];
    for (const market of markets) {
      expect(sum(market)).toBeCloseTo(1, 9);
      for (const p of market) expect(p).toBeGreaterThanOrEqual(0);
    }
    expect(model.htft()).toHaveLength(9);
    expect(model.correctScore()).toHaveLength(26);
  });

  it("splits each side's goals into halves, about 45 % in the first, and HT/FT adds up to both halves' results", () => {
    const expected = (goals: ArrayLike<number>) => Array.from(goals).reduce((s, p, n) => s + p * n, 0);
    const firstGoals = Array.from({ length: 21 }, (_, n) => TYPICAL.halfTotal("1H", n - 0.5)[0] - TYPICAL.halfTotal("1H", n + 0.5)[0]);
    const fullGoals = Array.from({ length: 21 }, (_, n) => TYPICAL.total("h+a", n - 0.5)[0] - TYPICAL.total("h+a", n + 0.5)[0]);
    firstGoals[0] = 1 - TYPICAL.halfTotal("1H", 0.5)[0];
    fullGoals[0] = 1 - TYPICAL.total("h+a", 0.5)[0];
    expect(expected(firstGoals) / expected(fullGoals)).toBeCloseTo(FIRST_HALF_SHARE, 2);
    const htft = TYPICAL.htft();
    const [ftHome, ftDraw, ftAway] = TYPICAL.result();
    const [htHome, htDraw, htAway] = TYPICAL.firstHalfResult();
    [ftHome, ftDraw, ftAway].forEach((p, ft) => expect(htft[ft]! + htft[3 + ft]! + htft[6 + ft]!).toBeCloseTo(p, 6));
    [htHome, htDraw, htAway].forEach((p, ht) => expect(htft[3 * ht]! + htft[3 * ht + 1]! + htft[3 * ht + 2]!).toBeCloseTo(p, 6));
    // The second half has more goals than the first (55 %).
    expect(TYPICAL.halfTotal("2H", 0.5)[0]).toBeGreaterThan(TYPICAL.halfTotal("1H", 0.5)[0]);
    // A first half is drawn far more often than a match.
    expect(htDraw).toBeGreaterThan(ftDraw + 0.1);
  });

  it("prices a strong home side as one: it scores, wins a half, wins on a -1 handicap more often than not", () => {
    expect(STRONG_HOME.total("h", 0.5)[0]).toBeGreaterThan(0.9);
    expect(STRONG_HOME.total("a", 0.5)[0]).toBeLessThan(0.55);
    expect(STRONG_HOME.total("h", 1.5)[0]).toBeGreaterThan(STRONG_HOME.total("h", 2.5)[0]);
    expect(STRONG_HOME.winsEitherHalf("home")[0]).toBeGreaterThan(0.75);
    expect(STRONG_HOME.winsEitherHalf("away")[0]).toBeLessThan(0.3);
    expect(STRONG_HOME.handicap(-1)[0]).toBeGreaterThan(0.5);
    expect(STRONG_HOME.drawNoBet()[0]).toBeGreaterThan(0.85);
    const score = STRONG_HOME.correctScore();
    // 2:0 (index 2 x 5 + 0) is likelier than 0:2.
    expect(score[10]!).toBeGreaterThan(score[2]! * 5);
  });

  it("settles the 3-way handicap with the line on the home side", () => {
    const cell = (h: number, a: number) => TYPICAL.matrix[h]?.[a] ?? 0;
    let winsByTwo = 0;
    let winsByOne = 0;
    TYPICAL.matrix.forEach((row, h) => row.forEach((_, a) => ((winsByTwo += h - a >= 2 ? cell(h, a) : 0), (winsByOne += h - a === 1 ? cell(h, a) : 0))));
    const [home, draw] = TYPICAL.handicap(-1);
    expect(home).toBeCloseTo(winsByTwo, 12);
    expect(draw).toBeCloseTo(winsByOne, 12);
    expect(TYPICAL.handicap(1)[0]).toBeCloseTo(TYPICAL.result()[0] + TYPICAL.result()[1], 12);
  });

  it("prices Asian lines fairly: half lines as plain results, whole lines without the void, quarter lines between their neighbours", () => {
    const [home, draw, away] = TYPICAL.result();
    expect(TYPICAL.asian(-0.5)[0]).toBeCloseTo(home, 12);
    expect(TYPICAL.asian(0.5)[0]).toBeCloseTo(home + draw, 12);
    // Level (0): a draw is void, so it prices as Draw No Bet.
    expect(TYPICAL.asian(0)[0]).toBeCloseTo(home / (home + away), 12);
    expect(TYPICAL.asian(0)[0]).toBeCloseTo(TYPICAL.drawNoBet()[0], 12);
    expect(TYPICAL.asian(-0.25)[0]).toBeCloseTo((TYPICAL.asian(-0.5)[0] + TYPICAL.asian(0)[0]) / 2, 12);
    expect(TYPICAL.asian(1.75)[0]).toBeCloseTo((TYPICAL.asian(1.5)[0] + TYPICAL.asian(2)[0]) / 2, 12);
    // More goals given to home, likelier home covers.
    const lines = [-2.5, -2.25, -2, -1.75, -1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5];
    const homes = lines.map((line) => TYPICAL.asian(line)[0]);
    homes.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(homes[i]!));
    // Mirror: home on -L is away on +L in the mirrored match.
    const mirrored = new MarketModel({ home: 1.1, away: 1.6 });
    expect(TYPICAL.asian(-0.75)[0]).toBeCloseTo(mirrored.asian(0.75)[1], 9);
  });

  it("prices 1UP and 2UP a side's bet shorter than its 1X2, by the chance it led and was caught, and never exclusive", () => {
    const [home, draw, away] = TYPICAL.result();
    const [up1Home, up1Draw, up1Away] = TYPICAL.earlyPayout(1);
    const [up2Home, , up2Away] = TYPICAL.earlyPayout(2);
    expect(up1Draw).toBeCloseTo(draw, 12);
    expect(up1Home).toBeGreaterThan(home + 0.05);
    expect(up1Home).toBeLessThan(home + 0.35 * (draw + away));
    expect(up1Away).toBeGreaterThan(away);
    // 2UP home pays at least on every win by two or more (the -1 handicap's home).
    expect(up2Home).toBeGreaterThan(TYPICAL.handicap(-1)[0]);
    expect(up2Home).toBeLessThan(up1Home);
    expect(up2Away).toBeLessThan(up1Away);
    expect(sum(TYPICAL.earlyPayout(1))).toBeGreaterThan(1.1);
    // An even match is even on 1UP too.
    const [evenHome, , evenAway] = EVEN.earlyPayout(1);
    expect(evenHome).toBeCloseTo(evenAway, 12);
  });

  it("counts a 1-1 draw's home lead at one half (the first goal is either side's) and a 0:n result's at none", () => {
    const oneAll = new MarketModel({ home: 1, away: 1 });
    // Put every chance on 1:1, then 0:2, and read the early payouts back.
    oneAll.matrix.forEach((row) => row.fill(0));
    oneAll.matrix[1]![1] = 1;
    expect(oneAll.earlyPayout(1)).toEqual([0.5, 1, 0.5]);
    oneAll.matrix[1]![1] = 0;
    oneAll.matrix[0]![2] = 1;
    expect(oneAll.earlyPayout(1)).toEqual([0, 0, 1]);
    // 2:2: two of the six goal orders put home two up (HHAA), the ballot count C(4, 0) / C(4, 2).
    oneAll.matrix[0]![2] = 0;
    oneAll.matrix[2]![2] = 1;
    expect(oneAll.earlyPayout(2)[0]).toBeCloseTo(1 / 6, 12);
  });
});
