import { describe, expect, it } from "vitest";
import type { LineKind, SettleRule } from "./settle-rule.ts";
import { SettlementInputError, type MatchScores, type SettleMarket } from "./settlement-input.ts";
import { settledReturn, settleSelection, type SettleOutcome } from "./settlement.ts";

/** A finished match: "2:1" full time, and "1:0" at half time when given. */
function played(fullTime: string, halfTime?: string): MatchScores {
  const score = (text: string) => {
    const [home, away] = text.split(":").map(Number);
    return { home: home!, away: away! };
  };
  return { status: "finished", fullTime: score(fullTime), halfTime: halfTime === undefined ? null : score(halfTime) };
}

const market = (settle: SettleRule, outcomes: string[], lineKind: LineKind = "none", line: number | null = null): SettleMarket => ({ settle, lineKind, line, outcomes });

const RESULTS = ["home", "draw", "away"];
const oneXTwo = (period: "FT" | "1H" | "2H" = "FT") => market({ rule: "result", period }, RESULTS);
const threeWayHandicap = (line: number) => market({ rule: "result", period: "FT" }, RESULTS, "handicap", line);
const doubleChance = market({ rule: "cover", period: "FT" }, ["home-draw", "home-away", "draw-away"]);
const total = (line: number, period: "FT" | "1H" | "2H" = "FT", quantity: "h+a" | "h" | "a" = "h+a") => market({ rule: "total", period, quantity }, ["over", "under"], "total", line);
const asian = (line: number) => market({ rule: "asian" }, ["home", "away"], "asian", line);
const drawNoBet = market({ rule: "no-draw", period: "FT" }, ["home", "away"]);
const bothScore = market({ rule: "both-score", period: "FT" }, ["yes", "no"]);
const SCORES = ["0:0", "1:0", "0:1", "1:1", "2:0", "0:2", "2:1", "1:2", "2:2", "3:0", "0:3", "3:1", "1:3", "3:2", "2:3", "3:3", "other"];
const correctScore = (period: "FT" | "1H" = "FT") => market({ rule: "score", period }, SCORES);
const HT_FT = RESULTS.flatMap((ht) => RESULTS.map((ft) => `${ht}/${ft}`));
const htFt = market({ rule: "ht-ft" }, HT_FT);
const eitherHalf = (team: "home" | "away") => market({ rule: "either-half", team }, ["yes", "no"]);
const oneUp = market({ rule: "by-hand" }, RESULTS);

/** Each outcome of the market at one score, as settled. */
function settleAll(m: SettleMarket, scores: MatchScores): Record<string, SettleOutcome | string> {
  return Object.fromEntries(m.outcomes.map((o) => {
    const s = settleSelection(m, o, scores);
    return [o, s.settled ? s.outcome : `unsettled: ${s.reason}`];
  }));
}

function refusal(m: SettleMarket, outcome: string, scores: MatchScores = played("1:0", "0:0")): string {
  try {
    settleSelection(m, outcome, scores);
  } catch (error) {
    expect(error).toBeInstanceOf(SettlementInputError);
    return (error as Error).message;
  }
  throw new Error("the input was accepted");
}

describe("result (1X2 and three-way handicap)", () => {
  it.each([
    ["2:1", { home: "won", draw: "lost", away: "lost" }],
    ["1:1", { home: "lost", draw: "won", away: "lost" }],
    ["0:2", { home: "lost", draw: "lost", away: "won" }],
  ])("settles 1X2 at %s", (score, expected) => {
    expect(settleAll(oneXTwo(), played(score, "0:0"))).toEqual(expected);
  });

  it("settles the first-half 1X2 on the half-time score and the second half's on full time less half time", () => {
    // 1:0 at half time, 1:2 at full time: the first half home, the second 0:2 away, the match away.
    expect(settleAll(oneXTwo("1H"), played("1:2", "1:0"))).toEqual({ home: "won", draw: "lost", away: "lost" });
    expect(settleAll(oneXTwo("2H"), played("1:2", "1:0"))).toEqual({ home: "lost", draw: "lost", away: "won" });
    expect(settleAll(oneXTwo("2H"), played("2:2", "1:1"))).toEqual({ home: "lost", draw: "won", away: "lost" });
  });

  it.each([
    // The line is the goals added to the home side (docs/design.md, Lines).
    [-1, "2:0", { home: "won", draw: "lost", away: "lost" }],
    [-1, "2:1", { home: "lost", draw: "won", away: "lost" }],
    [-1, "1:1", { home: "lost", draw: "lost", away: "won" }],
    [-2, "3:1", { home: "lost", draw: "won", away: "lost" }],
    [-2, "3:0", { home: "won", draw: "lost", away: "lost" }],
    [1, "0:1", { home: "lost", draw: "won", away: "lost" }],
    [1, "1:1", { home: "won", draw: "lost", away: "lost" }],
    [1, "0:2", { home: "lost", draw: "lost", away: "won" }],
    [2, "0:2", { home: "lost", draw: "won", away: "lost" }],
    [2, "0:1", { home: "won", draw: "lost", away: "lost" }],
  ])("settles a three-way handicap of %d at %s, the line applied to the home side", (line, score, expected) => {
    expect(settleAll(threeWayHandicap(line), played(score, "0:0"))).toEqual(expected);
  });
});

describe("cover (Double Chance)", () => {
  it.each([
    ["2:1", { "home-draw": "won", "home-away": "won", "draw-away": "lost" }],
    ["0:0", { "home-draw": "won", "home-away": "lost", "draw-away": "won" }],
    ["1:3", { "home-draw": "lost", "home-away": "won", "draw-away": "won" }],
  ])("settles at %s the two results each selection covers", (score, expected) => {
    expect(settleAll(doubleChance, played(score, "0:0"))).toEqual(expected);
  });
});

describe("total", () => {
  it.each([
    [0.5, "0:0", "lost", "won"],
    [0.5, "1:0", "won", "lost"],
    [1.5, "1:0", "lost", "won"],
    [2.5, "2:1", "won", "lost"],
    [2.5, "1:1", "lost", "won"],
    [3.5, "2:1", "lost", "won"],
    [4.5, "3:2", "won", "lost"],
    [5.5, "3:2", "lost", "won"],
  ])("settles over/under %d at %s", (line, score, over, under) => {
    expect(settleAll(total(line), played(score, "0:0"))).toEqual({ over, under });
  });

  it.each([
    [2, "1:1", "void", "void"],
    [2, "2:1", "won", "lost"],
    [3, "2:1", "void", "void"],
    [3, "1:1", "lost", "won"],
    [1, "1:0", "void", "void"],
  ])("a whole line %d at %s: exactly on the line is void", (line, score, over, under) => {
    expect(settleAll(total(line), played(score, "0:0"))).toEqual({ over, under });
  });

  it.each([
    // 2.25 is half on 2 and half on 2.5; 2.75 half on 2.5 and half on 3.
    [2.25, "1:1", "half-lost", "half-won"],
    [2.25, "2:1", "won", "lost"],
    [2.75, "2:1", "half-won", "half-lost"],
    [2.75, "1:1", "lost", "won"],
    [2.75, "2:2", "won", "lost"],
  ])("a quarter line %d at %s splits the stake into two halves", (line, score, over, under) => {
    expect(settleAll(total(line), played(score, "0:0"))).toEqual({ over, under });
  });

  it("counts one side for a team total", () => {
    expect(settleAll(total(1.5, "FT", "h"), played("2:0", "0:0"))).toEqual({ over: "won", under: "lost" });
    expect(settleAll(total(1.5, "FT", "a"), played("2:0", "0:0"))).toEqual({ over: "lost", under: "won" });
    expect(settleAll(total(0.5, "FT", "a"), played("3:1", "0:0"))).toEqual({ over: "won", under: "lost" });
    expect(settleAll(total(1, "FT", "h"), played("1:4", "0:0"))).toEqual({ over: "void", under: "void" });
  });

  it("counts the period for first- and second-half totals", () => {
    // 2:0 at half time, 2:1 at full time: two goals in the first half, one in the second.
    expect(settleAll(total(1.5, "1H"), played("2:1", "2:0"))).toEqual({ over: "won", under: "lost" });
    expect(settleAll(total(1.5, "2H"), played("2:1", "2:0"))).toEqual({ over: "lost", under: "won" });
    expect(settleAll(total(0.5, "2H"), played("2:1", "2:0"))).toEqual({ over: "won", under: "lost" });
    expect(settleAll(total(0.5, "2H"), played("2:0", "2:0"))).toEqual({ over: "lost", under: "won" });
    expect(settleAll(total(1.5, "FT"), played("2:1", "2:0"))).toEqual({ over: "won", under: "lost" });
  });
});

describe("asian", () => {
  // The home side's margin at each score: lost by 2, lost by 1, won by 0, 1 and 2.
  const MARGINS = ["0:2", "1:2", "1:1", "2:1", "3:1"] as const;
  const W = "won", L = "lost", V = "void", HW = "half-won", HL = "half-lost";
  const HOME: [number, SettleOutcome[]][] = [
    [0, [L, L, V, W, W]],
    [-0.25, [L, L, HL, W, W]],
    [-0.5, [L, L, L, W, W]],
    [-0.75, [L, L, L, HW, W]],
    [-1, [L, L, L, V, W]],
    [-1.25, [L, L, L, HL, W]],
    [-1.5, [L, L, L, L, W]],
    [-1.75, [L, L, L, L, HW]],
    [-2, [L, L, L, L, V]],
    [-2.25, [L, L, L, L, HL]],
    [-2.5, [L, L, L, L, L]],
    [0.25, [L, L, HW, W, W]],
    [0.5, [L, L, W, W, W]],
    [0.75, [L, HL, W, W, W]],
    [1, [L, V, W, W, W]],
    [1.25, [L, HW, W, W, W]],
    [1.5, [L, W, W, W, W]],
    [1.75, [HL, W, W, W, W]],
    [2, [V, W, W, W, W]],
    [2.25, [HW, W, W, W, W]],
    [2.5, [W, W, W, W, W]],
  ];
  const MIRROR: Record<SettleOutcome, SettleOutcome> = { won: "lost", lost: "won", void: "void", "half-won": "half-lost", "half-lost": "half-won" };

  it.each(HOME)("settles the home side at %d losing by 2 and 1 and winning by 0, 1 and 2, the away side the mirror", (line, expected) => {
    const home = MARGINS.map((score) => settleAll(asian(line), played(score, "0:0")).home);
    const away = MARGINS.map((score) => settleAll(asian(line), played(score, "0:0")).away);
    expect(home).toEqual(expected);
    expect(away).toEqual(expected.map((o) => MIRROR[o]));
  });

  it("reads the away side's line as the home line's opposite: home −0.75 is away +0.75", () => {
    // Away +0.75 at a 1-goal home win: half on +0.5 loses, half on +1 is void.
    expect(settleAll(asian(-0.75), played("2:1", "1:1"))).toEqual({ home: "half-won", away: "half-lost" });
    // Away +0.25 at a draw: half on 0 void, half on +0.5 wins.
    expect(settleAll(asian(-0.25), played("0:0", "0:0"))).toEqual({ home: "half-lost", away: "half-won" });
  });
});

describe("no-draw (Draw No Bet)", () => {
  it.each([
    ["1:0", { home: "won", away: "lost" }],
    ["2:2", { home: "void", away: "void" }],
    ["0:0", { home: "void", away: "void" }],
    ["1:3", { home: "lost", away: "won" }],
  ])("settles at %s, a draw void", (score, expected) => {
    expect(settleAll(drawNoBet, played(score, "0:0"))).toEqual(expected);
  });
});

describe("both-score", () => {
  it.each([
    ["1:1", { yes: "won", no: "lost" }],
    ["3:2", { yes: "won", no: "lost" }],
    ["1:0", { yes: "lost", no: "won" }],
    ["0:2", { yes: "lost", no: "won" }],
    ["0:0", { yes: "lost", no: "won" }],
  ])("settles at %s", (score, expected) => {
    expect(settleAll(bothScore, played(score, "0:0"))).toEqual(expected);
  });

  it("reads the period: both scored over the match but not in the first half", () => {
    const firstHalf = market({ rule: "both-score", period: "1H" }, ["yes", "no"]);
    expect(settleAll(firstHalf, played("1:1", "1:0"))).toEqual({ yes: "lost", no: "won" });
  });
});

describe("score (correct score)", () => {
  const winners = (scores: MatchScores, m = correctScore()) => Object.entries(settleAll(m, scores)).filter(([, o]) => o === "won").map(([s]) => s);

  it("the exact score alone wins", () => {
    expect(winners(played("2:1", "1:1"))).toEqual(["2:1"]);
    expect(winners(played("0:0", "0:0"))).toEqual(["0:0"]);
    expect(winners(played("3:3", "0:0"))).toEqual(["3:3"]);
  });

  it("'other' wins on a score outside the set, and loses on one inside it", () => {
    expect(winners(played("5:0", "2:0"))).toEqual(["other"]);
    expect(winners(played("4:4", "2:2"))).toEqual(["other"]);
    expect(settleSelection(correctScore(), "other", played("3:2", "1:1"))).toEqual({ settled: true, outcome: "lost" });
  });

  it("reads the period: a first-half correct score on the half-time score", () => {
    expect(winners(played("4:1", "1:0"), correctScore("1H"))).toEqual(["1:0"]);
  });
});

describe("ht-ft", () => {
  it.each([
    ["home/home", "1:0", "2:0"],
    ["home/draw", "1:0", "1:1"],
    ["home/away", "1:0", "1:2"],
    ["draw/home", "0:0", "1:0"],
    ["draw/draw", "1:1", "2:2"],
    ["draw/away", "0:0", "0:1"],
    ["away/home", "0:1", "2:1"],
    ["away/draw", "0:1", "1:1"],
    ["away/away", "0:1", "0:2"],
  ])("%s alone wins at %s half time, %s full time", (winner, halfTime, fullTime) => {
    const expected = Object.fromEntries(HT_FT.map((o) => [o, o === winner ? "won" : "lost"]));
    expect(settleAll(htFt, played(fullTime, halfTime))).toEqual(expected);
  });
});

describe("either-half", () => {
  it.each([
    ["home", "1:0", "1:1", "yes"], // won the first half, lost the second
    ["home", "0:0", "1:0", "yes"], // drew the first, won the second
    ["home", "1:0", "1:3", "yes"], // won the first half, lost the match
    ["home", "1:1", "2:2", "no"], // drew both halves
    ["home", "0:1", "1:2", "no"], // lost the first, drew the second
    ["away", "0:1", "0:1", "yes"],
    ["away", "1:0", "1:2", "yes"], // the second half 0:2
    ["away", "1:0", "2:0", "no"],
  ])("%s to win either half at %s half time, %s full time: %s", (team, halfTime, fullTime, winner) => {
    const expected = winner === "yes" ? { yes: "won", no: "lost" } : { yes: "lost", no: "won" };
    expect(settleAll(eitherHalf(team as "home" | "away"), played(fullTime, halfTime))).toEqual(expected);
  });
});

describe("what settles nothing", () => {
  it("a by-hand rule (1UP, 2UP) answers that it needs an operator, even with a score", () => {
    expect(settleSelection(oneUp, "home", played("2:1", "1:0"))).toEqual({ settled: false, reason: "by-hand" });
  });

  it("an abandoned match settles nothing, whatever score it had reached", () => {
    const abandoned: MatchScores = { status: "abandoned", fullTime: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } };
    for (const m of [oneXTwo(), oneXTwo("1H"), total(2.5), asian(-0.5), htFt, correctScore()]) {
      expect(settleSelection(m, m.outcomes[0]!, abandoned)).toEqual({ settled: false, reason: "abandoned" });
    }
  });

  it("a match without a score settles nothing", () => {
    const unscored: MatchScores = { status: "finished", fullTime: null, halfTime: null };
    for (const m of [oneXTwo(), oneXTwo("1H"), total(2.5), asian(-0.5), drawNoBet, bothScore, doubleChance]) {
      expect(settleSelection(m, m.outcomes[0]!, unscored)).toEqual({ settled: false, reason: "no-score" });
    }
  });

  it("without the half-time score, the rules reading a half wait while full-time rules settle", () => {
    const noHalfTime = played("2:1");
    for (const m of [oneXTwo("1H"), oneXTwo("2H"), total(0.5, "2H"), htFt, eitherHalf("home"), correctScore("1H")]) {
      expect(settleSelection(m, m.outcomes[0]!, noHalfTime)).toEqual({ settled: false, reason: "no-half-time-score" });
    }
    expect(settleSelection(oneXTwo(), "home", noHalfTime)).toEqual({ settled: true, outcome: "won" });
    expect(settleSelection(asian(-1.25), "home", noHalfTime)).toEqual({ settled: true, outcome: "half-lost" });
  });
});

describe("bad input is refused, naming what is wrong", () => {
  it("a rule and a line kind that do not go together", () => {
    expect(refusal(market({ rule: "total", period: "FT", quantity: "h+a" }, ["over", "under"]), "over")).toBe('rule "total" does not settle a type of line kind "none"');
    expect(refusal(market({ rule: "asian" }, ["home", "away"], "handicap", -1), "home")).toBe('rule "asian" does not settle a type of line kind "handicap"');
    expect(refusal(market({ rule: "both-score", period: "FT" }, ["yes", "no"], "total", 2.5), "yes")).toBe('rule "both-score" does not settle a type of line kind "total"');
  });

  it("a line its kind cannot have", () => {
    expect(refusal({ ...oneXTwo(), line: 2.5 }, "home")).toBe("a type without lines has no line, not 2.5");
    expect(refusal({ ...total(2.5), line: null }, "over")).toBe('a line of kind "total" is a number of goals in quarters, not null');
    expect(refusal(total(2.3), "over")).toBe('a line of kind "total" is a number of goals in quarters, not 2.3');
    expect(refusal(total(0), "over")).toBe("a total line is above 0, not 0");
    expect(refusal(asian(Number.NaN), "home")).toBe('a line of kind "asian" is a number of goals in quarters, not NaN');
    expect(refusal(threeWayHandicap(-0.5), "home")).toBe("a three-way handicap is whole goals, not -0.5");
  });

  it("an outcome the rule does not know, or one the market does not have", () => {
    expect(refusal(market({ rule: "cover", period: "FT" }, ["1X", "12", "X2"]), "1X")).toBe('"1X" is not an outcome rule "cover" settles');
    expect(refusal(market({ rule: "score", period: "FT" }, ["1:0", "1-1", "other"]), "1:0")).toBe('"1-1" is not an outcome rule "score" settles');
    expect(refusal(market({ rule: "ht-ft" }, ["home/home", "home/1"]), "home/home")).toBe('"home/1" is not an outcome rule "ht-ft" settles');
    expect(refusal(oneXTwo(), "1")).toBe('"1" is not an outcome of this market (home, draw, away)');
    expect(refusal(total(2.5), "exactly")).toBe('"exactly" is not an outcome of this market (over, under)');
  });

  it("a score no match can have", () => {
    expect(refusal(oneXTwo(), "home", played("-1:0"))).toBe("the full-time score is whole goals from 0, not -1:0");
    expect(refusal(oneXTwo(), "home", played("1:0", "0.5:0"))).toBe("the half-time score is whole goals from 0, not 0.5:0");
    expect(refusal(oneXTwo(), "home", played("1:0", "2:0"))).toBe("a half-time score of 2:0 cannot end 1:0");
    expect(refusal(oneXTwo(), "home", { status: "postponed", fullTime: null, halfTime: null } as unknown as MatchScores)).toBe("a match is finished or abandoned, not postponed");
  });

  it("is refused before a by-hand or abandoned answer", () => {
    expect(refusal(oneUp, "first-goal")).toBe('"first-goal" is not an outcome of this market (home, draw, away)');
    expect(refusal(total(2.3), "over", { status: "abandoned", fullTime: null, halfTime: null })).toBe('a line of kind "total" is a number of goals in quarters, not 2.3');
  });
});

describe("settled returns", () => {
  it.each([
    ["won", 1950],
    ["half-won", 1475], // ₦500 at 1.95 and ₦500 back
    ["void", 1000],
    ["half-lost", 500],
    ["lost", 0],
  ] as const)("₦1,000 at 1.95 %s returns ₦%d", (outcome, expected) => {
    expect(settledReturn(outcome, 1000, 1.95)).toBe(expected);
  });

  it("returns to the kobo", () => {
    expect(settledReturn("won", 333, 1.87)).toBe(622.71);
    expect(settledReturn("half-won", 333, 2.1)).toBe(516.15); // 166.5 × 2.1 + 166.5
    expect(settledReturn("half-lost", 333, 2.1)).toBe(166.5);
  });

  it("refuses a stake or price that cannot be", () => {
    expect(() => settledReturn("won", 0, 1.95)).toThrow(new SettlementInputError("a stake is a positive amount, not 0"));
    expect(() => settledReturn("won", 1000, 1)).toThrow(new SettlementInputError("a price is above 1, not 1"));
    expect(() => settledReturn("won", 1000, Number.NaN)).toThrow(SettlementInputError);
  });
});
