import type { Kysely } from "kysely";
import type { BetslipLeg, BetslipLegView, EventHeading } from "#shared/contract.ts";
import { isValidPrice } from "#shared/math/odds-math.ts";
import type { Catalogue } from "../catalogue/catalogue.ts";
import type { Database } from "../db/schema.ts";
import { markedStaleBefore } from "../odds/read/freshness.ts";
import { linksOf, readLinkBook } from "../odds/read/link-book.ts";
import { eventHeading, freshPriceRows, groupByEvent, priceRows, type EventGroup } from "../odds/read/read-model.ts";
import { fileLegMarkets, legMarketsOf, legNaming, type LegMarket, type LegMarkets } from "./leg-markets.ts";

/** An event the store holds: upcoming, or started and not yet pruned (14 days after kick-off). */
export interface KnownEvent {
  heading: EventHeading;
  kickoff: number;
}

export interface LegReadDeps {
  db: Kysely<Database>;
  /** FEED_INTERVAL_S: prices are judged fresh and stale as the listing judges them. */
  intervalS: number;
  /** The loaded catalogue: legs are checked and named against its markets. Without it, the build's files'. */
  catalogue?: () => Catalogue;
}

/** The markets legs are checked and named against: the loaded catalogue's, else the build's files'. */
export const legMarketsFor = (deps: Pick<LegReadDeps, "catalogue">): LegMarkets => (deps.catalogue ? legMarketsOf(deps.catalogue()) : fileLegMarkets());

/** The events of the given ids that the store holds, by id. */
export async function readKnownEvents(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, KnownEvent>> {
  if (ids.length === 0) return new Map();
  // With its competition's name beyond the four (docs/design.md, Competition names).
  const rows = await db
    .selectFrom("events")
    .leftJoin("competitions", "competitions.id", "events.competition_id")
    .leftJoin("regions", "regions.id", "competitions.region_id")
    .select(["events.id", "events.competition_id as competitionId", "events.home", "events.away", "events.kickoff", "competitions.name as competitionName", "regions.code as regionCode", "regions.kind as regionKind"])
    .where("events.id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { heading: eventHeading(row), kickoff: row.kickoff }]));
}

/** The fresh prices of the given (upcoming) events, grouped by event, market and bookmaker. */
async function readPrices(deps: LegReadDeps, ids: readonly string[], now: number): Promise<Map<string, EventGroup>> {
  if (ids.length === 0) return new Map();
  return groupByEvent(await freshPriceRows(priceRows(deps.db).where("events.id", "in", ids), now, deps.intervalS * 1000));
}

/**
 * Each confirmed bookmaker's current price of one selection (a stale one is not confirmed), in
 * provider order: a book that does not quote the leg's market has none, never one borrowed from a
 * similar market, and a book-only market is priced at its book alone (docs/design.md, Book-only markets).
 */
function pricesOf(group: EventGroup | undefined, leg: BetslipLeg, market: LegMarket | undefined, staleBefore: number): { provider: number; value: number }[] {
  const byBookmaker = group?.markets.get(leg.marketId);
  if (!byBookmaker) return [];
  const onlyAt = market?.bookOnly ?? null;
  return [...byBookmaker.entries()]
    .filter(([provider, entry]) => entry.confirmedAt >= staleBefore && (onlyAt === null || provider === onlyAt))
    .sort(([a], [b]) => a - b)
    .flatMap(([provider, entry]) => {
      const price = entry.odds.find((p) => p.selectionTypeId === leg.selectionTypeId);
      return price && isValidPrice(price.value) ? [{ provider, value: price.value }] : [];
    });
}

/**
 * Every leg as the slip shows it, re-read now: its event's heading (null once the store no longer
 * holds it), whether it has kicked off (a pruned one has), each confirmed bookmaker's current price (none once it has
 * kicked off: it can no longer be backed), the bookmakers' pages for it, and beyond the eight its
 * catalogue names and book-only mark. Three queries and one for the links, whatever the number of legs.
 */
export async function readLegViews(deps: LegReadDeps, legs: readonly BetslipLeg[], now: number): Promise<BetslipLegView[]> {
  const events = await readKnownEvents(deps.db, legs.map((leg) => leg.eventId));
  const upcoming = [...events.values()].filter((e) => e.kickoff > now).map((e) => e.heading.id);
  const groups = await readPrices(deps, upcoming, now);
  const book = await readLinkBook(deps.db, [...events.values()].map((e) => e.heading));
  const staleBefore = markedStaleBefore(now, deps.intervalS * 1000);
  const markets = legMarketsFor(deps);
  return legs.map((leg) => {
    const market = markets(leg.marketId);
    const known = events.get(leg.eventId);
    // Only pruning, 14 days after kick-off, makes a saved leg's event unknown: it has started.
    const started = known === undefined || known.kickoff <= now;
    const prices = known && !started ? pricesOf(groups.get(leg.eventId), leg, market, staleBefore) : [];
    const links = known ? linksOf(book, leg.eventId, prices.map((p) => p.provider)) : [];
    return { ...leg, ...legNaming(leg, market), event: known?.heading ?? null, started, prices, links };
  });
}
