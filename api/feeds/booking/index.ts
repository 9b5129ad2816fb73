/** Every bookmaker's booking codec, by key; NairaBet has no known booking endpoint (docs/design.md, Booking endpoints). */
import { bet9jaBooking } from "../bookmakers/bet9ja/bet9ja-booking.ts";
import { betkingBooking } from "../bookmakers/betking/betking-booking.ts";
import { onexbetBooking } from "../bookmakers/onexbet/onexbet-booking.ts";
import { sportybetBooking } from "../bookmakers/sportybet/sportybet-booking.ts";
import type { BookmakerKey } from "../types.ts";
import type { BookingAdapter } from "./types.ts";

export const BOOKING_ADAPTERS: Partial<Record<BookmakerKey, BookingAdapter>> = {
  sportybet: sportybetBooking,
  bet9ja: bet9jaBooking,
  betking: betkingBooking,
  "1xbet": onexbetBooking,
};

export { normaliseBookCode } from "./wire.ts";
export type * from "./types.ts";
export { matchOddsKey, readMatchOddsIds } from "../bookmakers/betking/betking-booking.ts";
