/** The betslip's shapes (shared/contract.ts) for client tests. */
import type { Betslip, BetslipLeg, BetslipLegView, BookmakerSlip } from "#shared/contract.ts";

export const EMPTY_BETSLIP: Betslip = { stake: 1000, legs: [], bookmakers: [], updatedAt: null };

/** Arsenal vs Chelsea's 1X2 Home, unless told otherwise. */
export function leg(overrides: Partial<BetslipLeg> = {}): BetslipLeg {
  return { eventId: "c1:arsenal-chelsea", marketId: 1, selectionTypeId: 1, ...overrides };
}

const TEAMS: Record<string, [string, string]> = {
  "c1:arsenal-chelsea": ["Arsenal", "Chelsea"],
  "c1:spurs-everton": ["Tottenham", "Everton"],
  "c2:real-getafe": ["Real Madrid", "Getafe"],
};

/** A leg as the API shows it: its event (kick-off 15:00 UTC on 22 November 2026), priced by Bet9Ja 2.00 and BetKing 2.10, both linked. */
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

export function bookmakerSlip(provider: number, totalOdds: number | null, stake = 1000, missing = 0): BookmakerSlip {
  return { provider, totalOdds, payout: totalOdds === null ? null : Math.round(stake * totalOdds * 100) / 100, missing };
}

/** A saved slip of the given legs, with no bookmaker totals unless given. */
export function betslip(legs: BetslipLegView[], overrides: Partial<Betslip> = {}): Betslip {
  return { stake: 1000, legs, bookmakers: [], updatedAt: "2026-11-22T10:00:00.000Z", ...overrides };
}
