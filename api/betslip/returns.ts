import { planPct, rulesCheckedAt, type BonusPlan, type BookmakerRules } from "#shared/math/bookmaker-rules.ts";
import type { BonusStatus, BookmakerSlip, NotPlaceable } from "#shared/contract.ts";

/** One selection of the slip as one bookmaker prices it: its market, its price and its event's kick-off (epoch ms). */
export interface PricedLeg {
  marketId: number;
  value: number;
  kickoff: number;
}

/** What the returns depend on besides the prices: the stake, the moment the slip is priced, SportyBet's live plan. */
export interface ReturnsInput {
  stakeKobo: number;
  /** Every selection that can still be bet, as this bookmaker prices it. */
  legs: readonly PricedLeg[];
  now: number;
  plan: BonusPlan | undefined;
}

const DAY_MS = 86_400_000;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;
const naira = (kobo: number) => kobo / 100;

interface Bonus {
  status: BonusStatus;
  pct: number | null;
  kobo: number;
  /** What `pct` is a percentage of (kobo), the legs that count towards it and the least price that counts (BookmakerSlip.bonusBase). */
  base: { kobo: number; legs: number; minLegOdds: number } | null;
}

const NOT_MODELLED: Bonus = { status: "not-modelled", pct: null, kobo: 0, base: null };
const NO_BONUS: Bonus = { status: "none", pct: 0, kobo: 0, base: null };

/**
 * The accumulator bonus a winning slip earns (docs/design.md, Naira-true returns): Bet9ja's ladder
 * on the whole gross return, counting the legs at its minimum price that kick off within its
 * window, none when the win passes its ceiling; SportyBet's plan estimate on the product of its
 * qualifying legs; nothing counted for a book whose rule we do not know. A leg in a market the
 * book's rules exclude from its bonus never qualifies, though its price counts in the gross.
 */
function bonusOf(rules: BookmakerRules, input: ReturnsInput, grossKobo: number): Bonus {
  const rule = rules.accumulatorBonus.value;
  if (rule === "unknown") return NOT_MODELLED;
  const excluded = rules.bonusExcludedMarkets.value;
  // A leg of a market the book states its bonus leaves out never counts towards it (docs/design.md, Bookmaker rules).
  const counted = excluded === "unknown" ? input.legs : input.legs.filter((leg) => !excluded.includes(leg.marketId));
  if (rule.kind === "ladder") {
    const horizon = input.now + rule.maxDaysAhead * DAY_MS;
    const qualifying = counted.filter((leg) => leg.value >= rule.minLegOdds && leg.kickoff <= horizon).length;
    const pct = qualifying >= rule.minLegs ? rule.pctFor(qualifying) : 0;
    if (pct === 0 || naira(grossKobo) > rule.noBonusAboveWin) return NO_BONUS;
    return { status: "applied", pct, kobo: Math.round((grossKobo * pct) / 100), base: { kobo: grossKobo, legs: qualifying, minLegOdds: rule.minLegOdds } };
  }
  const plan = input.plan;
  if (!plan) return NOT_MODELLED;
  const qualifying = counted.filter((leg) => leg.value >= plan.minLegOdds);
  const fraction = planPct(plan, qualifying.length);
  if (fraction === 0) return NO_BONUS;
  const product = qualifying.reduce((p, leg) => p * leg.value, 1);
  const base = { kobo: Math.round(input.stakeKobo * product), legs: qualifying.length, minLegOdds: plan.minLegOdds };
  return { status: "estimate", pct: twoDecimals(fraction * 100), kobo: Math.round(input.stakeKobo * product * fraction), base };
}

/** Why the book cannot take the slip as it stands, or null when it can. */
function notPlaceable(rules: BookmakerRules, input: ReturnsInput): NotPlaceable | null {
  const maxSelections = rules.maxSelections.value;
  if (maxSelections !== "unknown" && input.legs.length > maxSelections) return "over-max-selections";
  const minStake = rules.minStake.value;
  if (minStake !== "unknown" && input.stakeKobo < minStake * 100) return "below-min-stake";
  return null;
}

/**
 * What one bookmaker pays on a winning slip, in naira to the kobo
 * (docs/design.md, Payout after bonus, cap and tax): gross = stake x the product of its prices; plus its accumulator bonus; cut to its
 * maximum payout; minus the tax on winnings (paid - stake, never below 0). Each step is rounded to
 * the kobo, as a bookmaker's slip shows it.
 */
export function nairaReturns(provider: number, rules: BookmakerRules, input: ReturnsInput): BookmakerSlip {
  const product = input.legs.reduce((p, leg) => p * leg.value, 1);
  const grossKobo = Math.round(input.stakeKobo * product);
  const bonus = bonusOf(rules, input, grossKobo);
  const maxPayout = rules.maxPayout.value;
  const capKobo = maxPayout === "unknown" ? Infinity : maxPayout * 100;
  const paidKobo = Math.min(grossKobo + bonus.kobo, capKobo);
  const rate = rules.taxOnWinnings.value === "unknown" ? 0 : rules.taxOnWinnings.value;
  const taxKobo = Math.round(Math.max(0, paidKobo - input.stakeKobo) * rate);
  const reason = notPlaceable(rules, input);
  return {
    provider,
    totalOdds: twoDecimals(product),
    payout: naira(grossKobo),
    missing: 0,
    grossPayout: naira(grossKobo),
    bonusPct: bonus.pct,
    bonus: naira(bonus.kobo),
    bonusStatus: bonus.status,
    bonusBase: bonus.base && naira(bonus.base.kobo),
    bonusLegs: bonus.base?.legs ?? null,
    bonusMinLegOdds: bonus.base?.minLegOdds ?? null,
    tax: naira(taxKobo),
    netPayout: naira(paidKobo - taxKobo),
    capped: grossKobo + bonus.kobo > capKobo,
    placeable: reason === null,
    reason,
    rulesCheckedAt: rulesCheckedAt(rules),
  };
}

/** A bookmaker that does not price `missing` of the selections that can still be bet: no total, not placeable. */
export function unpricedSlip(provider: number, rules: BookmakerRules, missing: number, bonusStatus: BonusStatus): BookmakerSlip {
  return {
    provider,
    totalOdds: null,
    payout: null,
    missing,
    grossPayout: null,
    bonusPct: null,
    bonus: null,
    bonusStatus,
    bonusBase: null,
    bonusLegs: null,
    bonusMinLegOdds: null,
    tax: null,
    netPayout: null,
    capped: false,
    placeable: false,
    reason: "missing-price",
    rulesCheckedAt: rulesCheckedAt(rules),
  };
}
