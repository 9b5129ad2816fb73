import type { Betslip, BetslipLegView, BookmakerSlip } from "#shared/contract.ts";
import { BOOKMAKERS } from "#shared/reference.ts";

/** What a user who never saved a slip sees: ₦1,000, the stake the page starts from. */
export const DEFAULT_STAKE_KOBO = 100_000;

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * One bookmaker's price for the whole slip: the product of its prices over every leg, and the
 * payout the bookmaker computes from that exact product (stake x product, to the kobo); null with
 * the number of legs it misses. A leg whose event has started is missed by every bookmaker: it can
 * no longer be backed (decision 019).
 */
export function bookmakerSlip(provider: number, stakeKobo: number, legs: readonly BetslipLegView[]): BookmakerSlip {
  let product = 1;
  let missing = 0;
  for (const leg of legs) {
    const price = leg.started ? undefined : leg.prices.find((p) => p.provider === provider);
    if (price) product *= price.value;
    else missing += 1;
  }
  if (missing > 0) return { provider, totalOdds: null, payout: null, missing };
  return { provider, totalOdds: twoDecimals(product), payout: Math.round(stakeKobo * product) / 100, missing: 0 };
}

/** Complete slips first, the largest payout first; then those missing legs, the fewest missing first; provider order among equals. */
function byBestPayout(a: BookmakerSlip, b: BookmakerSlip): number {
  if (a.payout !== null && b.payout !== null) return b.payout - a.payout || a.provider - b.provider;
  if (a.payout !== null) return -1;
  if (b.payout !== null) return 1;
  return a.missing - b.missing || a.provider - b.provider;
}

/** Every bookmaker's total for the slip, the best first; none for an empty slip. */
export function bookmakerSlips(stakeKobo: number, legs: readonly BetslipLegView[]): BookmakerSlip[] {
  if (legs.length === 0) return [];
  return BOOKMAKERS.map((b) => bookmakerSlip(b.id, stakeKobo, legs)).sort(byBestPayout);
}

/** The slip as GET and PUT /users/betslip answer it; `updatedAt` null for a user who never saved one. */
export function betslipView(stakeKobo: number, legs: BetslipLegView[], updatedAt: number | null): Betslip {
  return { stake: stakeKobo / 100, legs, bookmakers: bookmakerSlips(stakeKobo, legs), updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString() };
}
