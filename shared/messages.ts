/**
 * The messages users see (docs/product.md, Error messages) and the per-flow catalogue that picks one for a
 * failed call.
 */
import { CODE_LENGTH } from "./constants.ts";
import { ERROR_CODES, isErrorCode, type ErrorCode } from "./error-codes.ts";

export const NETWORK_OFFLINE_MESSAGE = "No internet connection. Please check your network and try again.";
export const NETWORK_GENERIC_MESSAGE = "Network error. Please try again.";
export const AUTH_EXPIRED_MESSAGE = "Session expired. Please log in again.";
/** The web tier's description of UPSTREAM_UNAVAILABLE: the odds API is down, which is not the user's fault nor a logout. */
export const UPSTREAM_UNAVAILABLE_MESSAGE = "AfriOdds is having trouble reaching its odds service. Please try again in a moment.";

export const LOGIN_MESSAGES = {
  invalidCredentials: "Invalid username or password. Please check your credentials and try again.",
  /** Spec silent: the client routes to verification instead; this is for a screen reader or a fallback banner. */
  notVerified: "Please verify your email address to continue.",
  /** Too many failures on the account: a mailed code and the password sign in (docs/decisions/025-login-throttling.md). */
  accountLocked: "Too many failed attempts on this account. We've e-mailed you a code to sign in.",
  /** The client sent a code and the account is still locked: the API does not say which of the two was wrong. */
  unlockFailed: "That password and code did not sign you in. Check your password, and use the newest code we e-mailed you: it comes only when the password is right.",
  other: "Login failed. Please try again.",
} as const;
export const REGISTER_MESSAGES = {
  emailInUse: "An account with this email already exists. Please use a different email or try logging in.",
  usernameInUse: "This username is already taken. Please choose a different username.",
  other: "Registration failed. Please try again.",
  /** The client solved a sign-up challenge and the API still asked for one (it expired, or the check could not run here). */
  challengeFailed: "We couldn't check you're a person just now. Please try again.",
  /** Sign-up is under a flood and the page cannot prove work: without JavaScript nothing solves the challenge. */
  busy: "Sign-up is very busy right now. Please try again in a few minutes.",
} as const;
/** While the client solves the sign-up challenge (docs/decisions/023-proof-of-work-under-flood.md). */
export const CHALLENGE_SOLVING_MESSAGE = "Checking you're a person…";
/** The API's description of CHALLENGE_REQUIRED, for a client that does not solve challenges itself. */
export const CHALLENGE_REQUIRED_MESSAGE = "Sign-up is very busy right now. Solve the challenge at /users/register/challenge and send it as altcha, or try again later.";
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
/**
 * After a resend: true whether or not a code went out, since the API sends at most one a minute and
 * five an hour and answers alike either way (docs/decisions/025-login-throttling.md).
 */
export const resendRequestedMessage = (email: string): string =>
  `We'll send a new code to ${email} if we can: at most one a minute and five an hour. Use the newest code you receive.`;
/** After a request for a reset code: true whether or not the address has an account (the API never says). */
export const resetCodeRequestedMessage = (email: string): string =>
  `If an account exists for ${email}, we are sending a ${CODE_LENGTH}-digit code to reset its password: at most one a minute and five an hour. Use the newest code you receive.`;
/** Where the verification code went, right after registering. */
export const codeSentMessage = (email: string): string => `We have sent a ${CODE_LENGTH}-digit verification code to ${email}.`;
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
/** Spec silent outside resend and forgot; login throttling and feedback limits (docs/design.md, Error codes) need a message that says "wait", not "try again". */
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
      ACCOUNT_LOCKED: LOGIN_MESSAGES.accountLocked,
    },
  },
  logout: { other: LOGOUT_FAILED_MESSAGE, codes: {} },
  register: {
    other: REGISTER_MESSAGES.other,
    codes: { EMAIL_IN_USE: REGISTER_MESSAGES.emailInUse, USERNAME_IN_USE: REGISTER_MESSAGES.usernameInUse, CHALLENGE_REQUIRED: REGISTER_MESSAGES.challengeFailed },
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
 * description when the server sent one (docs/product.md, Profile page), not an HTTP fallback text.
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
      // An outage says so (docs/design.md, API outages), except where the spec fixes a data screen's message.
      if (!DATA_FLOWS.has(flow)) return message ?? UPSTREAM_UNAVAILABLE_MESSAGE;
  }
  if (flow === "profile" && code !== undefined && message !== undefined) return message;
  return other;
}
