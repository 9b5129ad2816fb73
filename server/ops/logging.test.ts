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
    for (const path of ["/api/users/12345", "/api/odds/summary/", "/wp-login.php", "/x", "/nigeria/extra", "/api/"]) expect(routeLabel(path), path).toBe("other");
  });
});
