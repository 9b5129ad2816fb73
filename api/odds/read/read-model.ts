import type { Kysely } from "kysely";
import type { EventHeading, EventMarket, OddsEvent, OddsSummary } from "#shared/contract.ts";
import { referenceDescriptor, type MarketLookup } from "#shared/math/market-descriptor.ts";
import { annotateMarket, type StoredBookmakerMarket, type StoredPrice } from "#shared/math/odds-math.ts";
import { compareMarketIds, isCompetitionId, isMarketId } from "#shared/reference.ts";
import type { Database } from "../../db/schema.ts";
import { MOVEMENT_WINDOW_MS } from "#shared/constants.ts";
import { inChunks } from "../../db/in-chunks.ts";
import { BOARD_STALE_INTERVALS, isFresh, MARKED_STALE_INTERVALS, markedStaleBefore, oldestFreshSince, STALE_INTERVALS } from "./freshness.ts";

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

export type PriceRow = Awaited<ReturnType<ReturnType<typeof priceRows>["execute"]>>[number];

/**
 * The rows of `query` (priceRows, narrowed) still in the answers at `now`, each judged by its
 * competition's window (freshness.ts, `isFresh`: the four's 3 intervals, the rest of the board's 10).
 */
export async function freshPriceRows(query: ReturnType<typeof priceRows>, now: number, intervalMs: number): Promise<PriceRow[]> {
  const rows = await query.where("prices.confirmed_at", ">=", Math.floor(oldestFreshSince(now, intervalMs))).execute();
  return rows.filter((row) => isFresh(row.competitionId, row.confirmedAt, now, intervalMs));
}

/** Current prices of upcoming events (of `eventIds` only, when given), fresh as freshPriceRows judges. */
async function readFreshPrices(db: Kysely<Database>, { now, freshSince }: ListingOptions, eventIds?: readonly string[]): Promise<PriceRow[]> {
  const intervalMs = (now - freshSince) / STALE_INTERVALS;
  const upcoming = priceRows(db).where("events.kickoff", ">", now);
  if (eventIds === undefined) return freshPriceRows(upcoming, now, intervalMs);
  const rows: PriceRow[] = [];
  for (const ids of inChunks(eventIds)) rows.push(...(await freshPriceRows(upcoming.where("events.id", "in", ids), now, intervalMs)));
  return rows;
}

/**
 * One bookmaker's prices of one market: `updatedAt` is its last price change, `confirmedAt` its feed's
 * newest confirmation, `oldestConfirmedAt` its oldest (the first of its prices to leave the answers).
 */
type Entry = { updatedAt: number; confirmedAt: number; oldestConfirmedAt: number; odds: StoredPrice[] };
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
    const entry: Entry = byBookmaker.get(row.bookmaker) ?? { updatedAt: 0, confirmedAt: 0, oldestConfirmedAt: row.confirmedAt, odds: [] };
    byBookmaker.set(row.bookmaker, entry);
    entry.updatedAt = Math.max(entry.updatedAt, row.changedAt ?? row.confirmedAt);
    entry.confirmedAt = Math.max(entry.confirmedAt, row.confirmedAt);
    entry.oldestConfirmedAt = Math.min(entry.oldestConfirmedAt, row.confirmedAt);
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
 * One event's markets, each bookmaker's odds with margins and flags: every market `markets` knows
 * (the spec's eight by default; the catalogue's with its lookup: docs/design.md, Market catalogue),
 * markets 1-8 in reference order, then the others by id. A bookmaker its feed has not confirmed
 * since `staleBefore` gets `stale: true`; only the mark, never the confirmation time, goes into the
 * body, so the ETag does not move with every collection cycle.
 */
export function annotatedMarkets(group: EventGroup, now: number, staleBefore: number, markets: MarketLookup = referenceDescriptor): EventMarket[] {
  const annotated: EventMarket[] = [];
  for (const marketId of [...group.markets.keys()].sort(compareMarketIds)) {
    const descriptor = markets(marketId);
    const byBookmaker = group.markets.get(marketId);
    if (!byBookmaker || !descriptor) continue;
    const stored: StoredBookmakerMarket<number>[] = [...byBookmaker.entries()]
      .sort(([a], [b]) => a - b)
      .map(([provider, entry]) => ({ provider, updatedAt: entry.updatedAt, odds: entry.odds }));
    // Markets 1-8 by id, as always; another by its catalogue descriptor (docs/design.md, Market catalogue).
    const odds = annotateMarket(isMarketId(marketId) ? marketId : descriptor, stored, now).map((o) => {
      const stale = (byBookmaker.get(o.provider)?.confirmedAt ?? 0) < staleBefore;
      return { ...o, updatedAt: iso(o.updatedAt), ...(stale ? { stale: true as const } : {}) };
    });
    if (odds.length > 0) annotated.push({ marketId, odds });
  }
  return annotated;
}

/**
 * The spec's summary: the four leagues and the eight markets, as the public pages read it, however
 * much more the listing holds (docs/design.md, Catalogue API; whole-board counts are
 * in /odds/competitions).
 */
function summarise(listed: readonly OddsEvent[]): OddsSummary {
  // An event of the four priced only beyond markets 1-8 is not in the summary's count (docs/design.md, Catalogue steps, step 7).
  const events = listed.filter((e) => isCompetitionId(e.competitionId) && e.markets.some((m) => isMarketId(m.marketId)));
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

/** An event as the listing shows it, and the first moment after which time alone would show it otherwise. */
export interface ListedEvent {
  event: OddsEvent;
  /** Kick-off, a price leaving its window, a bookmaker crossing the marked-stale line, an arrow expiring: the earliest. */
  changesAt: number;
}

/**
 * When time alone next changes how `group` is listed at `now` (docs/design.md, Odds cache): the
 * listing is rebuilt for an event whose moment has come as for one whose prices changed.
 */
function nextChangeAt(group: EventGroup, now: number, intervalMs: number): number {
  let at = Date.parse(group.event.date);
  const later = (t: number) => {
    if (t > now && t < at) at = t;
  };
  const window = (isCompetitionId(group.event.competitionId) ? STALE_INTERVALS : BOARD_STALE_INTERVALS) * intervalMs;
  for (const byBookmaker of group.markets.values()) {
    for (const entry of byBookmaker.values()) {
      later(entry.oldestConfirmedAt + window + 1);
      later(entry.confirmedAt + MARKED_STALE_INTERVALS * intervalMs + 1);
      // movementFlag: an arrow shows from its change (a future-dated one not before) until MOVEMENT_WINDOW_MS after it.
      for (const { lastChange } of entry.odds) {
        if (!lastChange) continue;
        later(lastChange.at);
        later(lastChange.at + MOVEMENT_WINDOW_MS + 1);
      }
    }
  }
  return at;
}

/**
 * Reads current prices once (of `eventIds` only, when given) and builds each event's annotated
 * markets (margins and flags: docs/design.md, Margins; docs/design.md, Flags), with the moment time
 * alone next changes it. Events past kick-off and stale prices leave here.
 */
export async function listEvents(db: Kysely<Database>, options: ListingOptions, eventIds?: readonly string[], markets?: MarketLookup): Promise<Map<string, ListedEvent>> {
  const intervalMs = (options.now - options.freshSince) / STALE_INTERVALS;
  const staleBefore = markedStaleBefore(options.now, intervalMs);
  const listed = new Map<string, ListedEvent>();
  for (const [id, group] of groupByEvent(await readFreshPrices(db, options, eventIds))) {
    const annotated = annotatedMarkets(group, options.now, staleBefore, markets);
    if (annotated.length > 0) listed.set(id, { event: { ...group.event, markets: annotated }, changesAt: nextChangeAt(group, options.now, intervalMs) });
  }
  return listed;
}

/** The listing of these events: by kick-off, then name, with the spec's summary. */
export function listingOf(events: Iterable<OddsEvent>, intervalS: number): Listing {
  const sorted = [...events].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return { events: sorted, summary: summarise(sorted), intervalS };
}

/** Every listed event, built whole from the store. */
export async function buildListing(db: Kysely<Database>, options: ListingOptions): Promise<Listing> {
  // The fresh window is STALE_INTERVALS feed intervals by definition (freshness.ts).
  const intervalS = (options.now - options.freshSince) / (STALE_INTERVALS * 1000);
  return listingOf([...(await listEvents(db, options)).values()].map((listed) => listed.event), intervalS);
}
