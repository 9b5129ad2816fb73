import type { Kysely, Transaction } from "kysely";
import type { BetslipLeg } from "#shared/contract.ts";
import type { Database } from "../db/schema.ts";

/** What a slip holds: the stake in kobo, so no naira amount is ever rounded on its way through. */
export interface StoredSlip {
  stakeKobo: number;
  legs: BetslipLeg[];
}

/** A saved slip as stored, with the version its last write gave it (1 and up). */
export interface StoredBetslip extends StoredSlip {
  updatedAt: number;
  version: number;
}

/**
 * A change to the slip as stored (undefined: never saved): the content to save, or undefined when
 * it changes nothing. It may throw to refuse the change, which then saves nothing.
 */
export type SlipEdit = (current: StoredBetslip | undefined) => StoredSlip | undefined;

/** Only the three fields of a leg are kept, whatever else the JSON text might hold. */
function legsOf(json: string): BetslipLeg[] {
  const parsed = JSON.parse(json) as BetslipLeg[];
  return parsed.map(({ eventId, marketId, selectionTypeId }) => ({ eventId, marketId, selectionTypeId }));
}

const COLUMNS = ["stake_kobo", "legs", "updated_at", "version"] as const;
type Row = { stake_kobo: number; legs: string; updated_at: number; version: number };
const stored = (row: Row, version = row.version): StoredBetslip => ({ stakeKobo: row.stake_kobo, legs: legsOf(row.legs), updatedAt: row.updated_at, version });

/**
 * The user's slip row, locked until the transaction ends, and its version before this write. The
 * first statement writes the row (a placeholder of version 0 for a user who never saved, then the
 * version counted up), so PostgreSQL holds the row's lock and SQLite its write lock from here on: a
 * concurrent write waits, then reads what this one saved. Nothing is read before the lock.
 */
async function lockSlip(trx: Transaction<Database>, userId: string, now: number): Promise<StoredBetslip | undefined> {
  await trx
    .insertInto("betslips")
    .values({ user_id: userId, stake_kobo: 0, legs: "[]", updated_at: now, version: 0 })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await trx
    .updateTable("betslips")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("user_id", "=", userId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return row.version === 1 ? undefined : stored(row, row.version - 1);
}

/** Betslips repository: one row per user, each write a transaction on its locked row. */
export function betslipRepository(db: Kysely<Database>) {
  return {
    async read(userId: string): Promise<StoredBetslip | undefined> {
      const row = await db.selectFrom("betslips").select(COLUMNS).where("user_id", "=", userId).executeTakeFirst();
      return row && stored(row);
    },

    /**
     * Applies `edit` to the slip as stored now, under the row's lock, and saves what it gives with
     * the next version (decision 024): no other write can come between the read and the save,
     * on SQLite or PostgreSQL. An edit that changes nothing or throws saves nothing (rolled back,
     * placeholder and version included). Answers the slip as it then stands, undefined if never saved.
     */
    async change(userId: string, edit: SlipEdit, now: number): Promise<StoredBetslip | undefined> {
      const trx = await db.startTransaction().execute();
      try {
        const current = await lockSlip(trx, userId, now);
        const next = edit(current);
        if (!next) {
          await trx.rollback().execute();
          return current;
        }
        const values = { stake_kobo: next.stakeKobo, legs: JSON.stringify(next.legs), updated_at: now };
        const row = await trx.updateTable("betslips").set(values).where("user_id", "=", userId).returning(COLUMNS).executeTakeFirstOrThrow();
        await trx.commit().execute();
        return stored(row);
      } catch (error) {
        if (!trx.isCommitted && !trx.isRolledBack) {
          // Kysely releases the connection even when the rollback fails (a dead connection): say both.
          await trx.rollback().execute().catch((rollbackError: unknown) => {
            throw new AggregateError([error, rollbackError], "a betslip write failed and its rollback too", { cause: error });
          });
        }
        throw error;
      }
    },
  };
}

export type BetslipRepository = ReturnType<typeof betslipRepository>;

/** The events on slips saved since `since` (epoch ms), each once: the collector asks their competitions first (api/feeds/collector/priority.ts). */
export async function eventIdsOnSlipsSavedSince(db: Kysely<Database>, since: number): Promise<string[]> {
  const rows = await db.selectFrom("betslips").select("legs").where("updated_at", ">=", since).execute();
  return [...new Set(rows.flatMap((row) => legsOf(row.legs).map((leg) => leg.eventId)))];
}
