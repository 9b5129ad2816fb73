import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { actionRates } from "../http/action-rates.ts";

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

/** Each user's booking reads and mints, through the one limiter over (user, action) (api/http/action-rates.ts). */
export function bookingRates(db: Kysely<Database>, rates: Record<BookingAction, BookingRate>, clock: () => number) {
  const limiter = actionRates(db, clock);
  return {
    /** Counts one call of the user's, or refuses it with 429 RATE_LIMIT_EXCEEDED and Retry-After. */
    admit: (userId: string, action: BookingAction): Promise<void> => limiter.admit(userId, `booking-${action}`, rates[action], BOOKING_LIMITED_MESSAGE[action]),
  };
}

export type BookingRates = ReturnType<typeof bookingRates>;
