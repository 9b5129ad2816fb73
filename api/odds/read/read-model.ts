import type { Kysely } from "kysely";
import type { EventHeading, EventMarket, OddsEvent, OddsSummary } from "#shared/contract.ts";
import { annotateMarket, type StoredBookmakerMarket, type StoredPrice } from "#shared/math/odds-math.ts";
import { isCompetitionId, isMarketId, MARKETS } from "#shared/reference.ts";
import type { Database } from "../../db/schema.ts";
import { BOARD_STALE_INTERVALS, markedStaleBefore, STALE_INTERVALS } from "./freshness.ts";

export interface ListingOptions {
  now: number;
  /** Prices of the four leagues confirmed before this are stale and leave the responses (others stay longer: `isFresh`). */
  freshSince: number;
}

/** Every listed event with all its markets, built from fresh prices of upcoming events only. */
export interface Listing {
  events: OddsEvent[];
  summary: OddsSummary;
  /** The feed interval the listing was judged with (FEED_INTERVAL_S), for clients' stale marking. */
  intervalS: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What names an event's competition beyond the four: its catalogue row's name and its region's code and kind. */
export interface CompetitionNaming {
  competitionName?: string | null;
  regionCode?: string | null;
  regionKind?: string | null;
}

/**
 * The name an answer gives a competition beyond the four (docs/design.md, Competition names): the
 * catalogue's, with its country's code where it has one ("Championship (SCO)"), since many countries
 * name a league alike; undefined for the four, whose names every client knows (shared/reference.ts),
 * so the four leagues' answers keep their bytes.
 */
export function competitionLabel(competitionId: number, naming: CompetitionNaming): string | undefined {
  if (isCompetitionId(competitionId) || !naming.competitionName) return undefined;
  return naming.regionKind === "country" && naming.regionCode ? `${naming.competitionName} (${naming.regionCode})` : naming.competitionName;
}

/** An event without its prices, as every answer names it. */
export function eventHeading(row: { id: string; competitionId: number; home: string; away: string; kickoff: number } & CompetitionNaming): EventHeading {
  const competition = competitionLabel(row.competitionId, row);
  return { id: row.id, name: `${row.home} vs ${row.away}`, home: row.home, away: row.away, date: iso(row.kickoff), competitionId: row.competitionId, ...(competition ? { competition } : {}) };
}

/** Current prices with their events' names and kick-offs: the listing and the match page read these rows. */
export function priceRows(db: Kysely<Database>) {
  return db
    .selectFrom("prices")
    .innerJoin("events", "events.id", "prices.event_id")
    .leftJoin("competitions", "competitions.id", "events.competition_id")
    .leftJoin("regions", "regions.id", "competitions.region_id")
    .select([
      "events.id as eventId",
      "events.competition_id as competitionId",
      "competitions.name as competitionName",
      "regions.code as regionCode",
      "regions.kind as regionKind",
      "events.home",
      "events.away",
      "events.kickoff",
      "prices.bookmaker",
      "prices.market_id as marketId",
      "prices.selection_type_id as selectionTypeId",
      "prices.price",
      "prices.boosted",
      "prices.confirmed_at as confirmedAt",
      "prices.changed_at as changedAt",
      "prices.direction",
    ]);
}

/**
 * Current prices of upcoming events: the four's confirmed since `freshSince`, the rest of the board's
 * over a window as many times longer as BOARD_STALE_INTERVALS is than STALE_INTERVALS (freshness.ts).
 */
async function readFreshPrices(db: Kysely<Database>, { now, freshSince }: ListingOptions) {
  const boardSince = Math.floor(now - ((now - freshSince) * BOARD_STALE_INTERVALS) / STALE_INTERVALS);
  const rows = await priceRows(db).where("events.kickoff", ">", now).where("prices.confirmed_at", ">=", Math.min(boardSince, freshSince)).execute();
  return rows.filter((row) => row.confirmedAt >= (isCompetitionId(row.competitionId) ? freshSince : boardSince));
}

export type PriceRow = Awaited<ReturnType<typeof readFreshPrices>>[number];
/** One bookmaker's prices of one market: `updatedAt` is its last price change, `confirmedAt` its feed's newest confirmation. */
type Entry = { updatedAt: number; confirmedAt: number; odds: StoredPrice[] };
export type EventGroup = { event: EventHeading; markets: Map<number, Map<number, Entry>> };

/** Rows grouped by event, then market, then bookmaker. */
export function groupByEvent(rows: readonly PriceRow[]): Map<string, EventGroup> {
  const groups = new Map<string, EventGroup>();
  for (const row of rows) {
    let group = groups.get(row.eventId);
    if (!group) {
      group = { event: eventHeading({ ...row, id: row.eventId }), markets: new Map() };
      groups.set(row.eventId, group);
    }
    const byBookmaker = group.markets.get(row.marketId) ?? new Map();
    group.markets.set(row.marketId, byBookmaker);
    const entry: Entry = byBookmaker.get(row.bookmaker) ?? { updatedAt: 0, confirmedAt: 0, odds: [] };
    byBookmaker.set(row.bookmaker, entry);
    entry.updatedAt = Math.max(entry.updatedAt, row.changedAt ?? row.confirmedAt);
    entry.confirmedAt = Math.max(entry.confirmedAt, row.confirmedAt);
    entry.odds.push({
      selectionTypeId: row.selectionTypeId,
      value: row.price,
      boosted: row.boosted === 1,
      lastChange: row.changedAt !== null && row.direction !== 0 ? { direction: row.direction > 0 ? "up" : "down", at: row.changedAt } : null,
    });
  }
  return groups;
}

/**
 * One event's markets in reference order, each bookmaker's odds with margins and flags. A bookmaker
 * its feed has not confirmed since `staleBefore` gets `stale: true`; only the mark, never the
 * confirmation time, goes into the body, so the ETag does not move with every collection cycle.
 */
export function annotatedMarkets(group: EventGroup, now: number, staleBefore: number): EventMarket[] {
  const markets: EventMarket[] = [];
  for (const market of MARKETS) {
    const byBookmaker = group.markets.get(market.id);
    if (!byBookmaker) continue;
    const stored: StoredBookmakerMarket<number>[] = [...byBookmaker.entries()]
      .sort(([a], [b]) => a - b)
      .map(([provider, entry]) => ({ provider, updatedAt: entry.updatedAt, odds: entry.odds }));
    const odds = annotateMarket(market.id, stored, now).map((o) => {
      const stale = (byBookmaker.get(o.provider)?.confirmedAt ?? 0) < staleBefore;
      return { ...o, updatedAt: iso(o.updatedAt), ...(stale ? { stale: true as const } : {}) };
    });
    if (odds.length > 0) markets.push({ marketId: market.id, odds });
  }
  return markets;
}

/**
 * The spec's summary: the four leagues and the eight markets, as the public pages read it, however
 * much more the listing holds (docs/design.md, Catalogue API; whole-board counts are
 * in /odds/competitions).
 */
function summarise(listed: readonly OddsEvent[]): OddsSummary {
  const events = listed.filter((e) => isCompetitionId(e.competitionId));
  const bookmakers = new Set<number>();
  const marketIds = new Set<number>();
  let numOdds = 0;
  for (const market of events.flatMap((e) => e.markets).filter((m) => isMarketId(m.marketId))) {
    marketIds.add(market.marketId);
    for (const o of market.odds) {
      bookmakers.add(o.provider);
      numOdds += o.odds.length;
    }
  }
  return {
    numEvents: events.length,
    numBookmakers: bookmakers.size,
    marketIds: [...marketIds].sort((a, b) => a - b),
    competitionIds: [...new Set(events.map((e) => e.competitionId))].sort((a, b) => a - b),
    numOdds,
  };
}

/**
 * Reads current prices once and builds every event's annotated markets (margins and flags:
 * docs/design.md, Margins; docs/design.md, Flags). Events past kick-off and stale prices leave here.
 */
export async function buildListing(db: Kysely<Database>, options: ListingOptions): Promise<Listing> {
  // The fresh window is STALE_INTERVALS feed intervals by definition (freshness.ts).
  const intervalS = (options.now - options.freshSince) / (STALE_INTERVALS * 1000);
  const staleBefore = markedStaleBefore(options.now, intervalS * 1000);
  const events: OddsEvent[] = [];
  for (const group of groupByEvent(await readFreshPrices(db, options)).values()) {
    const markets = annotatedMarkets(group, options.now, staleBefore);
    if (markets.length > 0) events.push({ ...group.event, markets });
  }
  events.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return { events, summary: summarise(events), intervalS };
}
