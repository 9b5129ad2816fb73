import { describe, expect, it } from "vitest";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";

describe("per-user answers are never cached; every answer carries the Permissions-Policy", () => {
  const suite = useWebSuite();

  it("says private, no-store on every per-user answer of both tiers, successes and errors alike", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const http = suite.stack.http;
    const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
    const answers: [string, { headers: Record<string, string> }][] = [
      ["session", await http.get("/api/session").set({ cookie })],
      ["session, visitor", await http.get("/api/session")],
      ["me", await http.get("/api/users/me").set({ cookie })],
      ["me, signed out", await http.get("/api/users/me")],
      ["betslip", await http.get("/api/users/betslip").set({ cookie })],
      ["stake", await http.patch("/api/users/betslip").set({ ...json, cookie }).send({ stake: 500 })],
      ["feedback", await http.post("/api/users/feedback").set({ ...json, cookie }).send({ message: "Good odds, thanks" })],
      ["failed login", await http.post("/api/users/login").set(json).send({ username: "nobody_here", password: "wrong-password-1" })],
      ["refresh", await http.post("/api/users/refresh").set({ ...json, cookie }).send({})],
    ];
    for (const [what, res] of answers) expect([what, res.headers["cache-control"]]).toEqual([what, "private, no-store"]);

    const api = suite.stack.api.origin;
    for (const path of ["/users/me", "/users/betslip", "/users/session-check"]) {
      const res = await fetch(`${api}${path}`);
      expect([path, res.status, res.headers.get("cache-control")]).toEqual([path, 401, "private, no-store"]);
    }
  });

  it("denies the powerful features the site never uses on pages, prerendered pages, API answers and errors of both tiers", async () => {
    const http = suite.stack.http;
    const answers = [await http.get("/"), await http.get("/dashboard"), await http.get("/api/odds/summary?country=1"), await http.get("/api/nothing"), await http.get("/no-such-page")];
    const api = await fetch(`${suite.stack.api.origin}/healthz`);
    for (const policy of [...answers.map((res) => res.headers["permissions-policy"]), api.headers.get("permissions-policy")]) {
      expect(policy).toMatch(/(^|, )camera=\(\)/);
      expect(policy).toMatch(/(^|, )geolocation=\(\)/);
      expect(policy).toMatch(/(^|, )payment=\(\)/);
      expect(policy).not.toMatch(/clipboard-write/);
    }
  });
});
