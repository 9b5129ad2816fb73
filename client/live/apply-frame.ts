import type { OddsEvent } from "#shared/contract.ts";

/** What one dashboard shows: one competition's events in one market (country 1). */
export interface OddsView {
  competition: number;
  market: number;
}

/** Kick-off order, then name: the order the API lists events in (api/odds/read/read-model.ts). */
const byKickoff = (a: OddsEvent, b: OddsEvent) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name);

/**
 * The events on screen after one `market` frame (decision 013: one event, one market, all
 * bookmakers), at `now` (epoch ms). A frame for another view changes nothing; `odds: []` means the
 * market left the listing, so the event leaves the view, unless it left because the match kicked
 * off: an open page keeps it, marked started, with its last prices before kick-off (docs/product.md,
 * Event card). A new event takes its place in kick-off order.
 */
export function applyMarketFrame(events: OddsEvent[], frame: OddsEvent, view: OddsView, now: number): OddsEvent[] {
  const changed = frame.markets.find((m) => m.marketId === view.market);
  if (frame.competitionId !== view.competition || !changed) return events;
  const others = events.filter((event) => event.id !== frame.id);
  if (changed.odds.length === 0) return others.length === events.length || Date.parse(frame.date) <= now ? events : others;
  return [...others, { ...frame, markets: [changed] }].sort(byKickoff);
}
