import { describe, expect, it } from "vitest";
import { routeLabel } from "./logging.ts";

describe("metric route labels", () => {
  it("names pages, BFF calls, assets and operational endpoints by their route", () => {
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("/nigeria")).toBe("/nigeria");
    expect(routeLabel("/dashboard")).toBe("/dashboard");
    expect(routeLabel("/api/odds/summary")).toBe("/api/odds/summary");
    expect(routeLabel("/api/session")).toBe("/api/session");
    expect(routeLabel("/assets/entry-ABC123.js")).toBe("/assets");
    expect(routeLabel("/metrics")).toBe("/metrics");
  });

  it("puts every other path under one label", () => {
    for (const path of ["/api/users/12345", "/api/odds/events/", "/api/odds/events/e1/history/x", "/match/", "/match/e1/x", "/code/sportybet", "/code/sportybet/AB12CD/x", "/api/odds/summary/", "/wp-login.php", "/x", "/nigeria/extra", "/api/"]) expect(routeLabel(path), path).toBe("other");
  });

  it("labels the match and booking-code pages and the event calls by their pattern, so each new id makes no new series", () => {
    expect(routeLabel("/match/sr%3Amatch%3A1")).toBe("/match/:id");
    expect(routeLabel("/match/e2")).toBe("/match/:id");
    expect(routeLabel("/code/sportybet/AB12CD")).toBe("/code/:bookmaker/:code");
    expect(routeLabel("/code/bet9ja/XY34ZW9")).toBe("/code/:bookmaker/:code");
    expect(routeLabel("/competitions/10042")).toBe("/competitions/:id");
    expect(routeLabel("/matches")).toBe("/matches");
    expect(routeLabel("/api/odds/events/e1")).toBe("/api/odds/events/:id");
    expect(routeLabel("/api/odds/events/e2/history")).toBe("/api/odds/events/:id/history");
    expect(routeLabel("/api/odds/dropping")).toBe("/api/odds/dropping");
    expect(routeLabel("/api/odds/search")).toBe("/api/odds/search");
  });
});
