/**
 * The error vocabulary of the /api contract shared by all tiers: codes, default statuses and
 * types, and the envelope (docs/design.md, Envelopes and statuses; docs/design.md, Error codes).
 */

export const ERROR_CODES = {
  INVALID_USERNAME_OR_PASSWORD: "INVALID_USERNAME_OR_PASSWORD",
  ACCOUNT_NOT_VERIFIED: "ACCOUNT_NOT_VERIFIED",
  /** Too many failed logins on the account: the password needs a code mailed to it (docs/decisions/025-login-throttling.md). */
  ACCOUNT_LOCKED: "ACCOUNT_LOCKED",
  NETWORK_ERROR: "NETWORK_ERROR",
  EMAIL_IN_USE: "EMAIL_IN_USE",
  USERNAME_IN_USE: "USERNAME_IN_USE",
  INVALID_VERIFICATION_CODE: "INVALID_VERIFICATION_CODE",
  VERIFICATION_CODE_EXPIRED: "VERIFICATION_CODE_EXPIRED",
  RATE_LIMIT_EXCEEDED: "RATE_LIMIT_EXCEEDED",
  INVALID_EMAIL: "INVALID_EMAIL",
  USER_NOT_FOUND: "USER_NOT_FOUND",
  INVALID_OTP: "INVALID_OTP",
  OTP_EXPIRED: "OTP_EXPIRED",
  OTP_ALREADY_USED: "OTP_ALREADY_USED",
  VALIDATION_ERROR: "VALIDATION_ERROR",
  AUTH_REQUIRED: "AUTH_REQUIRED",
  AUTH_EXPIRED: "AUTH_EXPIRED",
  INVALID_CHECKSUM: "INVALID_CHECKSUM",
  CSRF_REJECTED: "CSRF_REJECTED",
  NOT_FOUND: "NOT_FOUND",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UPSTREAM_UNAVAILABLE: "UPSTREAM_UNAVAILABLE",
  INTERNAL_ERROR: "INTERNAL_ERROR",
  /** Sign-up is under a flood: solve GET /users/register/challenge and send the solution (docs/decisions/023-proof-of-work-under-flood.md). */
  CHALLENGE_REQUIRED: "CHALLENGE_REQUIRED",
  /** A betslip write whose If-Match names a version the slip has moved past (docs/decisions/024-betslip-per-selection-writes.md). */
  BETSLIP_CHANGED: "BETSLIP_CHANGED",
  /** A booking code the bookmaker does not know, or that expired (docs/design.md, Booking codes). */
  BOOKING_CODE_NOT_FOUND: "BOOKING_CODE_NOT_FOUND",
  /** A booking code that holds no selection any more (its matches started, or it never held one). */
  BOOKING_CODE_EMPTY: "BOOKING_CODE_EMPTY",
  /** The bookmaker has no booking endpoint we can use for this (NairaBet; 1xBet for minting). */
  BOOKING_UNSUPPORTED: "BOOKING_UNSUPPORTED",
  /** The bookmaker turned us away (a challenge page, 429) or failed: "SportyBet is not answering us right now". */
  BOOKMAKER_UNAVAILABLE: "BOOKMAKER_UNAVAILABLE",
  /** The bookmaker refused the slip or a code it minted did not read back with every leg as asked. */
  BOOKING_FAILED: "BOOKING_FAILED",
  /** docs/product.md, Validation rules: a password outside the length rules answers this lower-case code. */
  PASSWORD: "password",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export type ErrorType =
  | "validation"
  | "auth"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "rate_limit"
  | "server"
  | "upstream"
  | "network";

/**
 * Default status per code. Wrong or expired codes (verification and OTP) are 400: the request
 * carried bad input. OTP_ALREADY_USED is 400 too rather than 409, for the same reason and so that
 * all reset-code failures look alike to a client. NETWORK_ERROR never crosses the wire: 0 is what
 * the browser reports as the status of a request that got no response.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  INVALID_USERNAME_OR_PASSWORD: 401,
  ACCOUNT_NOT_VERIFIED: 403,
  ACCOUNT_LOCKED: 403,
  NETWORK_ERROR: 0,
  EMAIL_IN_USE: 409,
  USERNAME_IN_USE: 409,
  INVALID_VERIFICATION_CODE: 400,
  VERIFICATION_CODE_EXPIRED: 400,
  RATE_LIMIT_EXCEEDED: 429,
  INVALID_EMAIL: 400,
  USER_NOT_FOUND: 404,
  INVALID_OTP: 400,
  OTP_EXPIRED: 400,
  OTP_ALREADY_USED: 400,
  VALIDATION_ERROR: 400,
  AUTH_REQUIRED: 401,
  AUTH_EXPIRED: 401,
  INVALID_CHECKSUM: 400,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UPSTREAM_UNAVAILABLE: 502,
  INTERNAL_ERROR: 500,
  CHALLENGE_REQUIRED: 429,
  BETSLIP_CHANGED: 412,
  BOOKING_CODE_NOT_FOUND: 404,
  BOOKING_CODE_EMPTY: 404,
  BOOKING_UNSUPPORTED: 400,
  BOOKMAKER_UNAVAILABLE: 503,
  BOOKING_FAILED: 502,
  password: 400,
};

export const ERROR_TYPE: Record<ErrorCode, ErrorType> = {
  INVALID_USERNAME_OR_PASSWORD: "auth",
  ACCOUNT_NOT_VERIFIED: "auth",
  ACCOUNT_LOCKED: "auth",
  NETWORK_ERROR: "network",
  EMAIL_IN_USE: "conflict",
  USERNAME_IN_USE: "conflict",
  INVALID_VERIFICATION_CODE: "validation",
  VERIFICATION_CODE_EXPIRED: "validation",
  RATE_LIMIT_EXCEEDED: "rate_limit",
  INVALID_EMAIL: "validation",
  USER_NOT_FOUND: "not_found",
  INVALID_OTP: "validation",
  OTP_EXPIRED: "validation",
  OTP_ALREADY_USED: "validation",
  VALIDATION_ERROR: "validation",
  AUTH_REQUIRED: "auth",
  AUTH_EXPIRED: "auth",
  INVALID_CHECKSUM: "validation",
  CSRF_REJECTED: "forbidden",
  NOT_FOUND: "not_found",
  PAYLOAD_TOO_LARGE: "too_large",
  UPSTREAM_UNAVAILABLE: "upstream",
  INTERNAL_ERROR: "server",
  CHALLENGE_REQUIRED: "rate_limit",
  BETSLIP_CHANGED: "conflict",
  BOOKING_CODE_NOT_FOUND: "not_found",
  BOOKING_CODE_EMPTY: "not_found",
  BOOKING_UNSUPPORTED: "validation",
  BOOKMAKER_UNAVAILABLE: "upstream",
  BOOKING_FAILED: "upstream",
  password: "validation",
};

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && KNOWN_CODES.has(value);
}

/**
 * One field's issue in a VALIDATION_ERROR (or `password`) answer: the request field it is about,
 * the issue's own code and the message to show beside that field (decision 038).
 */
export type FieldError = { field: string; code: ErrorCode; description: string };

/**
 * `fields`, when present, lists every field's issue at once; `code` and `description` stay those
 * of the one issue that speaks for them all, so a client that reads only those is answered as before.
 */
export type ErrorEnvelope = { error: { code: ErrorCode; description: string; type: ErrorType; fields?: FieldError[] } };

export function errorEnvelope(
  code: ErrorCode,
  description: string,
  type: ErrorType = ERROR_TYPE[code],
  fields?: readonly FieldError[],
): ErrorEnvelope {
  return { error: { code, description, type, ...(fields && fields.length > 0 ? { fields: [...fields] } : {}) } };
}
