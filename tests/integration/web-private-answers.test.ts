import { describe, expect, it } from "vitest";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";

describe("per-user answers are never cached", () => {
  const suite = useWebSuite();

  it("says private, no-store on every per-user answer of both tiers, successes and errors alike", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const http = suite.stack.http;
    const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
    const answers = [
      await http.get("/api/session").set({ cookie }),
      await http.get("/api/session"),
      await http.get("/api/users/me").set({ cookie }),
      await http.get("/api/users/me"),
      await http.get("/api/users/betslip").set({ cookie }),
      await http.patch("/api/users/betslip").set({ ...json, cookie }).send({ stake: 500 }),
      await http.post("/api/users/feedback").set({ ...json, cookie }).send({ message: "Good odds, thanks" }),
      await http.post("/api/users/login").set(json).send({ username: "nobody_here", password: "wrong-password-1" }),
      await http.post("/api/users/refresh").set({ ...json, cookie }).send({}),
    ];
    for (const res of answers) expect([res.req.method, res.req.path, res.headers["cache-control"]]).toEqual([res.req.method, res.req.path, "private, no-store"]);

    const api = suite.stack.api.origin;
    for (const path of ["/users/me", "/users/betslip", "/users/session-check"]) {
      const res = await fetch(`${api}${path}`);
      expect([path, res.status, res.headers.get("cache-control")]).toEqual([path, 401, "private, no-store"]);
    }
  });
});
