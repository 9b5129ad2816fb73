import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

export interface StoredPriceInput {
  bookmaker: number;
  marketId: number;
  selectionTypeId: number;
  price: number;
  boosted: boolean;
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
}

export interface WriteResult {
  prices: number;
  changed: number;
  removed: number;
}

const priceKey = (bookmaker: number, marketId: number, selectionTypeId: number) => `${bookmaker}:${marketId}:${selectionTypeId}`;

/**
 * The odds store: current prices plus a history row only when a price changes, one transaction
 * per run (DESIGN section 7). A bookmaker that listed an event but no longer offers one of its
 * prices (suspended, withdrawn) loses that price at once; a bookmaker that did not answer keeps its
 * prices until they go stale.
 */
export function oddsStore(db: Kysely<Database>) {
  async function writeFixture(trx: Transaction<Database>, fixture: FixtureInput, now: number, result: WriteResult) {
    const kickoff = fixture.kickoff.getTime();
    await trx
      .insertInto("events")
      .values({ id: fixture.key, competition_id: fixture.competitionId, home: fixture.home, away: fixture.away, kickoff, sr_id: fixture.srId ?? null, last_seen_at: now })
      .onConflict((oc) => oc.column("id").doUpdateSet({ home: fixture.home, away: fixture.away, kickoff, sr_id: fixture.srId ?? null, last_seen_at: now }))
      .execute();

    const current = await trx.selectFrom("prices").selectAll().where("event_id", "=", fixture.key).execute();
    const existing = new Map(current.map((row) => [priceKey(row.bookmaker, row.market_id, row.selection_type_id), row]));
    const incoming = new Set<string>();
    const inserts: Database["prices"][] = [];
    const history: Database["price_history"][] = [];
    const confirmed = new Map<number, { unchanged: string[] }>();

    for (const p of fixture.prices) {
      const key = priceKey(p.bookmaker, p.marketId, p.selectionTypeId);
      if (incoming.has(key)) continue;
      incoming.add(key);
      result.prices += 1;
      const row = existing.get(key);
      const boosted = p.boosted ? 1 : 0;
      if (!row) {
        inserts.push({ event_id: fixture.key, bookmaker: p.bookmaker, market_id: p.marketId, selection_type_id: p.selectionTypeId, price: p.price, boosted, confirmed_at: now, changed_at: null, direction: 0 });
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
        const entry = confirmed.get(p.bookmaker) ?? { unchanged: [] };
        entry.unchanged.push(key);
        confirmed.set(p.bookmaker, entry);
        if (row.boosted !== boosted) {
          await trx.updateTable("prices").set({ boosted }).where("event_id", "=", fixture.key).where("bookmaker", "=", p.bookmaker).where("market_id", "=", p.marketId).where("selection_type_id", "=", p.selectionTypeId).execute();
        }
      }
    }

    // Unchanged prices: one statement per bookmaker confirms them all.
    for (const [bookmaker, { unchanged }] of confirmed) {
      const ids = unchanged.map((k) => {
        const [, market, selection] = k.split(":").map(Number);
        return market! * 100 + selection!;
      });
      await trx
        .updateTable("prices")
        .set({ confirmed_at: now })
        .where("event_id", "=", fixture.key)
        .where("bookmaker", "=", bookmaker)
        .where((eb) => eb(eb(eb.ref("market_id"), "*", 100), "+", eb.ref("selection_type_id")), "in", ids)
        .execute();
    }

    // A bookmaker present in this fixture no longer offers these prices.
    const listed = new Set(fixture.prices.map((p) => p.bookmaker));
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

  return {
    /** Writes one collection run in one transaction. */
    async writeRun(fixtures: FixtureInput[], now: number): Promise<WriteResult> {
      const result: WriteResult = { prices: 0, changed: 0, removed: 0 };
      await db.transaction().execute(async (trx) => {
        for (const fixture of fixtures) await writeFixture(trx, fixture, now, result);
      });
      return result;
    },

    /** Removes events that kicked off long ago (their history goes with them). */
    async prune(before: number): Promise<number> {
      const res = await db.deleteFrom("events").where("kickoff", "<", before).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type OddsStore = ReturnType<typeof oddsStore>;
