import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { actionRates } from "../http/action-rates.ts";

/** BETSLIP_WRITE_BURST writes at once, then BETSLIP_WRITES_PER_S a second (decision 024). */
export interface WriteRate {
  burst: number;
  perSecond: number;
}

/** The defaults: a bettor tapping fast through a match's table, never a script saving 100 times a second. */
export const DEFAULT_BETSLIP_WRITE_RATE: WriteRate = { burst: 20, perSecond: 5 };

export const SLIP_WRITES_LIMITED_MESSAGE = "Too many betslip changes at once. Please wait a moment and try again.";

/** Each user's betslip writes, through the one limiter over (user, action) (api/http/action-rates.ts). */
export function betslipWriteRates(db: Kysely<Database>, rate: WriteRate, clock: () => number) {
  const limiter = actionRates(db, clock);
  const cell = { burst: rate.burst, intervalMs: Math.max(1, Math.round(1000 / rate.perSecond)) };
  return {
    /** Counts one write of the user's, or refuses it with 429 RATE_LIMIT_EXCEEDED and Retry-After. */
    admit: (userId: string): Promise<void> => limiter.admit(userId, "betslip-write", cell, SLIP_WRITES_LIMITED_MESSAGE),
  };
}

export type BetslipWriteRates = ReturnType<typeof betslipWriteRates>;
