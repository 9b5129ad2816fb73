import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { pruneChanges, recordChanges, type ChangedMarket } from "./changes.ts";
import { planPrices, type PricePlan, type StoredPriceInput, type WriteResult } from "./price-plan.ts";
import { swapSides } from "./sides.ts";
import { isMarketId } from "#shared/reference.ts";

export type { StoredPriceInput, WriteResult } from "./price-plan.ts";

export interface FixtureInput {
  /** The matcher's stable key: the event's identity across runs. */
  key: string;
  competitionId: number;
  home: string;
  away: string;
  kickoff: Date;
  srId?: string | undefined;
  /** Prices as the bookmaker listed them; see `sidesReversed`. */
  prices: StoredPriceInput[];
  /** The prices name home and away the other way round from `home` and `away` here. */
  sidesReversed?: boolean;
  /** Bookmakers that list the fixture even with no open price (every market suspended). */
  listedBy?: number[];
  /** The writing bookmaker's own event id and team names (its order), for the link to its event page. */
  listing?: BookmakerListing;
}

/** How one bookmaker lists an event: its own id and team names, as its feed carries them. */
export interface BookmakerListing {
  bookmaker: number;
  externalId: string;
  home: string;
  away: string;
}

export interface PruneLimits {
  /** Events that kicked off before this leave, their prices, history and links with them. */
  eventsBefore: number;
}

export const emptyWriteResult = (): WriteResult => ({ prices: 0, changed: 0, removed: 0 });

export function addWriteResult(total: WriteResult, r: WriteResult): void {
  total.prices += r.prices;
  total.changed += r.changed;
  total.removed += r.removed;
}

type Sides = { home: string; away: string };

/**
 * The one place an event's home/away orientation is decided. Another bookmaker's majority may list
 * the sides the other way round than when the event was first written: the stored orientation
 * stands, so prices already stored never flip meaning, and the prices are swapped to it once
 * (markets 1-8 only: a reversed book's other markets are dropped).
 */
export function orient(fixture: FixtureInput, stored: Sides | undefined): { sides: Sides; prices: StoredPriceInput[] } {
  const storedReversed = stored !== undefined && stored.home !== stored.away && stored.home === fixture.away && stored.away === fixture.home;
  const sides = storedReversed ? { home: stored.home, away: stored.away } : { home: fixture.home, away: fixture.away };
  const swap = storedReversed !== (fixture.sidesReversed ?? false);
  // swapSides knows the eight markets' sides; another market of a reversed book (a home team total, 1UP)
  // is no price rather than a guess until the catalogue says how it mirrors (docs/design.md, Market catalogue).
  return { sides, prices: swap ? swapSides(fixture.prices.filter((p) => isMarketId(p.marketId))) : fixture.prices };
}

async function upsertEvent(trx: Transaction<Database>, fixture: FixtureInput, sides: Sides, now: number) {
  const kickoff = fixture.kickoff.getTime();
  const fields = { ...sides, kickoff, sr_id: fixture.srId ?? null, last_seen_at: now };
  await trx
    .insertInto("events")
    .values({ id: fixture.key, competition_id: fixture.competitionId, ...fields })
    .onConflict((oc) => oc.column("id").doUpdateSet(fields))
    .execute();
}

/** The bookmaker's latest id and names for the event: each write of its run refreshes its own row. */
async function upsertListing(trx: Transaction<Database>, eventId: string, listing: BookmakerListing) {
  const fields = { external_id: listing.externalId, home: listing.home, away: listing.away };
  await trx
    .insertInto("event_links")
    .values({ event_id: eventId, bookmaker: listing.bookmaker, ...fields })
    .onConflict((oc) => oc.columns(["event_id", "bookmaker"]).doUpdateSet(fields))
    .execute();
}

function priceRow(trx: Transaction<Database>, eventId: string, p: { bookmaker: number; marketId: number; selectionTypeId: number }) {
  return trx.updateTable("prices").where("event_id", "=", eventId).where("bookmaker", "=", p.bookmaker).where("market_id", "=", p.marketId).where("selection_type_id", "=", p.selectionTypeId);
}

async function applyPlan(trx: Transaction<Database>, eventId: string, plan: PricePlan, now: number) {
  for (const p of plan.changed) {
    await priceRow(trx, eventId, p).set({ price: p.price, boosted: p.boosted, confirmed_at: now, changed_at: now, direction: p.direction }).execute();
  }
  for (const p of plan.boostChanged) await priceRow(trx, eventId, p).set({ boosted: p.boosted }).execute();
  // Unchanged prices: one statement per bookmaker confirms them all.
  for (const [bookmaker, markets] of plan.confirmed) {
    await trx
      .updateTable("prices")
      .set({ confirmed_at: now })
      .where("event_id", "=", eventId)
      .where("bookmaker", "=", bookmaker)
      .where((eb) => eb.or([...markets].map(([marketId, selections]) => eb.and([eb("market_id", "=", marketId), eb("selection_type_id", "in", selections)]))))
      .execute();
  }
  for (const row of plan.removed) {
    await trx.deleteFrom("prices").where("event_id", "=", eventId).where("bookmaker", "=", row.bookmaker).where("market_id", "=", row.market_id).where("selection_type_id", "=", row.selection_type_id).execute();
  }
  for (let i = 0; i < plan.inserts.length; i += 200) await trx.insertInto("prices").values(plan.inserts.slice(i, i + 200)).execute();
  for (let i = 0; i < plan.history.length; i += 200) await trx.insertInto("price_history").values(plan.history.slice(i, i + 200)).onConflict((oc) => oc.doNothing()).execute();
}

export interface WriteOptions {
  /**
   * The two-interval line (docs/design.md, Collector; `markedStaleBefore(now, interval)`): a bookmaker whose
   * newest stored confirmation of a market is older is marked stale (or already gone from the
   * listing), so confirming it again changes that market even when no price moved.
   */
  staleBefore?: number;
}

/** Markets (of bookmakers) that this plan confirms again after they were marked stale or left the listing. */
function revivedMarkets(plan: PricePlan, current: readonly Database["prices"][], staleBefore: number | undefined): number[] {
  if (staleBefore === undefined) return [];
  const newest = new Map<string, number>();
  for (const row of current) {
    const key = `${row.bookmaker}:${row.market_id}`;
    newest.set(key, Math.max(newest.get(key) ?? 0, row.confirmed_at));
  }
  const revived: number[] = [];
  for (const [bookmaker, markets] of plan.confirmed) {
    for (const marketId of markets.keys()) {
      if ((newest.get(`${bookmaker}:${marketId}`) ?? staleBefore) < staleBefore) revived.push(marketId);
    }
  }
  return revived;
}

/** The markets whose shown prices, flags or margins this plan changes (a confirmation alone changes none). */
function changedMarkets(plan: PricePlan): Set<number> {
  const markets = new Set<number>();
  for (const row of plan.inserts) markets.add(row.market_id);
  for (const row of plan.removed) markets.add(row.market_id);
  for (const p of [...plan.changed, ...plan.boostChanged]) markets.add(p.marketId);
  return markets;
}

async function writeFixture(trx: Transaction<Database>, fixture: FixtureInput, now: number, result: WriteResult, changed: ChangedMarket[], options: WriteOptions) {
  const stored = await trx.selectFrom("events").select(["home", "away", "kickoff"]).where("id", "=", fixture.key).executeTakeFirst();
  const { sides, prices } = orient(fixture, stored);
  await upsertEvent(trx, fixture, sides, now);
  if (fixture.listing) await upsertListing(trx, fixture.key, fixture.listing);
  const current = await trx.selectFrom("prices").selectAll().where("event_id", "=", fixture.key).execute();
  const plan = planPrices({ eventId: fixture.key, current, prices, listedBy: fixture.listedBy ?? [], now });
  await applyPlan(trx, fixture.key, plan, now);
  addWriteResult(result, plan.counts);
  const markets = changedMarkets(plan);
  for (const marketId of revivedMarkets(plan, current, options.staleBefore)) markets.add(marketId);
  // A heading moved with no price changing (a kick-off corrected, a name): every market shown carries it.
  if (stored && (Number(stored.kickoff) !== fixture.kickoff.getTime() || stored.home !== sides.home || stored.away !== sides.away)) for (const row of current) markets.add(row.market_id);
  for (const marketId of markets) changed.push({ competitionId: fixture.competitionId, eventId: fixture.key, marketId });
}

/**
 * The odds store: current prices plus a history row only when a price changes, written inside the
 * caller's transaction (the collector writes a bookmaker's run a chunk of competitions at a time:
 * docs/design.md, Odds store). A
 * bookmaker that lists an event but no longer offers one of its prices (suspended, withdrawn)
 * loses that price at once; a bookmaker that did not answer keeps its prices until they go stale.
 * Every (event, market) the write changed is numbered in the change log (docs/design.md, Unit of change), in
 * the same transaction, and so is a bookmaker's market confirmed again after it was marked stale
 * (given `options.staleBefore`), and every stored market of an event whose kick-off or names the
 * write moves. The counts come back per competition.
 */
export async function writeFixtures(trx: Transaction<Database>, fixtures: readonly FixtureInput[], now: number, options: WriteOptions = {}): Promise<Map<number, WriteResult>> {
  const results = new Map<number, WriteResult>();
  const changed: ChangedMarket[] = [];
  for (const fixture of fixtures) {
    const result = results.get(fixture.competitionId) ?? emptyWriteResult();
    results.set(fixture.competitionId, result);
    await writeFixture(trx, fixture, now, result, changed, options);
  }
  await recordChanges(trx, changed, now);
  return results;
}

/**
 * Keeps the tables bounded: events long past kick-off go with their prices, history and links (the
 * foreign keys cascade; SQLite is opened with foreign_keys on), and the change log keeps its last
 * hour. History has no age limit of its own: an event's first row is its opening price
 * (docs/design.md, Price history).
 */
export async function pruneOdds(db: Kysely<Database>, limits: PruneLimits): Promise<{ events: number; changes: number }> {
  const events = await db.deleteFrom("events").where("kickoff", "<", limits.eventsBefore).executeTakeFirst();
  return { events: Number(events.numDeletedRows), changes: await pruneChanges(db) };
}
