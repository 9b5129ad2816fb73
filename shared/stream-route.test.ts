import { describe, expect, it } from "vitest";
import { readMarketRoute, writeMarketRoute } from "./stream-route.ts";

describe("the market frame's route", () => {
  it("reads back what it wrote, an event id holding ':' too, and nothing from a route of another form", () => {
    const route = { competitionId: 2, marketId: 7, id: "sr:match:42" };
    expect(writeMarketRoute(route)).toBe("2:7:sr:match:42");
    expect(readMarketRoute(writeMarketRoute(route))).toEqual(route);
    for (const other of [undefined, "", "2:7:", "a:7:x", "2:x"]) expect(readMarketRoute(other)).toBeUndefined();
  });
});
