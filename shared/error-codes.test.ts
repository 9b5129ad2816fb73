import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS, ERROR_TYPE, errorEnvelope } from "./error-codes.ts";
import { decodeErrorBody } from "./error-decoding.ts";

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
