import { bookmakerName } from "#shared/reference.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { RATE_LIMITED_MESSAGE } from "#shared/messages.ts";

/** Reading a pasted code, or creating one for the slip. */
export type BookingFlow = "read" | "mint";

/** 'in 30 seconds', 'in 2 minutes': when a rate-limited call may be made again. */
function waitText(seconds: number): string {
  if (seconds < 90) return `in ${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minutes`;
}

export function rateLimitedMessage(retryAfterS: number | undefined): string {
  return retryAfterS ? `Too many requests. Please try again ${waitText(retryAfterS)}.` : RATE_LIMITED_MESSAGE;
}

/**
 * What a bettor is told when reading or creating a booking code failed, from the envelope's code
 * (docs/design.md, Booking codes). The API's own description where it says it best: a bookmaker not
 * answering, a selection a book refused, or input it refused.
 */
export function bookingFailure(error: unknown, provider: number, flow: BookingFlow): string {
  const book = bookmakerName(provider);
  const fallback = flow === "read" ? `We could not read that code at ${book}. Please try again.` : `We could not create a code at ${book}. Please try again.`;
  if (!(error instanceof ApiError)) return fallback;
  // The envelope's description, unless it had none (decoding then says "HTTP error! status: N").
  const said = error.message.startsWith("HTTP error!") ? "" : error.message;
  switch (error.code) {
    case ERROR_CODES.BOOKING_CODE_NOT_FOUND:
      return `We could not find that code at ${book}. Check it, or it may have expired.`;
    case ERROR_CODES.BOOKING_CODE_EMPTY:
      return flow === "read"
        ? `That code at ${book} holds no selections any more: their matches have started, or it never held any.`
        : `${book} gave us a code with no selections on it, so we did not show it. Please try again, or add the selections by hand.`;
    case ERROR_CODES.BOOKING_UNSUPPORTED:
      return flow === "read" ? `${book} has no booking codes we can read.` : `${book} has no booking code we can create.`;
    // The API says which selection the book refused, or that the read-back lost one: the bettor can act on that.
    case ERROR_CODES.BOOKING_FAILED:
      return said || `${book} did not give us a code with every selection of your slip, so we did not show one. Please try again, or add the selections by hand.`;
    case ERROR_CODES.BOOKMAKER_UNAVAILABLE:
      return said || `${book} is not answering us right now. Please try again in a few minutes.`;
    case ERROR_CODES.RATE_LIMIT_EXCEEDED:
      return rateLimitedMessage(error.retryAfterS);
    case ERROR_CODES.VALIDATION_ERROR:
      return said || fallback;
    case ERROR_CODES.NETWORK_ERROR:
    case ERROR_CODES.AUTH_EXPIRED:
    case ERROR_CODES.UPSTREAM_UNAVAILABLE:
      return error.message;
    default:
      return fallback;
  }
}
