/**
 * SportyBet's live Multi Bet Bonus plan as the simulator serves it, at the real path and in the
 * real shape (docs/design.md, Naira-true returns): every number x10^4. The ranges are ours, drawn
 * through the points measured on real slips on 2026-09-25 (football pays max x 0.6: 4 legs 4.8 %,
 * 6 legs 9.6 %, 10 legs 19.8 %, 20 legs 42 %), so a slip priced against the simulator shows the
 * live site's percentages; the last step (40 legs) holds beyond it. The path is spelled here again:
 * the simulator stands in for the site, so it never borrows the adapter's.
 */
export const SITE_BONUS_PLAN_PATH = "/api/ng/promotion/v2/bonus/plans/valid";

/** [qualifying selections, min, max], x10^4 (800 = 8 %). */
const RATIOS: readonly (readonly [number, number, number])[] = [
  [2, 0, 300], [3, 0, 500], [4, 0, 800], [5, 550, 1200], [6, 700, 1600],
  [7, 900, 2000], [8, 1100, 2450], [9, 1300, 2900], [10, 1450, 3300], [11, 1600, 3670],
  [12, 1800, 4040], [13, 1950, 4410], [14, 2100, 4780], [15, 2250, 5150], [16, 2450, 5520],
  [17, 2600, 5890], [18, 2750, 6260], [19, 2900, 6630], [20, 3100, 7000], [21, 3350, 7650],
  [22, 3650, 8300], [23, 3950, 8950], [24, 4200, 9600], [25, 4500, 10250], [26, 4800, 10900],
  [27, 5100, 11550], [28, 5350, 12200], [29, 5650, 12850], [30, 5950, 13500], [31, 6250, 14150],
  [32, 6500, 14800], [33, 6800, 15450], [34, 7100, 16100], [35, 7350, 16750], [36, 7650, 17400],
  [37, 7950, 18050], [38, 8250, 18700], [39, 8500, 19350], [40, 8800, 20000],
];

/** Per-sport factors as the site lists them: football 0.6 in force beside a deleted earlier entry, basketball 0.5. */
const FACTORS = [
  { sportId: "sr:sport:1", tournamentId: null, bonusFactor: 10000, isEnabled: true, isDel: true },
  { sportId: "sr:sport:1", tournamentId: null, bonusFactor: 6000, isEnabled: true, isDel: false },
  { sportId: "sr:sport:2", tournamentId: null, bonusFactor: 5000, isEnabled: true, isDel: false },
];

const PLAN = {
  planName: "MBB_1790208000000",
  qualifyingOddsLimit: 12000,
  factor: 10000,
  bonusRatios: RATIOS.map(([qualifyingSelections, min, max]) => ({ qualifyingSelections, min, max })),
};

/** What `bonus/plans/valid` answers; without the plan, its success with none (the "empty" fault). */
export function bonusPlanAnswer(withPlan = true) {
  return { bizCode: 10000, message: "Success", data: { entityList: withPlan ? [PLAN] : [], bonusFactorVOList: withPlan ? FACTORS : [] } };
}
