import type { Database } from "../../db/schema.ts";

/** What one write did, counted in prices. */
export interface WriteResult {
  prices: number;
  changed: number;
  removed: number;
}

export interface StoredPriceInput {
  bookmaker: number;
  marketId: number;
  selectionTypeId: number;
  price: number;
  boosted: boolean;
  /**
   * Kept from an earlier answer, not confirmed by this run (Bet9ja's BTTS between two of its
   * per-event calls): the stored price stays as it is, neither confirmed nor removed, so it goes
   * stale on time unless a later run confirms it.
   */
  carried?: boolean;
}

type PriceRow = Database["prices"];
type PriceId = { bookmaker: number; marketId: number; selectionTypeId: number };

/** What one fixture's write does to its stored prices, worked out before any statement runs. */
export interface PricePlan {
  inserts: PriceRow[];
  history: Database["price_history"][];
  changed: (PriceId & { price: number; boosted: number; direction: 1 | -1 })[];
  boostChanged: (PriceId & { boosted: number })[];
  /**
   * Unchanged prices per bookmaker, their selection ids per market. A pair, not one number: the
   * former key marketId * 100 + selectionTypeId named two prices once a selection id reached 100
   * (market 1's 119 and market 2's 19 are both 219), and the catalogue's ids go past it
   * (docs/design.md, Competition and market ids).
   */
  confirmed: Map<number, Map<number, number[]>>;
  removed: PriceRow[];
  counts: WriteResult;
}

const priceKey = (bookmaker: number, marketId: number, selectionTypeId: number) => `${bookmaker}:${marketId}:${selectionTypeId}`;

function emptyPlan(): PricePlan {
  return { inserts: [], history: [], changed: [], boostChanged: [], confirmed: new Map(), removed: [], counts: { prices: 0, changed: 0, removed: 0 } };
}

/** Sorts one offered price into the plan: new, changed, or confirmed as it was. */
function planPrice(plan: PricePlan, eventId: string, p: StoredPriceInput, row: PriceRow | undefined, now: number) {
  const boosted = p.boosted ? 1 : 0;
  const id = { bookmaker: p.bookmaker, marketId: p.marketId, selectionTypeId: p.selectionTypeId };
  const historyRow = { event_id: eventId, bookmaker: p.bookmaker, market_id: p.marketId, selection_type_id: p.selectionTypeId, price: p.price, recorded_at: now };
  plan.counts.prices += 1;
  if (!row) {
    // First sight counts as the price's last change (with no direction), so a response's
    // updatedAt stays put while nothing changes.
    plan.inserts.push({ event_id: eventId, bookmaker: p.bookmaker, market_id: p.marketId, selection_type_id: p.selectionTypeId, price: p.price, boosted, confirmed_at: now, changed_at: now, direction: 0 });
    plan.history.push(historyRow);
  } else if (row.price !== p.price) {
    plan.counts.changed += 1;
    plan.changed.push({ ...id, price: p.price, boosted, direction: p.price > row.price ? 1 : -1 });
    plan.history.push(historyRow);
  } else {
    const markets = plan.confirmed.get(p.bookmaker) ?? new Map<number, number[]>();
    plan.confirmed.set(p.bookmaker, markets.set(p.marketId, [...(markets.get(p.marketId) ?? []), p.selectionTypeId]));
    if (row.boosted !== boosted) plan.boostChanged.push({ ...id, boosted });
  }
}

/**
 * Compares a fixture's offered prices (already in the stored orientation) with its stored rows.
 * A bookmaker that lists the fixture no longer offers the stored prices it left out: they go.
 */
export function planPrices(input: { eventId: string; current: readonly PriceRow[]; prices: readonly StoredPriceInput[]; listedBy: readonly number[]; now: number }): PricePlan {
  const plan = emptyPlan();
  const existing = new Map(input.current.map((row) => [priceKey(row.bookmaker, row.market_id, row.selection_type_id), row]));
  const incoming = new Set<string>();
  for (const p of input.prices) {
    const key = priceKey(p.bookmaker, p.marketId, p.selectionTypeId);
    if (incoming.has(key)) continue;
    const row = existing.get(key);
    if (p.carried) {
      // Still offered as far as anyone knows: keep the stored row untouched.
      if (row) incoming.add(key);
      continue;
    }
    incoming.add(key);
    planPrice(plan, input.eventId, p, row, input.now);
  }
  const listed = new Set([...input.prices.map((p) => p.bookmaker), ...input.listedBy]);
  plan.removed = input.current.filter((row) => listed.has(row.bookmaker) && !incoming.has(priceKey(row.bookmaker, row.market_id, row.selection_type_id)));
  plan.counts.removed = plan.removed.length;
  return plan;
}
