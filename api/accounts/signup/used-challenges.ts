import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * Proof-of-work solutions already spent, in the database so every replica refuses a replay
 * (docs/decisions/023-proof-of-work-under-flood.md).
 */
export function usedChallenges(db: Kysely<Database>) {
  return {
    /**
     * Records the challenge (by its signature) as spent: true the first time, false ever after.
     * Challenges expired by `now` are pruned first; they are refused before they get here.
     */
    async spend(signature: string, expiresAt: number, now: number): Promise<boolean> {
      await db.deleteFrom("used_signup_challenges").where("expires_at", "<=", now).execute();
      const inserted = await db
        .insertInto("used_signup_challenges")
        .values({ signature, expires_at: expiresAt })
        .onConflict((oc) => oc.column("signature").doNothing())
        .returning("signature")
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}

export type UsedChallenges = ReturnType<typeof usedChallenges>;
