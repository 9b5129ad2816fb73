/**
 * Per-event follow-up calls (Bet9ja's GetEvent: its only source of BTTS) rotate through the
 * events so one cycle makes about half of them, not one per event. What an event's last call
 * added is carried between its calls, marked as not confirmed, so it goes stale on time unless a
 * call confirms it again.
 */
import type { Offer, OfferPrice } from "../types.ts";

/**
 * Each event gets a call at least every ROTATION cycles. Prices go stale after 3 intervals
 * unconfirmed and cycles start one interval apart (±10 %) and end within the budget (2/3 of an
 * interval), so two cycles apart stays under three intervals: 2 × 1.1 + 2/3 ≈ 2.9.
 */
const ROTATION_CYCLES = 2;
/** Calls in a row that fail before the rest of this cycle's calls are given up. */
export const MAX_FAILURES_IN_A_ROW = 3;

interface EventMemory {
  /** Cycle number of the last successful call. */
  cycle: number;
  /** Prices the call added beyond the league listing's selections. */
  extras: OfferPrice[];
}

export function followUpState() {
  const memory = new Map<string, EventMemory>();
  let cycle = 0;

  return {
    /**
     * The offers to call this cycle: those never called first, then the longest unrefreshed, so
     * every event is called within ROTATION_CYCLES; events never called yet all go in at once.
     */
    choose(offers: readonly Offer[]): Offer[] {
      cycle += 1;
      const listed = new Set(offers.map((o) => o.externalId));
      for (const id of memory.keys()) if (!listed.has(id)) memory.delete(id);
      const never = offers.filter((o) => !memory.has(o.externalId)).length;
      const quota = Math.min(offers.length, Math.max(Math.ceil(offers.length / ROTATION_CYCLES), never));
      return [...offers]
        .sort(
          (a, b) =>
            (memory.get(a.externalId)?.cycle ?? -1) - (memory.get(b.externalId)?.cycle ?? -1) ||
            a.kickoff.getTime() - b.kickoff.getTime() ||
            (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0),
        )
        .slice(0, quota);
    },

    /** A call answered: remembers what it added to the league listing's prices. */
    answered(league: Offer, merged: Offer): void {
      const listedSelections = new Set(league.prices.map((p) => p.selectionTypeId));
      memory.set(league.externalId, { cycle, extras: merged.prices.filter((p) => !listedSelections.has(p.selectionTypeId)) });
    },

    /** An offer whose call was not made or failed this cycle: the last call's extras, carried. */
    carry(offer: Offer): Offer {
      const extras = memory.get(offer.externalId)?.extras ?? [];
      const have = new Set(offer.prices.map((p) => p.selectionTypeId));
      const carried = extras.filter((p) => !have.has(p.selectionTypeId)).map((p) => ({ ...p, carried: true }));
      return carried.length === 0 ? offer : { ...offer, prices: [...offer.prices, ...carried] };
    },
  };
}

export type FollowUpState = ReturnType<typeof followUpState>;
