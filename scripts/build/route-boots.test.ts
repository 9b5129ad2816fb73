import { describe, expect, it } from "vitest";
import { routePageModules, withPreloads } from "./route-boots.ts";

describe("routePageModules", () => {
  it("maps each lazy page route of the app's tree to its page module under the ids a render matches", () => {
    const modules = routePageModules();
    expect(modules.get("dashboard")).toBe("client/pages/dashboard.tsx");
    expect(modules.get("match")).toBe("client/pages/match.tsx");
    expect(modules.get("betslip")).toBe("client/pages/betslip.tsx");
    expect(modules.get("booking-code")).toBe("client/pages/booking-code.tsx");
  });

  it("leaves out a route whose lazy function imports through a helper, and reads nested routes", () => {
    const helper = (load: () => Promise<unknown>) => () => load().then(() => ({}));
    const modules = routePageModules([
      { id: "root", children: [{ id: "a", path: "a", lazy: () => import("../../client/routes.tsx").then(() => ({})) }, { id: "b", path: "b", lazy: helper(() => import("./boot.ts")) }] },
    ]);
    expect([...modules]).toEqual([["a", "client/routes.tsx"]]);
  });
});

describe("withPreloads", () => {
  it("adds each URL once, after the base list", () => {
    expect(withPreloads(["a", "b"], ["b", "c"], undefined, ["c", "d"])).toEqual(["a", "b", "c", "d"]);
  });
});
