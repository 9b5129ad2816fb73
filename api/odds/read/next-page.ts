/**
 * The compact list over the whole board (docs/design.md, Catalogue API, `/odds/next`): upcoming
 * events of one market across competitions, in kick-off order, a page at a time. A page ends with a
 * cursor, the kick-off and event id of its last event, from which the next page starts; a cursor
 * with no event id starts at that instant (the first page of a day).
 */
import type { NextOdds, OddsEvent } from "#shared/contract.ts";

/** Events one page holds. */
export const NEXT_PAGE_SIZE = 50;
/** Competitions one ask may name. */
export const MAX_NEXT_COMPETITIONS = 20;

export interface NextPageQuery {
  market: number;
  /** Only these competitions; every one when absent. */
  competitions?: readonly number[];
  /** Start after this kick-off (epoch ms) and event id ("" from the instant itself). */
  after?: { kickoff: number; id: string };
  /** Only events kicking off before this (epoch ms): the end of a day. */
  until?: number;
}

/** `1733061600000~sr:match:123`, as a page's `next` gives it; undefined when it is not one. */
export function parseCursor(raw: string): { kickoff: number; id: string } | undefined {
  const match = /^([0-9]{1,15})~(.{0,200})$/s.exec(raw);
  return match ? { kickoff: Number(match[1]), id: match[2]! } : undefined;
}

const cursorOf = (event: OddsEvent) => `${Date.parse(event.date)}~${event.id}`;

/** Whether `event` comes after the cursor in (kick-off, id) order. */
function isAfter(event: OddsEvent, kickoff: number, after: { kickoff: number; id: string }): boolean {
  return kickoff > after.kickoff || (kickoff === after.kickoff && (after.id === "" || event.id > after.id));
}

/** One page of `events` (the listing, any order) for `query`, from `now` on. */
export function nextPage(events: readonly OddsEvent[], query: NextPageQuery, now: number, intervalS: number): NextOdds {
  const competitions = query.competitions && new Set(query.competitions);
  const chosen: { event: OddsEvent; kickoff: number }[] = [];
  for (const event of events) {
    const kickoff = Date.parse(event.date);
    if (!(kickoff > now) || (query.until !== undefined && kickoff >= query.until)) continue;
    if (competitions && !competitions.has(event.competitionId)) continue;
    if (query.after && !isAfter(event, kickoff, query.after)) continue;
    const market = event.markets.find((m) => m.marketId === query.market);
    if (market) chosen.push({ event: { ...event, markets: [market] }, kickoff });
  }
  chosen.sort((a, b) => a.kickoff - b.kickoff || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
  const page = chosen.slice(0, NEXT_PAGE_SIZE).map((c) => c.event);
  let updatedAt = "";
  for (const event of page) for (const row of event.markets[0]!.odds) if (row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  return {
    events: page,
    updatedAt: updatedAt || new Date(0).toISOString(),
    intervalS,
    ...(chosen.length > NEXT_PAGE_SIZE ? { next: cursorOf(page[page.length - 1]!) } : {}),
  };
}
