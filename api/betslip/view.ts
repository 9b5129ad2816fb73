import { rulesOf, type BonusPlan, type BookmakerRules } from "#shared/math/bookmaker-rules.ts";
import type { BetslipLegView, BonusStatus, Betslip, BookmakerSlip } from "#shared/contract.ts";
import { BOOKMAKERS } from "#shared/reference.ts";
import { nairaReturns, unpricedSlip } from "./returns.ts";

/** What a user who never saved a slip sees: ₦1,000, the stake the page starts from. */
export const DEFAULT_STAKE_KOBO = 100_000;

/** What the slip is priced with besides its legs: the moment, and SportyBet's live bonus plan when the API has one. */
export interface PricingContext {
  now: number;
  plan: BonusPlan | undefined;
}

/**
 * A selection that can still be bet: not started, and priced by at least one bookmaker. The others
 * count at no bookmaker, so one started match never blanks the comparison (docs/product.md, Betslip page).
 */
export const isBiddable = (leg: BetslipLegView) => !leg.started && leg.prices.length > 0;

/** The bonus a bookmaker's slip would show when it cannot be priced: whether we model that book's bonus at all. */
function bonusStatusOf(rules: BookmakerRules, plan: BonusPlan | undefined): BonusStatus {
  const rule = rules.accumulatorBonus.value;
  return rule === "unknown" || (rule.kind === "plan" && !plan) ? "not-modelled" : "none";
}

/**
 * One bookmaker's return on the slip's selections that can still be bet (returns.ts), or no total
 * with the number of those it does not price.
 */
export function bookmakerSlip(provider: number, stakeKobo: number, legs: readonly BetslipLegView[], context: PricingContext): BookmakerSlip {
  const rules = rulesOf(provider);
  const priced = [];
  let missing = 0;
  for (const leg of legs.filter(isBiddable)) {
    const price = leg.prices.find((p) => p.provider === provider);
    if (price && leg.event) priced.push({ marketId: leg.marketId, value: price.value, kickoff: Date.parse(leg.event.date) });
    else missing += 1;
  }
  if (missing > 0) return unpricedSlip(provider, rules, missing, bonusStatusOf(rules, context.plan));
  return nairaReturns(provider, rules, { stakeKobo, legs: priced, now: context.now, plan: context.plan });
}

/** Placeable first, then priced but not placeable, each the largest net payout first; then those missing selections, the fewest first; provider order among equals. */
function byNetPayout(a: BookmakerSlip, b: BookmakerSlip): number {
  const rank = (s: BookmakerSlip) => (s.placeable ? 0 : s.netPayout !== null ? 1 : 2);
  return rank(a) - rank(b) || (b.netPayout ?? 0) - (a.netPayout ?? 0) || a.missing - b.missing || a.provider - b.provider;
}

/** Every bookmaker's return on the slip, the best first; none while no selection can be bet. */
export function bookmakerSlips(stakeKobo: number, legs: readonly BetslipLegView[], context: PricingContext): BookmakerSlip[] {
  if (!legs.some(isBiddable)) return [];
  return BOOKMAKERS.map((b) => bookmakerSlip(b.id, stakeKobo, legs, context)).sort(byNetPayout);
}

/** The slip as GET and PUT /users/betslip answer it; `updatedAt` null for a user who never saved one. */
export function betslipView(stakeKobo: number, legs: BetslipLegView[], updatedAt: number | null, context: PricingContext): Betslip {
  return {
    stake: stakeKobo / 100,
    legs,
    bookmakers: bookmakerSlips(stakeKobo, legs, context),
    biddable: legs.filter(isBiddable).length,
    updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
  };
}
