import type { Kysely } from "kysely";
import type { BetslipLeg } from "#shared/contract.ts";
import type { Database } from "../db/schema.ts";

/** A saved slip as stored: the stake in kobo, so no naira amount is ever rounded on its way through. */
export interface StoredBetslip {
  stakeKobo: number;
  legs: BetslipLeg[];
  updatedAt: number;
}

/** Only the three fields of a leg are kept, whatever else the JSON text might hold. */
function legsOf(json: string): BetslipLeg[] {
  const parsed = JSON.parse(json) as BetslipLeg[];
  return parsed.map(({ eventId, marketId, selectionTypeId }) => ({ eventId, marketId, selectionTypeId }));
}

/** Betslips repository: one row per user, replaced whole on every save. */
export function betslipRepository(db: Kysely<Database>) {
  return {
    async read(userId: string): Promise<StoredBetslip | undefined> {
      const row = await db.selectFrom("betslips").select(["stake_kobo", "legs", "updated_at"]).where("user_id", "=", userId).executeTakeFirst();
      return row && { stakeKobo: row.stake_kobo, legs: legsOf(row.legs), updatedAt: row.updated_at };
    },

    async save(userId: string, slip: StoredBetslip): Promise<void> {
      const values = { stake_kobo: slip.stakeKobo, legs: JSON.stringify(slip.legs), updated_at: slip.updatedAt };
      await db
        .insertInto("betslips")
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    },
  };
}

export type BetslipRepository = ReturnType<typeof betslipRepository>;
