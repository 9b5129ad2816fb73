import { bookmakerName } from "#shared/reference.ts";
import { AppError } from "../http/errors.ts";

/** How a message names a bookmaker: as every screen does (shared/reference.ts). */
export const bookName = bookmakerName;

/** A book that turned us away, failed or answered what we cannot read: the bettor can only try again later. */
export function unavailable(provider: number): AppError {
  return new AppError("BOOKMAKER_UNAVAILABLE", `${bookName(provider)} is not answering us right now. Please try again in a few minutes.`);
}

/** With FEEDS=off no bookmaker is asked: booking codes are not offered, which is no fault of the book's. */
export const bookingsOff = () => new AppError("BOOKING_UNSUPPORTED", "Booking codes are switched off on this server.");
