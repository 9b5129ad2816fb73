/**
 * What each bookmaker pays on a winning slip, as data (docs/design.md, Naira-true returns;
 * decision 028): the tax withheld on winnings, the accumulator bonus, the largest payout a ticket
 * may reach, the smallest stake and the most selections. Every rule carries the date it took effect
 * or was last checked and where it comes from; a rule nobody has published or verified is
 * `"unknown"`, and the slip says so instead of guessing. The API computes returns from this module
 * (api/betslip/returns.ts) and the help page lists it, so the two never disagree.
 */

/** A rule's value, or "unknown"; when it took effect or was checked (ISO date); and its source. */
export interface Rule<T> {
  value: T | "unknown";
  checkedAt: string;
  source: string;
}

/**
 * A bonus that grows with the number of qualifying legs, as a percentage of the whole slip's gross
 * return (stake x the product of every price): Bet9ja's "Multiple Bonus".
 */
export interface LadderBonus {
  kind: "ladder";
  name: string;
  /** A leg counts towards the bonus at this price or more. */
  minLegOdds: number;
  /** The fewest qualifying legs that earn a bonus. */
  minLegs: number;
  /** The percentage for a number of qualifying legs (the last step holds beyond it). */
  pctFor(legs: number): number;
  /** The ladder in words, for the help page. */
  ladder: string;
  /** No bonus at all when the win (gross return) is above this, in naira. */
  noBonusAboveWin: number;
  /** A leg kicking off more than this many days after the slip is priced does not count. */
  maxDaysAhead: number;
}

/**
 * SportyBet's "Multi Bet Bonus": a live plan gives a [min, max] percentage range per number of
 * qualifying legs, and football slips get max x the plan's football factor (whenever the plan's
 * formula reaches its cap, which it does on every realistic accumulator), as a percentage of the
 * product of the qualifying legs' prices only. An estimate: the book's exact figure also depends
 * on its own outcome probabilities, which it does not publish.
 */
export interface PlanBonus {
  kind: "plan";
  name: string;
  /** Where the API reads the plan (the adapter's path on the bookmaker's site). */
  planPath: string;
  estimate: true;
}

export type AccumulatorBonus = LadderBonus | PlanBonus;

export interface BookmakerRules {
  provider: number;
  /** The share of winnings withheld (0.05 = 5 %); winnings = payout - stake. */
  taxOnWinnings: Rule<number>;
  accumulatorBonus: Rule<AccumulatorBonus>;
  /** The most a ticket pays, bonus included, in naira. */
  maxPayout: Rule<number>;
  /** The smallest stake a ticket takes, in naira. */
  minStake: Rule<number>;
  /** The most selections a ticket takes. */
  maxSelections: Rule<number>;
  /**
   * The markets (catalogue market ids, docs/design.md, Market catalogue) whose selections never
   * count towards the accumulator bonus, as the book states them: an empty list when the book
   * states none, its source saying so; never an exclusion we guessed.
   */
  bonusExcludedMarkets: Rule<readonly number[]>;
}

/** The live SportyBet plan as the API keeps it: percentages as fractions (0.08 = 8 %). */
export interface BonusPlan {
  name: string;
  /** A leg counts at this price or more. */
  minLegOdds: number;
  /** The plan's range for each number of qualifying legs. */
  ratios: { legs: number; min: number; max: number }[];
  /** The factor football slips get (the plan's per-sport list; 0.6 in 2026). */
  footballFactor: number;
  /** When the API read it (ISO). */
  fetchedAt: string;
}

/**
 * The tax on winnings every licensed Nigerian book withholds: 5 % (federal withholding tax
 * regulations in force 1 January 2025; Lagos applies 5 % of net winnings at payout, notice of
 * February 2026). Whether a book taxes net or gross winnings is not published: we assume net.
 */
export const TAX_ON_WINNINGS_RATE = 0.05;

const TAX: Rule<number> = {
  value: TAX_ON_WINNINGS_RATE,
  checkedAt: "2025-01-01",
  source: "Federal withholding tax regulations in force 1 January 2025; Lagos State notice of February 2026 (5 % of net winnings at payout)",
};

/** The research these rules come from. */
const CHECKED = "2026-11-25";

const unknown = <T>(source: string, checkedAt = CHECKED): Rule<T> => ({ value: "unknown", checkedAt, source });

/** A book of which only the tax is known: every other rule unknown, for `why`. */
function noKnownRules(provider: number, why: string): BookmakerRules {
  return { provider, taxOnWinnings: TAX, accumulatorBonus: unknown(why), maxPayout: unknown(why), minStake: unknown(why), maxSelections: unknown(why), bonusExcludedMarkets: unknown(why) };
}

/** Bet9ja's ladder: 5 % at 5 legs, 5 points more a leg, 170 % from 38 legs. */
const bet9jaPct = (legs: number) => (legs < 5 ? 0 : Math.min(170, 5 * (legs - 4)));

export const BOOKMAKER_RULES: readonly BookmakerRules[] = [
  {
    provider: 1,
    taxOnWinnings: TAX,
    accumulatorBonus: {
      value: {
        kind: "ladder",
        name: "Multiple Bonus",
        minLegOdds: 1.2,
        minLegs: 5,
        pctFor: bet9jaPct,
        ladder: "5 % at 5 selections, 5 points more for each further selection, 170 % from 38 selections",
        noBonusAboveWin: 50_000_000,
        maxDaysAhead: 12,
      },
      checkedAt: "2023-03-27",
      source: 'help.bet9ja.com, "170% Multiple Bonus" (terms effective 27 March 2023)',
    },
    maxPayout: unknown("Not published (₦50,000,000 only ends the bonus)"),
    minStake: { value: 100, checkedAt: "2020-01-01", source: "A 2020 third-party summary of Bet9ja's terms" },
    maxSelections: { value: 50, checkedAt: CHECKED, source: "A booking-code converter's notes (the bonus table runs to 38+)" },
    bonusExcludedMarkets: {
      value: [],
      checkedAt: "2023-03-27",
      source: 'None stated: help.bet9ja.com, "170% Multiple Bonus", says the bonus applies to all events with odds from 1.20 and names no excluded market (terms effective 27 March 2023)',
    },
  },
  {
    provider: 2,
    taxOnWinnings: TAX,
    accumulatorBonus: unknown("Unofficial claims disagree; BetKing publishes no bonus table"),
    maxPayout: unknown("Not published per ticket (₦40,000,000 per customer per day)"),
    minStake: unknown("Not published"),
    maxSelections: { value: 40, checkedAt: CHECKED, source: "BetKing's betslip refuses a 41st selection" },
    bonusExcludedMarkets: unknown("Its bonus rule is not known, so neither are the markets it leaves out"),
  },
  {
    provider: 3,
    taxOnWinnings: TAX,
    accumulatorBonus: {
      value: { kind: "plan", name: "Multi Bet Bonus", planPath: "/api/ng/promotion/v2/bonus/plans/valid", estimate: true },
      checkedAt: "2026-09-25",
      source: "SportyBet's live bonus plan (the plan its betslip loads), checked against real slips on 25 September 2026",
    },
    maxPayout: { value: 15_000_000, checkedAt: CHECKED, source: "SportyBet help page (₦50,000,000 per user per day)" },
    minStake: { value: 10, checkedAt: "2026-09-25", source: "Accepted on real SportyBet slips in 2026" },
    maxSelections: { value: 50, checkedAt: CHECKED, source: "SportyBet's 2026 betslip code (its help page says 30)" },
    bonusExcludedMarkets: {
      value: [],
      checkedAt: "2026-09-25",
      source: "None stated: the live plan its betslip loads names no market, and we found no SportyBet terms naming one the Multi Bet Bonus leaves out",
    },
  },
  noKnownRules(4, "Not published"),
  {
    provider: 5,
    taxOnWinnings: TAX,
    accumulatorBonus: unknown("Not published for Nigeria"),
    maxPayout: unknown("Not published"),
    minStake: unknown("Not published"),
    maxSelections: { value: 50, checkedAt: CHECKED, source: "1xBet's betslip answers a 51st selection with error 157972" },
    bonusExcludedMarkets: unknown("Its bonus rule for Nigeria is not published, so neither are the markets it leaves out"),
  },
];

const byProvider = new Map(BOOKMAKER_RULES.map((rules) => [rules.provider, rules]));

/** A bookmaker's rules; every rule unknown for a provider this module does not list. */
export function rulesOf(provider: number): BookmakerRules {
  return byProvider.get(provider) ?? noKnownRules(provider, "Not listed");
}

/** The newest date among a bookmaker's rules: what the slip shows as "rules checked". */
export function rulesCheckedAt(rules: BookmakerRules): string {
  return [rules.taxOnWinnings, rules.accumulatorBonus, rules.maxPayout, rules.minStake, rules.maxSelections, rules.bonusExcludedMarkets]
    .map((rule) => rule.checkedAt)
    .sort()
    .at(-1)!;
}

/** SportyBet's estimated percentage for `legs` qualifying legs under a plan: max x football factor, never below min; 0 when the plan has no step for it. */
export function planPct(plan: BonusPlan, legs: number): number {
  const step = plan.ratios.find((r) => r.legs === legs) ?? (legs > 0 ? plan.ratios.filter((r) => r.legs < legs).sort((a, b) => b.legs - a.legs)[0] : undefined);
  if (!step || legs === 0) return 0;
  return Math.max(step.min, step.max * plan.footballFactor);
}
