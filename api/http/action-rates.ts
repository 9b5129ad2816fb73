import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { AppError } from "./errors.ts";

/** A burst at once, then one every `intervalMs`. */
export interface ActionRate {
  burst: number;
  intervalMs: number;
}

/**
 * The one limiter over (subject, action) (docs/design.md, Rate limits per user and action). Each
 * subject's (a user's id, or a Telegram chat's `tg:<id>`) calls of one action as a generic cell rate
 * (a token bucket kept as one time) in the database, so every API replica counts against the same
 * allowance. A call is admitted in one conditional upsert, before any work: parallel calls cannot all
 * pass a check made first (decision 024). Betslip writes, booking reads and mints, and the Telegram
 * bot's conversions all go through it.
 */
export function actionRates(db: Kysely<Database>, clock: () => number) {
  return {
    /**
     * Counts one call, or answers how long until the next one fits (ms). `admit` throws instead.
     */
    async take(subject: string, action: string, rate: ActionRate): Promise<{ ok: true } | { ok: false; waitMs: number }> {
      const { burst, intervalMs } = rate;
      // How far ahead of now `busy_until` may be and still admit a call: burst - 1 intervals.
      const allowanceMs = intervalMs * (burst - 1);
      const now = clock();
      const admitted = await db
        .insertInto("action_rates")
        .values({ subject, action, busy_until: now + intervalMs })
        .onConflict((oc) =>
          oc
            .columns(["subject", "action"])
            .doUpdateSet((eb) => ({
              busy_until: eb
                .case()
                .when("action_rates.busy_until", ">", now)
                .then(eb("action_rates.busy_until", "+", intervalMs))
                .else(now + intervalMs)
                .end(),
            }))
            .where("action_rates.busy_until", "<=", now + allowanceMs),
        )
        .returning("busy_until")
        .executeTakeFirst();
      if (admitted) return { ok: true };
      const row = await db.selectFrom("action_rates").select("busy_until").where("subject", "=", subject).where("action", "=", action).executeTakeFirst();
      // The next call fits once busy_until is back within the allowance.
      return { ok: false, waitMs: Math.max(0, (row?.busy_until ?? now) - allowanceMs - now) };
    },
    /** Counts one call, or refuses it with 429 RATE_LIMIT_EXCEEDED, `message` and Retry-After. */
    async admit(subject: string, action: string, rate: ActionRate, message: string): Promise<void> {
      const taken = await this.take(subject, action, rate);
      if (!taken.ok) throw new AppError("RATE_LIMIT_EXCEEDED", message, { retryAfterS: Math.max(1, Math.ceil(taken.waitMs / 1000)) });
    },
  };
}

export type ActionRates = ReturnType<typeof actionRates>;
