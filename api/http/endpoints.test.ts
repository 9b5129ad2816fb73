import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "#shared/contract.ts";
import { pathBelow } from "./endpoints.ts";

describe("pathBelow", () => {
  it("answers an endpoint's path below the prefix its router is mounted at", () => {
    expect(pathBelow("/users", ENDPOINTS.login)).toBe("/login");
    expect(pathBelow("/odds/events", ENDPOINTS.history)).toBe("/:id/history");
    expect(pathBelow("/users", ENDPOINTS.removeFromBetslip)).toBe("/betslip/selections/:eventId/:marketId/:selectionTypeId");
  });

  it("answers / for the endpoint at the prefix itself", () => {
    expect(pathBelow("/odds", ENDPOINTS.odds)).toBe("/");
    expect(pathBelow("/odds/booking", ENDPOINTS.readBookingCode)).toBe("/");
  });
});
