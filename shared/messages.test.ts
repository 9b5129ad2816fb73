import { describe, expect, it } from "vitest";
import { errorEnvelope } from "./error-codes.ts";
import { decodeErrorBody, networkError, sessionExpiredError } from "./error-decoding.ts";
import {
  AUTH_EXPIRED_MESSAGE,
  flowErrorMessage,
  LOGIN_MESSAGES,
  ODDS_LOAD_FAILED_MESSAGE,
  UPSTREAM_UNAVAILABLE_MESSAGE,
} from "./messages.ts";

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
