/**
 * One error vocabulary for all tiers: the codes, statuses and envelope of the /api contract
 * (DESIGN section 3), the client's decoding of failed responses, and the per-flow messages users
 * see (product spec section 8).
 */

export const ERROR_CODES = {
  INVALID_USERNAME_OR_PASSWORD: "INVALID_USERNAME_OR_PASSWORD",
  ACCOUNT_NOT_VERIFIED: "ACCOUNT_NOT_VERIFIED",
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
  /** Spec section 5: a password outside the length rules answers this lower-case code. */
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
  password: 400,
};

export const ERROR_TYPE: Record<ErrorCode, ErrorType> = {
  INVALID_USERNAME_OR_PASSWORD: "auth",
  ACCOUNT_NOT_VERIFIED: "auth",
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
  password: "validation",
};

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && KNOWN_CODES.has(value);
}

export type ErrorEnvelope = { error: { code: ErrorCode; description: string; type: ErrorType } };

export function errorEnvelope(
  code: ErrorCode,
  description: string,
  type: ErrorType = ERROR_TYPE[code],
): ErrorEnvelope {
  return { error: { code, description, type } };
}

export const NETWORK_OFFLINE_MESSAGE = "No internet connection. Please check your network and try again.";
export const NETWORK_GENERIC_MESSAGE = "Network error. Please try again.";
export const AUTH_EXPIRED_MESSAGE = "Session expired. Please log in again.";
/** The web tier's description of UPSTREAM_UNAVAILABLE: the odds API is down, which is not the user's fault nor a logout. */
export const UPSTREAM_UNAVAILABLE_MESSAGE = "AfriOdds is having trouble reaching its odds service. Please try again in a moment.";

/**
 * A failed call as the client sees it. `code` and `type` are whatever the server sent (possibly
 * a code this build does not know, or nothing for a non-JSON answer); `status` is 0 when no
 * response arrived.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: string | undefined;
  readonly type: string | undefined;
  readonly status: number;

  constructor(
    message: string,
    options: { code?: string | undefined; type?: string | undefined; status: number; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.type = options.type;
    this.status = options.status;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Spec section 8: an `error` object wins (description, code, type); otherwise the top-level
 * description (or message), code and type. Anything that is not a JSON object, such as a
 * proxy's HTML error page, becomes "HTTP error! status: N" so the user never sees markup.
 */
export function decodeErrorBody(status: number, bodyText: string): ApiError {
  const fallback = `HTTP error! status: ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return new ApiError(fallback, { status });
  }
  if (!isRecord(body)) return new ApiError(fallback, { status });
  const source = isRecord(body.error) ? body.error : body;
  const message = stringField(source, "description") ?? stringField(source, "message") ?? fallback;
  return new ApiError(message, {
    code: stringField(source, "code"),
    type: stringField(source, "type"),
    status,
  });
}

/** Messages fetch implementations use for "no response at all": Chrome, undici, Firefox, Safari, React Native. */
const FETCH_FAILURE = /failed to fetch|fetch failed|networkerror|load failed|network request failed/i;

/** Only a fetch TypeError means offline; any other TypeError is a bug and must not be blamed on the network. */
export function networkError(cause: unknown): ApiError {
  const offline = cause instanceof TypeError && FETCH_FAILURE.test(cause.message);
  return new ApiError(offline ? NETWORK_OFFLINE_MESSAGE : NETWORK_GENERIC_MESSAGE, {
    code: ERROR_CODES.NETWORK_ERROR,
    type: ERROR_TYPE.NETWORK_ERROR,
    status: 0,
    cause,
  });
}

export function sessionExpiredError(): ApiError {
  return new ApiError(AUTH_EXPIRED_MESSAGE, {
    code: ERROR_CODES.AUTH_EXPIRED,
    type: ERROR_TYPE.AUTH_EXPIRED,
    status: ERROR_STATUS.AUTH_EXPIRED,
  });
}

export const LOGIN_MESSAGES = {
  invalidCredentials: "Invalid username or password. Please check your credentials and try again.",
  /** Spec silent: the client routes to verification instead; this is for a screen reader or a fallback banner. */
  notVerified: "Please verify your email address to continue.",
  other: "Login failed. Please try again.",
} as const;
export const REGISTER_MESSAGES = {
  emailInUse: "An account with this email already exists. Please use a different email or try logging in.",
  usernameInUse: "This username is already taken. Please choose a different username.",
  other: "Registration failed. Please try again.",
} as const;
export const VERIFY_MESSAGES = {
  /** Spec gives only the opening words; both contexts keep them. */
  invalidCodeRegistration: "Invalid or expired verification code. Please try again.",
  invalidCodeLogin: "Invalid or expired verification code. Please check the code or request a new one.",
  expired: "Verification code has expired. Please request a new one.",
  otherRegistration: "Verification failed. Please try again.",
  otherLogin: "Account verification failed. Please try again or contact support if the issue persists.",
} as const;
export const RESEND_MESSAGES = {
  rateLimited: "Too many requests. Please wait a moment before trying again.",
  invalidEmail: "Invalid email address. Please contact support.",
  other: "Failed to resend verification code/email. Please try again.",
} as const;
export const FORGOT_MESSAGES = {
  userNotFound: "No account found with this email address.",
  rateLimited: "Too many requests. Please wait a few minutes before trying again.",
  other: "Failed to send reset instructions. Please try again.",
} as const;
export const RESET_MESSAGES = {
  invalidOtp: "Invalid or expired verification code. Please try again.",
  otpExpired: "Verification code has expired. Please request a new one.",
  otpAlreadyUsed: "This verification code has already been used. Please request a new one.",
  other: "Password reset failed. Please try again.",
} as const;
export const LOGOUT_FAILED_MESSAGE = "Logout failed. Please try again.";
export const PROFILE_LOAD_FAILED_MESSAGE = "Failed to load user details";
export const PROFILE_NO_DATA_MESSAGE = "No data received from server";
export const PROFILE_UNEXPECTED_MESSAGE = "An unexpected error occurred";
export const FEEDBACK_FAILED_MESSAGE = "Failed to submit feedback. Please try again.";
export const FEEDBACK_SUCCESS_MESSAGE = "Thank you for your feedback! It helps us make AfriOdds better.";
export const PREVIEW_LOAD_FAILED_MESSAGE = "Failed to load preview odds";
export const SUMMARY_LOAD_FAILED_MESSAGE = "Failed to load summary data";
export const ODDS_LOAD_FAILED_MESSAGE = "Failed to load odds data";
/** Spec silent outside resend and forgot; login throttling and feedback limits (DESIGN section 4) need a message that says "wait", not "try again". */
export const RATE_LIMITED_MESSAGE = FORGOT_MESSAGES.rateLimited;

export type ErrorFlow =
  | "login"
  | "logout"
  | "register"
  | "verify"
  | "resend"
  | "forgot"
  | "reset"
  | "profile"
  | "feedback"
  | "preview"
  | "summary"
  | "odds";
export type VerificationContext = "registration" | "login";

type FlowCatalogue = { other: string; codes: Partial<Record<ErrorCode, string>> };

const VERIFY_CATALOGUE: Record<VerificationContext, FlowCatalogue> = {
  registration: {
    other: VERIFY_MESSAGES.otherRegistration,
    codes: {
      INVALID_VERIFICATION_CODE: VERIFY_MESSAGES.invalidCodeRegistration,
      VERIFICATION_CODE_EXPIRED: VERIFY_MESSAGES.expired,
    },
  },
  login: {
    other: VERIFY_MESSAGES.otherLogin,
    codes: {
      INVALID_VERIFICATION_CODE: VERIFY_MESSAGES.invalidCodeLogin,
      VERIFICATION_CODE_EXPIRED: VERIFY_MESSAGES.expired,
    },
  },
};

const FLOW_CATALOGUE: Record<Exclude<ErrorFlow, "verify">, FlowCatalogue> = {
  login: {
    other: LOGIN_MESSAGES.other,
    codes: {
      INVALID_USERNAME_OR_PASSWORD: LOGIN_MESSAGES.invalidCredentials,
      ACCOUNT_NOT_VERIFIED: LOGIN_MESSAGES.notVerified,
    },
  },
  logout: { other: LOGOUT_FAILED_MESSAGE, codes: {} },
  register: {
    other: REGISTER_MESSAGES.other,
    codes: { EMAIL_IN_USE: REGISTER_MESSAGES.emailInUse, USERNAME_IN_USE: REGISTER_MESSAGES.usernameInUse },
  },
  resend: {
    other: RESEND_MESSAGES.other,
    codes: { RATE_LIMIT_EXCEEDED: RESEND_MESSAGES.rateLimited, INVALID_EMAIL: RESEND_MESSAGES.invalidEmail },
  },
  forgot: {
    other: FORGOT_MESSAGES.other,
    codes: { USER_NOT_FOUND: FORGOT_MESSAGES.userNotFound, RATE_LIMIT_EXCEEDED: FORGOT_MESSAGES.rateLimited },
  },
  reset: {
    other: RESET_MESSAGES.other,
    codes: {
      INVALID_OTP: RESET_MESSAGES.invalidOtp,
      OTP_EXPIRED: RESET_MESSAGES.otpExpired,
      OTP_ALREADY_USED: RESET_MESSAGES.otpAlreadyUsed,
    },
  },
  profile: { other: PROFILE_LOAD_FAILED_MESSAGE, codes: {} },
  feedback: { other: FEEDBACK_FAILED_MESSAGE, codes: {} },
  preview: { other: PREVIEW_LOAD_FAILED_MESSAGE, codes: {} },
  summary: { other: SUMMARY_LOAD_FAILED_MESSAGE, codes: {} },
  odds: { other: ODDS_LOAD_FAILED_MESSAGE, codes: {} },
};

/** Screens whose failure text the spec fixes ("Failed to load ..."), whatever the cause. */
const DATA_FLOWS = new Set<ErrorFlow>(["preview", "summary", "odds"]);

/**
 * The message a flow shows for a failed call. Precedence: the flow's own entry for the code;
 * then rules that hold in every flow (network, validation text from the server, expired session,
 * rate limiting, an unavailable odds service outside the data screens); then the flow's "other" message. The profile page shows the server's
 * description when the server sent one (spec section 7), not an HTTP fallback text.
 */
export function flowErrorMessage(
  flow: ErrorFlow,
  error: { code?: string | undefined; message?: string | undefined },
  context: VerificationContext = "registration",
): string {
  const { other, codes } = flow === "verify" ? VERIFY_CATALOGUE[context] : FLOW_CATALOGUE[flow];
  const code = error.code;
  const message = error.message?.trim() ? error.message : undefined;
  if (isErrorCode(code) && codes[code] !== undefined) return codes[code];
  switch (code) {
    case ERROR_CODES.NETWORK_ERROR:
      return message === NETWORK_GENERIC_MESSAGE ? NETWORK_GENERIC_MESSAGE : NETWORK_OFFLINE_MESSAGE;
    case ERROR_CODES.PASSWORD:
    case ERROR_CODES.VALIDATION_ERROR:
      return message ?? other;
    case ERROR_CODES.AUTH_EXPIRED:
      return AUTH_EXPIRED_MESSAGE;
    case ERROR_CODES.RATE_LIMIT_EXCEEDED:
      return RATE_LIMITED_MESSAGE;
    case ERROR_CODES.UPSTREAM_UNAVAILABLE:
      // An outage says so (issue 11, item 9), except where the spec fixes a data screen's message.
      if (!DATA_FLOWS.has(flow)) return message ?? UPSTREAM_UNAVAILABLE_MESSAGE;
  }
  if (flow === "profile" && code !== undefined && message !== undefined) return message;
  return other;
}
