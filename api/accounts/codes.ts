import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, OneTimeCodesTable } from "../db/schema.ts";
import { hmac, randomCode, safeEqual } from "./secrets.ts";

/** DESIGN section 4: codes live 10 minutes, are single use and die after 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export type Purpose = OneTimeCodesTable["purpose"];
export type CodeCheck = "ok" | "invalid" | "expired" | "used";

/** One-time codes, stored as an HMAC (never the code itself). Only the newest code of a purpose counts. */
export function oneTimeCodes(db: Kysely<Database>, secret: string, clock: () => number) {
  const digest = (userId: string, purpose: Purpose, code: string) => hmac(secret, `${purpose}:${userId}:${code}`);

  return {
    async issue(userId: string, purpose: Purpose): Promise<string> {
      const code = randomCode();
      const now = clock();
      await db
        .insertInto("one_time_codes")
        .values({
          id: randomUUID(),
          user_id: userId,
          purpose,
          code_hash: digest(userId, purpose, code),
          attempts: 0,
          created_at: now,
          expires_at: now + CODE_TTL_MS,
          used_at: null,
        })
        .execute();
      return code;
    },

    /** How many codes of this purpose were issued since `since`, and when the newest was. */
    async recent(userId: string, purpose: Purpose, since: number) {
      const rows = await db
        .selectFrom("one_time_codes")
        .select("created_at")
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .where("created_at", ">", since)
        .orderBy("created_at", "desc")
        .execute();
      return { count: rows.length, newest: rows[0]?.created_at };
    },

    /** Checks a code and consumes it when right. A wrong guess counts against the newest code. */
    async consume(userId: string, purpose: Purpose, code: string): Promise<CodeCheck> {
      const latest = await db
        .selectFrom("one_time_codes")
        .selectAll()
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!latest) return "invalid";
      const matches = safeEqual(latest.code_hash, digest(userId, purpose, code));
      if (latest.used_at !== null) return matches ? "used" : "invalid";
      if (latest.attempts >= MAX_CODE_ATTEMPTS) return "invalid";
      if (!matches) {
        await db
          .updateTable("one_time_codes")
          .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
          .where("id", "=", latest.id)
          .execute();
        return "invalid";
      }
      if (clock() > latest.expires_at) return "expired";
      // Conditional update: two concurrent right answers consume the code once.
      const result = await db
        .updateTable("one_time_codes")
        .set({ used_at: clock() })
        .where("id", "=", latest.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? "ok" : "used";
    },
  };
}
