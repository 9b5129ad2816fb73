import { describe, expect, it } from "vitest";
import { BOOKMAKERS } from "../reference.ts";
import { BOOKMAKER_RULES, planPct, rulesCheckedAt, rulesOf, TAX_ON_WINNINGS_RATE, type BonusPlan, type LadderBonus, type Rule } from "./bookmaker-rules.ts";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ruleList = (provider: number): Rule<unknown>[] => {
  const r = rulesOf(provider);
  return [r.taxOnWinnings, r.accumulatorBonus, r.maxPayout, r.minStake, r.maxSelections, r.bonusExcludedMarkets];
};

describe("the bookmakers' rules", () => {
  it("covers every bookmaker, each rule with a date and a source, known or unknown", () => {
    expect(BOOKMAKER_RULES.map((r) => r.provider)).toEqual(BOOKMAKERS.map((b) => b.id));
    for (const { id } of BOOKMAKERS) {
      for (const rule of ruleList(id)) {
        expect(rule.checkedAt).toMatch(ISO_DATE);
        expect(rule.source.length).toBeGreaterThan(5);
      }
    }
  });

  it("records each book's market exclusions from its bonus as stated: none stated at Bet9ja and SportyBet, unknown where the bonus is", () => {
    for (const provider of [1, 3]) {
      expect(rulesOf(provider).bonusExcludedMarkets.value).toEqual([]);
      expect(rulesOf(provider).bonusExcludedMarkets.source).toMatch(/^None stated: /);
    }
    for (const provider of [2, 4, 5, 99]) {
      expect(rulesOf(provider).accumulatorBonus.value).toBe("unknown");
      expect(rulesOf(provider).bonusExcludedMarkets.value).toBe("unknown");
    }
  });

  it("withholds 5 % of winnings at every book, in force since 1 January 2025", () => {
    expect(TAX_ON_WINNINGS_RATE).toBe(0.05);
    for (const { id } of BOOKMAKERS) expect(rulesOf(id).taxOnWinnings).toMatchObject({ value: 0.05, checkedAt: "2025-01-01" });
  });

  it("gives Bet9ja's Multiple Bonus: 5 % at 5 legs of 1.20 or more, 5 points a leg, 170 % from 38, none above a ₦50M win or 12 days ahead", () => {
    const bonus = rulesOf(1).accumulatorBonus.value as LadderBonus;
    expect(bonus).toMatchObject({ kind: "ladder", minLegOdds: 1.2, minLegs: 5, noBonusAboveWin: 50_000_000, maxDaysAhead: 12 });
    expect([4, 5, 6, 9, 10, 37, 38, 50].map((n) => bonus.pctFor(n))).toEqual([0, 5, 10, 25, 30, 165, 170, 170]);
    expect(rulesOf(1).accumulatorBonus.checkedAt).toBe("2023-03-27");
  });

  it("reads SportyBet's Multi Bet Bonus from its live plan, as an estimate: max x football factor, never below min", () => {
    expect(rulesOf(3).accumulatorBonus.value).toMatchObject({ kind: "plan", planPath: "/api/ng/promotion/v2/bonus/plans/valid", estimate: true });
    const plan: BonusPlan = {
      name: "p",
      minLegOdds: 1.2,
      ratios: [
        { legs: 4, min: 0, max: 0.08 },
        { legs: 6, min: 0.07, max: 0.16 },
        { legs: 10, min: 0.25, max: 0.33 },
      ],
      footballFactor: 0.6,
      fetchedAt: "2026-09-25T00:00:00Z",
    };
    // Measured on real slips on 25 September 2026: 4 legs 4.8 %, 6 legs 9.6 %.
    expect(planPct(plan, 4)).toBeCloseTo(0.048, 10);
    expect(planPct(plan, 6)).toBeCloseTo(0.096, 10);
    // 0.33 x 0.6 = 0.198 is below this plan's min of 0.25 for 10 legs: the min holds.
    expect(planPct(plan, 10)).toBe(0.25);
    // No step for 3 legs or fewer; a count between steps takes the step below; none for no legs.
    expect([planPct(plan, 3), planPct(plan, 0)]).toEqual([0, 0]);
    expect(planPct(plan, 5)).toBeCloseTo(0.048, 10);
  });

  it("knows the bonuses of BetKing, NairaBet and 1xBet are unknown, never guessed", () => {
    for (const provider of [2, 4, 5]) expect(rulesOf(provider).accumulatorBonus.value).toBe("unknown");
  });

  it("caps a SportyBet ticket at ₦15,000,000 and knows no other book's cap", () => {
    expect(rulesOf(3).maxPayout.value).toBe(15_000_000);
    for (const provider of [1, 2, 4, 5]) expect(rulesOf(provider).maxPayout.value).toBe("unknown");
  });

  it("takes a minimum stake of ₦100 at Bet9ja and ₦10 at SportyBet, unknown elsewhere", () => {
    expect([1, 2, 3, 4, 5].map((p) => rulesOf(p).minStake.value)).toEqual([100, "unknown", 10, "unknown", "unknown"]);
  });

  it("takes at most 50 selections at Bet9ja, SportyBet and 1xBet, 40 at BetKing, unknown at NairaBet", () => {
    expect([1, 2, 3, 4, 5].map((p) => rulesOf(p).maxSelections.value)).toEqual([50, 40, 50, "unknown", 50]);
  });

  it("dates a book's rules by the newest check among them, and treats a provider it does not list as all unknown", () => {
    expect(rulesCheckedAt(rulesOf(1))).toBe("2026-11-25");
    expect(ruleList(99).slice(1).every((r) => r.value === "unknown")).toBe(true);
  });
});
