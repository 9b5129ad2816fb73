/** The betslip's shapes (shared/contract.ts) for client tests. */
import { rulesCheckedAt, rulesOf } from "#shared/math/bookmaker-rules.ts";
import type { Betslip, BetslipLeg, BetslipLegView, BonusStatus, BookmakerSlip, NotPlaceable } from "#shared/contract.ts";

export const EMPTY_BETSLIP: Betslip = { stake: 1000, legs: [], bookmakers: [], biddable: 0, updatedAt: null };

/** Arsenal vs Chelsea's 1X2 Home, unless told otherwise. */
export function leg(overrides: Partial<BetslipLeg> = {}): BetslipLeg {
  return { eventId: "c1:arsenal-chelsea", marketId: 1, selectionTypeId: 1, ...overrides };
}

const TEAMS: Record<string, [string, string]> = {
  "c1:arsenal-chelsea": ["Arsenal", "Chelsea"],
  "c1:spurs-everton": ["Tottenham", "Everton"],
  "c2:real-getafe": ["Real Madrid", "Getafe"],
};

/** A leg as the API shows it: its event (kick-off 15:00 UTC on 22 November 2026), priced by Bet9ja 2.00 and BetKing 2.10, both linked. */
export function legView(base: BetslipLeg = leg(), overrides: Partial<BetslipLegView> = {}): BetslipLegView {
  const [home, away] = TEAMS[base.eventId] ?? ["Home", "Away"];
  return {
    ...base,
    event: { id: base.eventId, name: `${home} vs ${away}`, home, away, date: "2026-11-22T15:00:00.000Z", competitionId: 1 },
    started: false,
    prices: [
      { provider: 1, value: 2 },
      { provider: 2, value: 2.1 },
    ],
    links: [
      { provider: 1, url: `https://bet9ja.example/event/${base.eventId}`, exact: true },
      { provider: 2, url: "https://betking.example/football", exact: false },
    ],
    ...overrides,
  };
}

export interface SlipReturns {
  stake?: number;
  /** Selections the book does not price: no total, not placeable ("missing-price"). */
  missing?: number;
  /** The accumulator bonus in percent of the gross payout; with `estimate`, SportyBet's kind. */
  bonusPct?: number;
  estimate?: boolean;
  /** What the bonus is a percentage of (naira), when not the gross payout: SportyBet's counts only its legs at 1.20 or more. */
  bonusOn?: number;
  /** How many selections count towards the bonus (BookmakerSlip.bonusLegs). */
  bonusLegs?: number;
  /** The book's maximum payout (naira): what is paid is cut to it. */
  maxPayout?: number;
  /** Priced, but the book cannot take the slip. */
  reason?: Exclude<NotPlaceable, "missing-price">;
}

const kobo = (naira: number) => Math.round(naira * 100) / 100;

/**
 * One bookmaker's return as the API works it out (docs/design.md, Naira-true returns): gross =
 * stake x total odds, plus the bonus, cut to the maximum payout, less 5 % of the winnings. A book
 * whose bonus rule is unknown says 'not-modelled', any other 'none' unless `bonusPct` is given.
 */
export function bookmakerSlipFixture(provider: number, totalOdds: number | null, returns: SlipReturns = {}): BookmakerSlip {
  const { stake = 1000, missing = 0, bonusPct, estimate = false, maxPayout = Infinity, reason, bonusOn, bonusLegs } = returns;
  const rules = rulesOf(provider);
  const modelled: BonusStatus = rules.accumulatorBonus.value === "unknown" ? "not-modelled" : "none";
  const bonusStatus: BonusStatus = bonusPct === undefined ? modelled : estimate ? "estimate" : "applied";
  const checked = { rulesCheckedAt: rulesCheckedAt(rules) };
  if (totalOdds === null) {
    const none = { grossPayout: null, bonusPct: null, bonus: null, tax: null, netPayout: null, capped: false };
    return { provider, totalOdds, payout: null, missing, ...none, bonusStatus, placeable: false, reason: "missing-price", ...checked };
  }
  const gross = kobo(stake * totalOdds);
  const base = bonusPct ? { bonusBase: bonusOn ?? gross, bonusLegs: bonusLegs ?? null, bonusMinLegOdds: 1.2 } : { bonusBase: null, bonusLegs: null, bonusMinLegOdds: null };
  const bonus = kobo(((base.bonusBase ?? 0) * (bonusPct ?? 0)) / 100);
  const paid = Math.min(gross + bonus, maxPayout);
  const tax = kobo(Math.max(0, paid - stake) * 0.05);
  return {
    provider,
    totalOdds,
    payout: gross,
    missing: 0,
    grossPayout: gross,
    bonusPct: bonusStatus === "not-modelled" ? null : (bonusPct ?? 0),
    bonus,
    bonusStatus,
    ...base,
    tax,
    netPayout: kobo(paid - tax),
    capped: gross + bonus > maxPayout,
    placeable: reason === undefined,
    reason: reason ?? null,
    ...checked,
  };
}

/** A saved slip of the given legs, with no bookmaker totals unless given; `biddable` counts the legs not started and priced somewhere, as the API does. */
export function betslipFixture(legs: BetslipLegView[], overrides: Partial<Betslip> = {}): Betslip {
  const biddable = legs.filter((l) => !l.started && l.prices.length > 0).length;
  return { stake: 1000, legs, bookmakers: [], biddable, updatedAt: "2026-11-22T10:00:00.000Z", ...overrides };
}
