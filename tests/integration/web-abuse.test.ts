import { gzipSync } from "node:zlib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { MAX_BODY_DEPTH } from "#shared/validation.ts";
import { BEACON_LIMIT } from "#server/bff/rate-limit.ts";
import { TEST_ORIGIN, webTier } from "../helpers/web.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

/** A web tier whose odds API is down: nothing listens on the discard port. */
let down: Awaited<ReturnType<typeof webTier>>;
beforeAll(async () => {
  down = await webTier("http://127.0.0.1:9");
});
afterAll(() => down?.close());

const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers["set-cookie"] ?? []);
const envelope = (code: string) => ({ error: { code, description: expect.any(String), type: expect.any(String) } });
const post = (app: Parameters<typeof request>[0], path: string) => request(app).post(path).set("origin", TEST_ORIGIN);

/** `levels` arrays inside each other: `[[[...]]]`. */
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("bodies the web tier must refuse in the envelope, never as HTML", () => {
  it("refuses JSON nested 5,000 levels deep with 400 VALIDATION_ERROR instead of overflowing its stack", async () => {
    const body = `{"username":${nested(5_000)},"password":"x"}`;
    const res = await post(suite.stack.web.app, "/api/users/login").set("content-type", "application/json").send(body);
    expect(res.status).toBe(400);
    expect(res.type).toBe("application/json");
    expect(res.body).toEqual(envelope("VALIDATION_ERROR"));
    expect(res.body.error.description).toMatch(/nested too deeply/);
  });

  it("forwards a body MAX_BODY_DEPTH levels deep (the outer object counts) and refuses one level more without forwarding it", async () => {
    const at = (levels: number) =>
      post(suite.stack.web.app, "/api/users/forgot-password")
        .set("content-type", "application/json")
        .set("x-request-id", `depth-${levels}`)
        .send(`{"email":${nested(levels - 1)}}`);
    await at(MAX_BODY_DEPTH);
    expect(suite.stack.proxy.withRequestId(`depth-${MAX_BODY_DEPTH}`)).toHaveLength(1);
    const tooDeep = await at(MAX_BODY_DEPTH + 1);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toEqual(envelope("VALIDATION_ERROR"));
    expect(suite.stack.proxy.withRequestId(`depth-${MAX_BODY_DEPTH + 1}`)).toHaveLength(0);
  });

  it("answers an unsupported charset with 415 in the envelope", async () => {
    const res = await post(suite.stack.web.app, "/api/users/login").set("content-type", "application/json; charset=latin1").send('{"username":"a"}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual(envelope("VALIDATION_ERROR"));
  });

  it("answers an unknown Content-Encoding with 415 in the envelope", async () => {
    const res = await post(suite.stack.web.app, "/api/users/login").set("content-type", "application/json").set("content-encoding", "compress").send('{"username":"a"}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual(envelope("VALIDATION_ERROR"));
  });

  it("answers a corrupt gzip body with 400 in the envelope", async () => {
    const garbage = Buffer.concat([gzipSync('{"username":"a"}').subarray(0, 12), Buffer.from("not gzip at all")]);
    const res = await post(suite.stack.web.app, "/api/users/login").set("content-type", "application/json").set("content-encoding", "gzip").send(garbage);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(envelope("VALIDATION_ERROR"));
  });

  it("still answers malformed JSON with 400 and an oversized body with 413, both in the envelope", async () => {
    const malformed = await post(suite.stack.web.app, "/api/users/login").set("content-type", "application/json").send('{"username":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(envelope("VALIDATION_ERROR"));
    const large = await post(suite.stack.web.app, "/api/users/login").set("content-type", "application/json").send(JSON.stringify({ username: "a".repeat(20_000) }));
    expect(large.status).toBe(413);
    expect(large.body).toEqual(envelope("PAYLOAD_TOO_LARGE"));
  });
});

describe("analytics beacons", () => {
  const beacon = (app: Parameters<typeof request>[0], from: string) =>
    post(app, "/api/events").set("content-type", "application/json").set("x-forwarded-for", from).send({ name: "page_view", path: "/" });

  it("limits one client address to its burst, with 429 RATE_LIMIT_EXCEEDED and Retry-After, while another address is served", async () => {
    const web = await webTier(suite.stack.proxy.origin, { TRUST_PROXY: "loopback" });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: BEACON_LIMIT.burst * 3 }, () => beacon(web.app, "203.0.113.7")));
    const elapsedS = (Date.now() - started) / 1000;
    const accepted = answers.filter((a) => a.status === 202).length;
    // The burst, plus what the bucket refilled while the flood ran.
    expect(accepted).toBeGreaterThanOrEqual(BEACON_LIMIT.burst);
    expect(accepted).toBeLessThanOrEqual(BEACON_LIMIT.burst + Math.floor(elapsedS * BEACON_LIMIT.perSecond));
    const refused = answers.filter((a) => a.status !== 202);
    expect(refused.length).toBe(answers.length - accepted);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual(envelope("RATE_LIMIT_EXCEEDED"));
      expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    expect((await beacon(web.app, "198.51.100.9")).status).toBe(202);
    await web.close();
  });
});

describe("logout while the odds API is down", () => {
  it("answers 502 UPSTREAM_UNAVAILABLE and keeps the cookies; the session then still works, and a later logout ends it", async () => {
    const { cookie, refresh } = await signInThroughWeb(suite);
    const failed = await post(down.app, "/api/users/logout").set("content-type", "application/json").set("cookie", cookie).send({});
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ error: { code: "UPSTREAM_UNAVAILABLE", description: UPSTREAM_UNAVAILABLE_MESSAGE, type: "upstream" } });
    expect(setCookies(failed)).toEqual([]);

    // Honest: the user was told they are still signed in, and they are.
    const still = await request(suite.stack.web.app).get("/api/session").set("cookie", cookie);
    expect(still.status).toBe(200);
    const retried = await post(suite.stack.web.app, "/api/users/logout").set("content-type", "application/json").set("cookie", cookie).send({});
    expect(retried.status).toBe(200);
    expect(setCookies(retried).some((c) => c.startsWith("afriodds_rt=;"))).toBe(true);
    const after = await post(suite.stack.web.app, "/api/users/refresh").set("content-type", "application/json").set("cookie", `afriodds_rt=${refresh}`).send({});
    expect(after.status).toBe(401);
  });
});

describe("an API outage is not a logout", () => {
  for (const path of ["/dashboard", "/profile"]) {
    it(`renders ${path} for a signed-in user as 'service unavailable' (503), no redirect, cookies kept`, async () => {
      const { cookie } = await signInThroughWeb(suite);
      const res = await request(down.app).get(path).set("cookie", cookie);
      expect(res.status).toBe(503);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain("Service unavailable");
      expect(res.text).toContain("You are still signed in.");
      expect(setCookies(res)).toEqual([]);
      // Back up, the same cookies open the page.
      expect((await request(suite.stack.web.app).get(path).set("cookie", cookie)).status).toBe(200);
    });
  }

  it("still redirects a visitor without session cookies home to sign in", async () => {
    const res = await request(down.app).get("/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/?next=%2Fdashboard");
  });

  it("keeps the cookies when the API refuses a refresh with anything but 401", async () => {
    const { refresh } = await signInThroughWeb(suite);
    suite.stack.proxy.failNext("POST", "/users/refresh", { status: 429 });
    const res = await request(suite.stack.web.app).get("/api/session").set("cookie", `afriodds_rt=${refresh}`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual(envelope("UPSTREAM_UNAVAILABLE"));
    expect(setCookies(res)).toEqual([]);
    expect((await request(suite.stack.web.app).get("/api/session").set("cookie", `afriodds_rt=${refresh}`)).status).toBe(200);
  });

  it("answers a login while the API is down with UPSTREAM_UNAVAILABLE and the words the login dialog shows", async () => {
    const res = await post(down.app, "/api/users/login").set("content-type", "application/json").send({ username: "someone", password: "password123" });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: { code: "UPSTREAM_UNAVAILABLE", description: UPSTREAM_UNAVAILABLE_MESSAGE, type: "upstream" } });
  });
});

describe("forged cookies", () => {
  it("reads a cookie-parser JSON value (`j:...`) as no token: 401 in the envelope, never a 5xx", async () => {
    const cookie = 'afriodds_at=j:{"sub":"x"}; afriodds_rt=j:[1,2]';
    const session = await request(suite.stack.web.app).get("/api/session").set("cookie", cookie);
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ data: { user: null } });
    const refresh = await post(suite.stack.web.app, "/api/users/refresh").set("content-type", "application/json").set("cookie", cookie).send({});
    expect(refresh.status).toBe(401);
    expect(refresh.body).toEqual(envelope("AUTH_EXPIRED"));
    const page = await request(suite.stack.web.app).get("/dashboard").set("cookie", cookie);
    expect(page.status).toBe(302);
  });
});
