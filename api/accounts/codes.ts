import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, OneTimeCodesTable } from "../db/schema.ts";
import { hmac, randomCode, safeEqual } from "./secrets.ts";

/** DESIGN section 4: codes live 10 minutes, are single use and die after 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export type Purpose = OneTimeCodesTable["purpose"];
export type CodeCheck = "ok" | "invalid" | "expired" | "used";
export interface IssuedCode {
  id: string;
  createdAt: number;
  /** Null: not (yet) known to be delivered. */
  mailedAt: number | null;
}

/** One-time codes, stored as an HMAC (never the code itself). Only the newest code of a purpose counts. */
export function oneTimeCodes(db: Kysely<Database>, secret: string, clock: () => number) {
  const digest = (userId: string, purpose: Purpose, code: string) => hmac(secret, `${purpose}:${userId}:${code}`);

  return {
    /** A new code, not yet marked mailed: `id` names it for `markMailed`. */
    async issue(userId: string, purpose: Purpose): Promise<{ id: string; code: string }> {
      const code = randomCode();
      const now = clock();
      const id = randomUUID();
      await db
        .insertInto("one_time_codes")
        .values({
          id,
          user_id: userId,
          purpose,
          code_hash: digest(userId, purpose, code),
          attempts: 0,
          created_at: now,
          expires_at: now + CODE_TTL_MS,
          used_at: null,
          mailed_at: null,
        })
        .execute();
      return { id, code };
    },

    /** The code's mail was delivered: a crash or failure before this leaves the code "stranded". */
    async markMailed(id: string): Promise<void> {
      await db.updateTable("one_time_codes").set({ mailed_at: clock() }).where("id", "=", id).execute();
    },

    /** The codes of this purpose issued since `since`, newest first. */
    async issuedSince(userId: string, purpose: Purpose, since: number): Promise<IssuedCode[]> {
      const rows = await db
        .selectFrom("one_time_codes")
        .select(["id", "created_at", "mailed_at"])
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .where("created_at", ">", since)
        .orderBy("created_at", "desc")
        .execute();
      return rows.map((row) => ({ id: row.id, createdAt: row.created_at, mailedAt: row.mailed_at }));
    },

    /**
     * Checks a code and consumes it when right. Only the newest code of the purpose counts.
     * Every guess is counted first, in one conditional update, and judged only when it was
     * counted: parallel guesses can never get more than MAX_CODE_ATTEMPTS tries at a code.
     * The code is compared trimmed: a pasted space must not spend one of the tries (issue 11).
     */
    async consume(userId: string, purpose: Purpose, typed: string): Promise<CodeCheck> {
      const code = typed.trim();
      const latest = await db
        .selectFrom("one_time_codes")
        .select(["id", "code_hash", "expires_at"])
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!latest) return "invalid";
      const matches = safeEqual(latest.code_hash, digest(userId, purpose, code));
      const counted = await db
        .updateTable("one_time_codes")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", latest.id)
        .where("attempts", "<", MAX_CODE_ATTEMPTS)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) {
        // Not counted: the code is used up (possibly by a parallel right answer) or out of tries.
        if (!matches) return "invalid";
        const now = await db.selectFrom("one_time_codes").select("used_at").where("id", "=", latest.id).executeTakeFirst();
        return now?.used_at != null ? "used" : "invalid";
      }
      if (!matches) return "invalid";
      if (clock() > latest.expires_at) return "expired";
      // Conditional update: two concurrent right answers consume the code once.
      const consumed = await db
        .updateTable("one_time_codes")
        .set({ used_at: clock() })
        .where("id", "=", latest.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(consumed.numUpdatedRows) === 1 ? "ok" : "used";
    },
  };
}

export type OneTimeCodes = ReturnType<typeof oneTimeCodes>;
