import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

/** BETSLIP_WRITE_BURST writes at once, then BETSLIP_WRITES_PER_S a second (decision 024). */
export interface WriteRate {
  burst: number;
  perSecond: number;
}

/** The defaults: a bettor tapping fast through a match's table, never a script saving 100 times a second. */
export const DEFAULT_BETSLIP_WRITE_RATE: WriteRate = { burst: 20, perSecond: 5 };

export const SLIP_WRITES_LIMITED_MESSAGE = "Too many betslip changes at once. Please wait a moment and try again.";

/**
 * Each user's betslip writes, limited by a generic cell rate (a token bucket kept as one time) in
 * the database, so every API replica counts against the same allowance. A write is admitted in one
 * conditional upsert, before any work: parallel writes cannot all pass a check made first.
 */
export function betslipWriteRates(db: Kysely<Database>, rate: WriteRate, clock: () => number) {
  const intervalMs = Math.max(1, Math.round(1000 / rate.perSecond));
  // How far ahead of now `busy_until` may be and still admit a write: burst - 1 intervals.
  const allowanceMs = intervalMs * (rate.burst - 1);

  return {
    /** Counts one write of the user's, or refuses it with 429 RATE_LIMIT_EXCEEDED and Retry-After. */
    async admit(userId: string): Promise<void> {
      const now = clock();
      const admitted = await db
        .insertInto("betslip_write_rates")
        .values({ user_id: userId, busy_until: now + intervalMs })
        .onConflict((oc) =>
          oc
            .column("user_id")
            .doUpdateSet((eb) => ({
              busy_until: eb
                .case()
                .when("betslip_write_rates.busy_until", ">", now)
                .then(eb("betslip_write_rates.busy_until", "+", intervalMs))
                .else(now + intervalMs)
                .end(),
            }))
            .where("betslip_write_rates.busy_until", "<=", now + allowanceMs),
        )
        .returning("busy_until")
        .executeTakeFirst();
      if (admitted) return;
      const row = await db.selectFrom("betslip_write_rates").select("busy_until").where("user_id", "=", userId).executeTakeFirst();
      // The next write fits once busy_until is back within the allowance.
      const waitMs = (row?.busy_until ?? now) - allowanceMs - now;
      throw new AppError("RATE_LIMIT_EXCEEDED", SLIP_WRITES_LIMITED_MESSAGE, { retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) });
    },
  };
}

export type BetslipWriteRates = ReturnType<typeof betslipWriteRates>;
