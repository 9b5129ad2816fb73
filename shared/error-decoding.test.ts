import { describe, expect, it } from "vitest";
import { ApiError, decodeErrorBody, networkError, sessionExpiredError } from "./error-decoding.ts";

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

  it("reads each field's issue from the envelope's fields, skipping entries without a field or a description", () => {
    const body = JSON.stringify({
      error: {
        code: "VALIDATION_ERROR",
        description: "Please enter a valid email address",
        type: "validation",
        fields: [
          { field: "email", code: "VALIDATION_ERROR", description: "Please enter a valid email address" },
          { field: "password", code: "password", description: "Password must be at least 8 characters long" },
          { field: "", description: "no field" },
          { field: "username" },
          "text",
        ],
      },
    });
    const error = decodeErrorBody(400, body);
    expect(error.fields).toEqual([
      { field: "email", code: "VALIDATION_ERROR", message: "Please enter a valid email address" },
      { field: "password", code: "password", message: "Password must be at least 8 characters long" },
    ]);
    expect(decodeErrorBody(400, JSON.stringify({ error: { code: "VALIDATION_ERROR", description: "x", fields: "no" } })).fields).toEqual([]);
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
