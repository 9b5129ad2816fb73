import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

export type BookingAction = "read" | "mint";

/** A burst at once, then one every `intervalMs`. */
export interface BookingRate {
  burst: number;
  intervalMs: number;
}

/**
 * Each booking-code call asks a bookmaker's site on the user's behalf (docs/design.md, Booking codes),
 * so it is limited per user more tightly than betslip writes: reading ten codes in a row, then one
 * every 6 s; minting five, then one every 12 s.
 */
export const DEFAULT_BOOKING_RATES: Record<BookingAction, BookingRate> = {
  read: { burst: 10, intervalMs: 6_000 },
  mint: { burst: 5, intervalMs: 12_000 },
};

export const BOOKING_LIMITED_MESSAGE: Record<BookingAction, string> = {
  read: "Too many booking codes read at once. Please wait a moment and try again.",
  mint: "Too many booking codes created at once. Please wait a moment and try again.",
};

/**
 * Each user's booking reads and mints as a generic cell rate kept in the database, as betslip writes
 * are (decision 024; api/betslip/write-rate.ts): one conditional upsert admits a call, so parallel
 * calls to any number of replicas cannot pass together.
 */
export function bookingRates(db: Kysely<Database>, rates: Record<BookingAction, BookingRate>, clock: () => number) {
  return {
    /** Counts one call of the user's, or refuses it with 429 RATE_LIMIT_EXCEEDED and Retry-After. */
    async admit(userId: string, action: BookingAction): Promise<void> {
      const { burst, intervalMs } = rates[action];
      const allowanceMs = intervalMs * (burst - 1);
      const now = clock();
      const admitted = await db
        .insertInto("booking_rates")
        .values({ user_id: userId, action, busy_until: now + intervalMs })
        .onConflict((oc) =>
          oc
            .columns(["user_id", "action"])
            .doUpdateSet((eb) => ({
              busy_until: eb
                .case()
                .when("booking_rates.busy_until", ">", now)
                .then(eb("booking_rates.busy_until", "+", intervalMs))
                .else(now + intervalMs)
                .end(),
            }))
            .where("booking_rates.busy_until", "<=", now + allowanceMs),
        )
        .returning("busy_until")
        .executeTakeFirst();
      if (admitted) return;
      const row = await db.selectFrom("booking_rates").select("busy_until").where("user_id", "=", userId).where("action", "=", action).executeTakeFirst();
      const waitMs = (row?.busy_until ?? now) - allowanceMs - now;
      throw new AppError("RATE_LIMIT_EXCEEDED", BOOKING_LIMITED_MESSAGE[action], { retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) });
    },
  };
}

export type BookingRates = ReturnType<typeof bookingRates>;
