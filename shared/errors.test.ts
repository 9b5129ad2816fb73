import { describe, expect, it } from "vitest";
import {
  ApiError,
  AUTH_EXPIRED_MESSAGE,
  decodeErrorBody,
  ERROR_CODES,
  ERROR_STATUS,
  ERROR_TYPE,
  errorEnvelope,
  flowErrorMessage,
  LOGIN_MESSAGES,
  networkError,
  ODDS_LOAD_FAILED_MESSAGE,
  sessionExpiredError,
  UPSTREAM_UNAVAILABLE_MESSAGE,
} from "./errors.ts";

describe("decodeErrorBody", () => {
  it("reads description, code and type from an error envelope", () => {
    const error = decodeErrorBody(
      409,
      JSON.stringify({ error: { code: "EMAIL_IN_USE", description: "E-mail taken", type: "conflict" } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "E-mail taken",
      code: "EMAIL_IN_USE",
      type: "conflict",
      status: 409,
    });
  });

  it("falls back to top-level description, then top-level message, when there is no error object", () => {
    expect(
      decodeErrorBody(400, '{"description":"Bad thing","code":"VALIDATION_ERROR","type":"validation"}'),
    ).toMatchObject({
      message: "Bad thing",
      code: "VALIDATION_ERROR",
      type: "validation",
    });
    expect(decodeErrorBody(400, '{"message":"Only message","code":"X"}')).toMatchObject({
      message: "Only message",
      code: "X",
    });
  });

  it("answers 'HTTP error! status: N' for an HTML page or a JSON value that is not an object", () => {
    expect(decodeErrorBody(502, "<html><body>Bad Gateway</body></html>")).toMatchObject({
      message: "HTTP error! status: 502",
      code: undefined,
      status: 502,
    });
    expect(decodeErrorBody(500, "null").message).toBe("HTTP error! status: 500");
    expect(decodeErrorBody(500, "").message).toBe("HTTP error! status: 500");
  });

  it("keeps the code of an envelope whose description is missing and uses the HTTP text as message", () => {
    expect(decodeErrorBody(429, '{"error":{"code":"RATE_LIMIT_EXCEEDED"}}')).toMatchObject({
      message: "HTTP error! status: 429",
      code: "RATE_LIMIT_EXCEEDED",
    });
  });
});

describe("networkError", () => {
  it("says there is no internet connection for the fetch failures of each browser and of Node", () => {
    for (const text of [
      "Failed to fetch",
      "fetch failed",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
    ]) {
      expect(networkError(new TypeError(text))).toMatchObject({
        code: "NETWORK_ERROR",
        message: "No internet connection. Please check your network and try again.",
        status: 0,
      });
    }
  });

  it("does not blame the network for an unrelated TypeError or an abort", () => {
    expect(networkError(new TypeError("Cannot read properties of undefined")).message).toBe(
      "Network error. Please try again.",
    );
    expect(networkError(new DOMException("The operation was aborted.", "AbortError"))).toMatchObject({
      code: "NETWORK_ERROR",
      message: "Network error. Please try again.",
    });
  });

  it("keeps the original failure as the cause", () => {
    const cause = new TypeError("Failed to fetch");
    expect(networkError(cause).cause).toBe(cause);
  });
});

describe("sessionExpiredError", () => {
  it("is a 401 AUTH_EXPIRED with the spec's message", () => {
    expect(sessionExpiredError()).toMatchObject({
      code: "AUTH_EXPIRED",
      status: 401,
      message: "Session expired. Please log in again.",
    });
  });
});

describe("ERROR_STATUS and errorEnvelope", () => {
  it("gives every code a status and a type", () => {
    for (const code of Object.values(ERROR_CODES)) {
      expect(ERROR_STATUS[code], code).toBeTypeOf("number");
      expect(ERROR_TYPE[code], code).toBeTypeOf("string");
    }
  });

  it("maps the design's statuses: conflicts 409, unverified 403, bad credentials 401, reset codes 400, CSRF 403", () => {
    expect(ERROR_STATUS.EMAIL_IN_USE).toBe(409);
    expect(ERROR_STATUS.USERNAME_IN_USE).toBe(409);
    expect(ERROR_STATUS.ACCOUNT_NOT_VERIFIED).toBe(403);
    expect(ERROR_STATUS.INVALID_USERNAME_OR_PASSWORD).toBe(401);
    expect(ERROR_STATUS.OTP_ALREADY_USED).toBe(400);
    expect(ERROR_STATUS.password).toBe(400);
    expect(ERROR_STATUS.CSRF_REJECTED).toBe(403);
    expect(ERROR_STATUS.RATE_LIMIT_EXCEEDED).toBe(429);
    expect(ERROR_STATUS.PAYLOAD_TOO_LARGE).toBe(413);
    expect(ERROR_STATUS.UPSTREAM_UNAVAILABLE).toBe(502);
  });

  it("builds the contract's envelope with the code's default type, which decodeErrorBody reads back", () => {
    const envelope = errorEnvelope("USERNAME_IN_USE", "Username taken");
    expect(envelope).toEqual({
      error: { code: "USERNAME_IN_USE", description: "Username taken", type: "conflict" },
    });
    expect(decodeErrorBody(409, JSON.stringify(envelope))).toMatchObject({
      message: "Username taken",
      code: "USERNAME_IN_USE",
      type: "conflict",
    });
    expect(errorEnvelope("INTERNAL_ERROR", "Oops", "upstream").error.type).toBe("upstream");
  });
});

describe("flowErrorMessage", () => {
  it("gives each flow its catalogue message for its own codes", () => {
    expect(flowErrorMessage("login", { code: "INVALID_USERNAME_OR_PASSWORD" })).toBe(
      "Invalid username or password. Please check your credentials and try again.",
    );
    expect(flowErrorMessage("register", { code: "EMAIL_IN_USE" })).toBe(
      "An account with this email already exists. Please use a different email or try logging in.",
    );
    expect(flowErrorMessage("register", { code: "USERNAME_IN_USE" })).toBe(
      "This username is already taken. Please choose a different username.",
    );
    expect(flowErrorMessage("verify", { code: "VERIFICATION_CODE_EXPIRED" })).toBe(
      "Verification code has expired. Please request a new one.",
    );
    expect(flowErrorMessage("resend", { code: "INVALID_EMAIL" })).toBe(
      "Invalid email address. Please contact support.",
    );
    expect(flowErrorMessage("forgot", { code: "USER_NOT_FOUND" })).toBe(
      "No account found with this email address.",
    );
    expect(flowErrorMessage("reset", { code: "INVALID_OTP" })).toBe(
      "Invalid or expired verification code. Please try again.",
    );
    expect(flowErrorMessage("reset", { code: "OTP_EXPIRED" })).toBe(
      "Verification code has expired. Please request a new one.",
    );
    expect(flowErrorMessage("reset", { code: "OTP_ALREADY_USED" })).toBe(
      "This verification code has already been used. Please request a new one.",
    );
  });

  it("answers the flow's 'other' message for unknown codes, codes of another flow, and missing codes", () => {
    expect(flowErrorMessage("login", { code: "SOMETHING_NEW", message: "internal detail" })).toBe(
      "Login failed. Please try again.",
    );
    expect(flowErrorMessage("login", { code: "EMAIL_IN_USE" })).toBe("Login failed. Please try again.");
    expect(flowErrorMessage("register", {})).toBe("Registration failed. Please try again.");
    expect(flowErrorMessage("resend", {})).toBe(
      "Failed to resend verification code/email. Please try again.",
    );
    expect(flowErrorMessage("forgot", {})).toBe("Failed to send reset instructions. Please try again.");
    expect(flowErrorMessage("reset", {})).toBe("Password reset failed. Please try again.");
    expect(flowErrorMessage("feedback", {})).toBe("Failed to submit feedback. Please try again.");
    expect(flowErrorMessage("preview", {})).toBe("Failed to load preview odds");
    expect(flowErrorMessage("summary", {})).toBe("Failed to load summary data");
    expect(flowErrorMessage("odds", {})).toBe("Failed to load odds data");
  });

  it("words verification failures by context", () => {
    expect(flowErrorMessage("verify", { code: "INVALID_VERIFICATION_CODE" }, "registration")).toBe(
      "Invalid or expired verification code. Please try again.",
    );
    expect(flowErrorMessage("verify", { code: "INVALID_VERIFICATION_CODE" }, "login")).toBe(
      "Invalid or expired verification code. Please check the code or request a new one.",
    );
    expect(flowErrorMessage("verify", { code: "X" }, "registration")).toBe(
      "Verification failed. Please try again.",
    );
    expect(flowErrorMessage("verify", { code: "X" }, "login")).toBe(
      "Account verification failed. Please try again or contact support if the issue persists.",
    );
  });

  it("distinguishes the resend and forgot-password rate-limit wording", () => {
    expect(flowErrorMessage("resend", { code: "RATE_LIMIT_EXCEEDED" })).toBe(
      "Too many requests. Please wait a moment before trying again.",
    );
    expect(flowErrorMessage("forgot", { code: "RATE_LIMIT_EXCEEDED" })).toBe(
      "Too many requests. Please wait a few minutes before trying again.",
    );
    expect(flowErrorMessage("login", { code: "RATE_LIMIT_EXCEEDED" })).toBe(
      "Too many requests. Please wait a few minutes before trying again.",
    );
  });

  it("shows the network message in every flow, keeping the generic one when the failure was not offline", () => {
    const offline = networkError(new TypeError("Failed to fetch"));
    const generic = networkError(new Error("boom"));
    for (const flow of ["login", "register", "feedback", "odds"] as const) {
      expect(flowErrorMessage(flow, offline)).toBe(
        "No internet connection. Please check your network and try again.",
      );
      expect(flowErrorMessage(flow, generic)).toBe("Network error. Please try again.");
    }
  });

  it("passes the server's validation text through for 'password' and VALIDATION_ERROR", () => {
    expect(
      flowErrorMessage("register", {
        code: "password",
        message: "Password must be at least 8 characters long",
      }),
    ).toBe("Password must be at least 8 characters long");
    expect(
      flowErrorMessage("feedback", {
        code: "VALIDATION_ERROR",
        message: "Please enter your feedback message.",
      }),
    ).toBe("Please enter your feedback message.");
    expect(flowErrorMessage("reset", { code: "VALIDATION_ERROR", message: "  " })).toBe(
      "Password reset failed. Please try again.",
    );
  });

  it("tells a user whose session expired to log in again, whatever the flow", () => {
    expect(flowErrorMessage("feedback", sessionExpiredError())).toBe(AUTH_EXPIRED_MESSAGE);
    expect(flowErrorMessage("profile", sessionExpiredError())).toBe(AUTH_EXPIRED_MESSAGE);
  });

  it("shows the server's description on the profile page, but not an HTTP fallback text", () => {
    expect(flowErrorMessage("profile", { code: "NOT_FOUND", message: "User not found" })).toBe(
      "User not found",
    );
    expect(flowErrorMessage("profile", decodeErrorBody(500, "<html>"))).toBe("Failed to load user details");
  });

  it("says the odds service is unavailable when the web tier answered UPSTREAM_UNAVAILABLE, not that the action failed", () => {
    const upstream = decodeErrorBody(502, JSON.stringify(errorEnvelope("UPSTREAM_UNAVAILABLE", UPSTREAM_UNAVAILABLE_MESSAGE)));
    expect(flowErrorMessage("login", upstream)).toBe(UPSTREAM_UNAVAILABLE_MESSAGE);
    expect(flowErrorMessage("logout", upstream)).toBe(UPSTREAM_UNAVAILABLE_MESSAGE);
    expect(flowErrorMessage("verify", upstream, "login")).toBe(UPSTREAM_UNAVAILABLE_MESSAGE);
    // An envelope without words still says what happened.
    expect(flowErrorMessage("register", { code: "UPSTREAM_UNAVAILABLE" })).toBe(UPSTREAM_UNAVAILABLE_MESSAGE);
    // The spec fixes the data screens' message, and a gateway's HTML page is no outage report.
    expect(flowErrorMessage("odds", upstream)).toBe(ODDS_LOAD_FAILED_MESSAGE);
    expect(flowErrorMessage("login", decodeErrorBody(502, "<h1>Bad Gateway</h1>"))).toBe(LOGIN_MESSAGES.other);
  });
});
