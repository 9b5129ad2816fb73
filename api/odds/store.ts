import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { swapSides } from "./sides.ts";

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

export interface FixtureInput {
  /** The matcher's stable key: the event's identity across runs. */
  key: string;
  competitionId: number;
  home: string;
  away: string;
  kickoff: Date;
  srId?: string | undefined;
  prices: StoredPriceInput[];
  /** Bookmakers that list the fixture even with no open price (every market suspended). */
  listedBy?: number[];
}

export interface WriteResult {
  prices: number;
  changed: number;
  removed: number;
}

export interface PruneLimits {
  /** Events that kicked off before this leave, their prices and history with them. */
  eventsBefore: number;
  /** History rows recorded before this go. */
  historyBefore: number;
  /** Feed run records started before this go. */
  runsBefore: number;
}

const priceKey = (bookmaker: number, marketId: number, selectionTypeId: number) => `${bookmaker}:${marketId}:${selectionTypeId}`;
const emptyResult = (): WriteResult => ({ prices: 0, changed: 0, removed: 0 });

/**
 * The odds store: current prices plus a history row only when a price changes. The collector
 * writes each bookmaker's run in one transaction (DESIGN section 7). A bookmaker that lists an
 * event but no longer offers one of its prices (suspended, withdrawn) loses that price at once; a
 * bookmaker that did not answer keeps its prices until they go stale.
 */
export function oddsStore(db: Kysely<Database>) {
  async function writeFixture(trx: Transaction<Database>, fixture: FixtureInput, now: number, result: WriteResult) {
    const kickoff = fixture.kickoff.getTime();
    const stored = await trx.selectFrom("events").select(["home", "away"]).where("id", "=", fixture.key).executeTakeFirst();
    // Another bookmaker's majority may list the sides the other way round than when the event was
    // first written: the stored orientation stands, so prices already stored never flip meaning.
    const reversed = stored !== undefined && stored.home !== stored.away && stored.home === fixture.away && stored.away === fixture.home;
    const names = reversed ? { home: stored.home, away: stored.away } : { home: fixture.home, away: fixture.away };
    const prices = reversed ? swapSides(fixture.prices) : fixture.prices;
    await trx
      .insertInto("events")
      .values({ id: fixture.key, competition_id: fixture.competitionId, ...names, kickoff, sr_id: fixture.srId ?? null, last_seen_at: now })
      .onConflict((oc) => oc.column("id").doUpdateSet({ ...names, kickoff, sr_id: fixture.srId ?? null, last_seen_at: now }))
      .execute();

    const current = await trx.selectFrom("prices").selectAll().where("event_id", "=", fixture.key).execute();
    const existing = new Map(current.map((row) => [priceKey(row.bookmaker, row.market_id, row.selection_type_id), row]));
    const incoming = new Set<string>();
    const inserts: Database["prices"][] = [];
    const history: Database["price_history"][] = [];
    const confirmed = new Map<number, number[]>();

    for (const p of prices) {
      const key = priceKey(p.bookmaker, p.marketId, p.selectionTypeId);
      if (incoming.has(key)) continue;
      const row = existing.get(key);
      if (p.carried) {
        // Still offered as far as anyone knows: keep the stored row untouched.
        if (row) incoming.add(key);
        continue;
      }
      incoming.add(key);
      result.prices += 1;
      const boosted = p.boosted ? 1 : 0;
      if (!row) {
        // First sight counts as the price's last change (with no direction), so a response's
        // updatedAt stays put while nothing changes.
        inserts.push({ event_id: fixture.key, bookmaker: p.bookmaker, market_id: p.marketId, selection_type_id: p.selectionTypeId, price: p.price, boosted, confirmed_at: now, changed_at: now, direction: 0 });
        history.push({ event_id: fixture.key, bookmaker: p.bookmaker, market_id: p.marketId, selection_type_id: p.selectionTypeId, price: p.price, recorded_at: now });
      } else if (row.price !== p.price) {
        result.changed += 1;
        await trx
          .updateTable("prices")
          .set({ price: p.price, boosted, confirmed_at: now, changed_at: now, direction: p.price > row.price ? 1 : -1 })
          .where("event_id", "=", fixture.key)
          .where("bookmaker", "=", p.bookmaker)
          .where("market_id", "=", p.marketId)
          .where("selection_type_id", "=", p.selectionTypeId)
          .execute();
        history.push({ event_id: fixture.key, bookmaker: p.bookmaker, market_id: p.marketId, selection_type_id: p.selectionTypeId, price: p.price, recorded_at: now });
      } else {
        confirmed.set(p.bookmaker, [...(confirmed.get(p.bookmaker) ?? []), p.marketId * 100 + p.selectionTypeId]);
        if (row.boosted !== boosted) {
          await trx.updateTable("prices").set({ boosted }).where("event_id", "=", fixture.key).where("bookmaker", "=", p.bookmaker).where("market_id", "=", p.marketId).where("selection_type_id", "=", p.selectionTypeId).execute();
        }
      }
    }

    // Unchanged prices: one statement per bookmaker confirms them all.
    for (const [bookmaker, ids] of confirmed) {
      await trx
        .updateTable("prices")
        .set({ confirmed_at: now })
        .where("event_id", "=", fixture.key)
        .where("bookmaker", "=", bookmaker)
        .where((eb) => eb(eb(eb(eb.ref("market_id"), "*", 100), "+", eb.ref("selection_type_id")), "in", ids))
        .execute();
    }

    // A bookmaker that lists this fixture no longer offers these prices.
    const listed = new Set([...prices.map((p) => p.bookmaker), ...(fixture.listedBy ?? [])]);
    for (const row of current) {
      if (!listed.has(row.bookmaker) || incoming.has(priceKey(row.bookmaker, row.market_id, row.selection_type_id))) continue;
      result.removed += 1;
      await trx
        .deleteFrom("prices")
        .where("event_id", "=", fixture.key)
        .where("bookmaker", "=", row.bookmaker)
        .where("market_id", "=", row.market_id)
        .where("selection_type_id", "=", row.selection_type_id)
        .execute();
    }

    for (let i = 0; i < inserts.length; i += 200) await trx.insertInto("prices").values(inserts.slice(i, i + 200)).execute();
    for (let i = 0; i < history.length; i += 200) await trx.insertInto("price_history").values(history.slice(i, i + 200)).onConflict((oc) => oc.doNothing()).execute();
  }

  /** Writes fixtures inside the caller's transaction; the counts come back per competition. */
  async function writeIn(trx: Transaction<Database>, fixtures: readonly FixtureInput[], now: number): Promise<Map<number, WriteResult>> {
    const results = new Map<number, WriteResult>();
    for (const fixture of fixtures) {
      const result = results.get(fixture.competitionId) ?? emptyResult();
      results.set(fixture.competitionId, result);
      await writeFixture(trx, fixture, now, result);
    }
    return results;
  }

  return {
    writeIn,

    /** Writes one run in one transaction. */
    async writeRun(fixtures: readonly FixtureInput[], now: number): Promise<WriteResult> {
      const total = emptyResult();
      await db.transaction().execute(async (trx) => {
        for (const r of (await writeIn(trx, fixtures, now)).values()) {
          total.prices += r.prices;
          total.changed += r.changed;
          total.removed += r.removed;
        }
      });
      return total;
    },

    /**
     * Keeps the tables bounded: events long past kick-off (their prices and history with them),
     * history older than the retention, and old feed run records.
     */
    async prune(limits: PruneLimits): Promise<{ events: number; history: number; runs: number }> {
      const events = await db.deleteFrom("events").where("kickoff", "<", limits.eventsBefore).executeTakeFirst();
      const history = await db.deleteFrom("price_history").where("recorded_at", "<", limits.historyBefore).executeTakeFirst();
      const runs = await db.deleteFrom("feed_runs").where("started_at", "<", limits.runsBefore).executeTakeFirst();
      return { events: Number(events.numDeletedRows), history: Number(history.numDeletedRows), runs: Number(runs.numDeletedRows) };
    },
  };
}

export type OddsStore = ReturnType<typeof oddsStore>;
