import { SignJWT } from "jose";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { TEST_JWT_SECRET, TEST_ORIGIN, webTier } from "../helpers/web.ts";
import { newAccount } from "../factories.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers["set-cookie"] ?? []);
const cookieValue = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0]?.slice(name.length + 1);

/** A verified account signed in through the web tier: its two token cookies. */
const signedIn = () => signInThroughWeb(suite);

/** An access token the web tier must refresh before use: it expires in 4 minutes. */
const nearExpiry = () =>
  new SignJWT({ typ: "access", ak: "near", sid: "s" }).setProtectedHeader({ alg: "HS256" }).setSubject("x").setIssuedAt().setExpirationTime("4m").sign(new TextEncoder().encode(TEST_JWT_SECRET));

/** One series of a counter, read from /metrics. */
async function counter(app: Parameters<typeof request>[0], series: string): Promise<number> {
  const text = (await request(app).get("/metrics")).text;
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
const upstreamErrors = (kind: string) => `afriodds_upstream_errors_total{kind="${kind}"}`;

describe("one refresh at a time per session", () => {
  it("shares one refresh among concurrent requests, and the session stays valid afterwards", async () => {
    const { refresh } = await signedIn();
    const stale = await nearExpiry();
    const ids = Array.from({ length: 8 }, (_, i) => `concurrent-${refresh.slice(0, 8)}-${i}`);
    const answers = await Promise.all(ids.map((id) => suite.stack.http.get("/api/users/me").set("x-request-id", id).set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const refreshes = ids.flatMap((id) => suite.stack.proxy.withRequestId(id)).filter((r) => r.path === "/users/refresh");
    expect(refreshes).toHaveLength(1);
    // Every answer hands out the same new session...
    const renewed = new Set(answers.map((a) => cookieValue(setCookies(a), "afriodds_rt")));
    expect(renewed.size).toBe(1);
    const [next] = [...renewed];
    expect(next).not.toBe(refresh);
    // ...which keeps working: it refreshes again, and its access token is accepted.
    const later = await suite.stack.http.post("/api/users/refresh").set("origin", TEST_ORIGIN).set("content-type", "application/json").set("cookie", `afriodds_rt=${next}`).send({});
    expect(later.status).toBe(200);
    const me = await suite.stack.http.get("/api/session").set("cookie", `afriodds_at=${cookieValue(setCookies(later), "afriodds_at")}; afriodds_rt=${cookieValue(setCookies(later), "afriodds_rt")}`);
    expect(me.status).toBe(200);
    expect(me.body.data.user.username).toMatch(/^bettor_/);
  });

  it("answers a request that still carries the old cookie a moment later with the same refresh", async () => {
    const { refresh } = await signedIn();
    const stale = await nearExpiry();
    const first = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    const late = await suite.stack.http.get("/api/users/me").set("x-request-id", `late-${refresh.slice(0, 8)}`).set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    expect([first.status, late.status]).toEqual([200, 200]);
    expect(cookieValue(setCookies(late), "afriodds_rt")).toBe(cookieValue(setCookies(first), "afriodds_rt"));
    expect(suite.stack.proxy.withRequestId(`late-${refresh.slice(0, 8)}`).map((r) => r.path)).toEqual(["/users/me"]);
  });

  it("retries at the next request a refresh that failed because the API was unavailable, keeping the cookies meanwhile", async () => {
    const { refresh } = await signedIn();
    const stale = await nearExpiry();
    suite.stack.proxy.failNext("POST", "/users/refresh", { status: 502 });
    const failed = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(setCookies(failed)).toEqual([]);
    const next = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    expect(next.status).toBe(200);
    expect(cookieValue(setCookies(next), "afriodds_rt")).not.toBe(refresh);
  });

  it("after logout, does not hand the old cookie the session's last refresh", async () => {
    const { refresh } = await signedIn();
    const stale = await nearExpiry();
    const refreshed = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    const cookies = setCookies(refreshed);
    const out = await suite.stack.http
      .post("/api/users/logout")
      .set("origin", TEST_ORIGIN)
      .set("content-type", "application/json")
      .set("cookie", `afriodds_at=${cookieValue(cookies, "afriodds_at")}; afriodds_rt=${cookieValue(cookies, "afriodds_rt")}`)
      .send({});
    expect(out.status).toBe(200);
    const replay = await suite.stack.http.get("/api/session").set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    expect(replay.status).toBe(401);
    expect(cookieValue(setCookies(replay), "afriodds_at")).toBe("");
  });
});

describe("upstream failures", () => {
  it("answers an API's 5xx as 502 UPSTREAM_UNAVAILABLE, never relaying it", async () => {
    suite.stack.proxy.failNext("GET", "/odds/summary", { status: 500 });
    const res = await suite.stack.http.get("/api/odds/summary?country=1");
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: { code: "UPSTREAM_UNAVAILABLE", description: expect.any(String), type: "upstream" } });
  });

  it("answers 503 UPSTREAM_UNAVAILABLE when the API does not answer in time", async () => {
    const web = await webTier(suite.stack.proxy.origin, {}, { upstreamTimeoutMs: 300 });
    suite.stack.proxy.failNext("GET", "/odds/summary", { delayMs: 2_000 });
    const started = Date.now();
    const res = await request(web.app).get("/api/odds/summary?country=1");
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(Date.now() - started).toBeLessThan(1_500);
    await web.close();
  });

  it("counts every kind of upstream failure, whoever made the call", async () => {
    const web = await webTier(suite.stack.proxy.origin, {}, { upstreamTimeoutMs: 300 });
    const { access, refresh } = await signedIn();
    // A 5xx answer to a BFF call, to a page's loader, and to /readyz.
    suite.stack.proxy.failNext("GET", "/odds/summary", { status: 500 });
    expect((await request(web.app).get("/api/odds/summary?country=1")).status).toBe(502);
    expect(await counter(web.metricsListener, upstreamErrors("server_error"))).toBe(1);
    suite.stack.proxy.failNext("GET", "/odds/summary", { status: 503 });
    await request(web.app).get("/dashboard").set("cookie", `afriodds_at=${access}; afriodds_rt=${refresh}`);
    expect(await counter(web.metricsListener, upstreamErrors("server_error"))).toBe(2);
    suite.stack.proxy.failNext("GET", "/healthz", { status: 500 });
    expect((await request(web.app).get("/readyz")).status).toBe(503);
    expect(await counter(web.metricsListener, upstreamErrors("server_error"))).toBe(3);
    // A timeout.
    suite.stack.proxy.failNext("GET", "/odds/summary", { delayMs: 1_000 });
    expect((await request(web.app).get("/api/odds/summary?country=1")).status).toBe(503);
    expect(await counter(web.metricsListener, upstreamErrors("timeout"))).toBe(1);
    // A dropped connection.
    suite.stack.proxy.failNext("GET", "/odds/summary", { reset: true });
    expect((await request(web.app).get("/api/odds/summary?country=1")).status).toBe(502);
    expect(await counter(web.metricsListener, upstreamErrors("unreachable"))).toBe(1);
    await web.close();

    // Nothing listening: /readyz's failed probe counts too.
    const orphan = await webTier("http://127.0.0.1:9");
    expect((await request(orphan.app).get("/readyz")).status).toBe(503);
    expect(await counter(orphan.metricsListener, upstreamErrors("unreachable"))).toBe(1);
    await orphan.close();
  });

  it("stops a page's loaders at the page deadline instead of waiting for the API", async () => {
    const web = await webTier(suite.stack.proxy.origin, {}, { renderTimeoutMs: 400 });
    const { access, refresh } = await signedIn();
    suite.stack.proxy.failNext("GET", "/odds/summary", { delayMs: 3_000 });
    const started = Date.now();
    const res = await request(web.app).get("/dashboard").set("cookie", `afriodds_at=${access}; afriodds_rt=${refresh}`);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.status).toBe(500);
    expect(await counter(web.metricsListener, upstreamErrors("timeout"))).toBe(1);
    await web.close();
  });
});

// server/bff/api-answers.ts: a body outside the contract is the API failing us, as a 5xx is.
describe("answers outside the contract", () => {
  const NOPE = '{"nope":1}';
  const envelope502 = { error: { code: "UPSTREAM_UNAVAILABLE", description: expect.any(String), type: "upstream" } };
  const serverErrors = () => counter(suite.stack.web.metricsListener, upstreamErrors("server_error"));

  it("answers a login the API answered with a stranger's body 502 UPSTREAM_UNAVAILABLE, setting no cookie, and counts it", async () => {
    const account = newAccount();
    await suite.stack.http.put("/api/users/register").set("origin", TEST_ORIGIN).set("content-type", "application/json").send(account).expect(201);
    for (const fault of [{ status: 200, json: NOPE }, { status: 200 }]) {
      const before = await serverErrors();
      suite.stack.proxy.failNext("POST", "/users/login", fault);
      const res = await suite.stack.http.post("/api/users/login").set("origin", TEST_ORIGIN).set("content-type", "application/json").send({ username: account.userName, password: account.password });
      expect(res.status).toBe(502);
      expect(res.body).toEqual(envelope502);
      expect(setCookies(res)).toEqual([]);
      expect(await serverErrors()).toBe(before + 1);
    }
  });

  it("answers GET /api/session 502 when the profile is not the contract's, keeping the cookies", async () => {
    const { cookie } = await signedIn();
    suite.stack.proxy.failNext("GET", "/users/me", { status: 200, json: '{"data":{"username":7}}' });
    const res = await suite.stack.http.get("/api/session").set("cookie", cookie);
    expect(res.status).toBe(502);
    expect(res.body).toEqual(envelope502);
    expect(setCookies(res)).toEqual([]);
  });

  it("keeps the cookies when a refresh is answered outside the contract, and refreshes at the next request", async () => {
    const { refresh } = await signedIn();
    const stale = await nearExpiry();
    suite.stack.proxy.failNext("POST", "/users/refresh", { status: 200, json: '{"data":{"token":1}}' });
    const failed = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual(envelope502);
    expect(setCookies(failed)).toEqual([]);
    const next = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${stale}; afriodds_rt=${refresh}`);
    expect(next.status).toBe(200);
    expect(cookieValue(setCookies(next), "afriodds_rt")).not.toBe(refresh);
  });

  it("answers GET /api/odds 502 when the odds are not the contract's, and caches nothing of them", async () => {
    const { cookie } = await signedIn();
    suite.stack.proxy.failNext("GET", "/odds?", { status: 200, json: NOPE });
    const failed = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual(envelope502);
    const next = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie);
    expect(next.status).toBe(200);
    expect(Array.isArray(next.body.data.events)).toBe(true);
  });

  it("shows a signed-in page the outage notice, not a 500, when the profile is not the contract's, and counts it", async () => {
    const { cookie } = await signedIn();
    const before = await serverErrors();
    suite.stack.proxy.failNext("GET", "/users/me", { status: 200, json: NOPE });
    const res = await suite.stack.http.get("/profile").set("cookie", cookie);
    expect(res.status).not.toBe(500);
    expect(res.text).toContain("Service unavailable");
    expect(await serverErrors()).toBe(before + 1);
  });

  it("refuses a live stream with 502, not a refusal of the session, when the API's session check is not the contract's", async () => {
    const { cookie } = await signedIn();
    suite.stack.proxy.failNext("GET", "/users/session-check", { status: 200, json: NOPE });
    const res = await suite.stack.http.get("/api/odds/stream?country=1&market=1").set("cookie", cookie).timeout(5_000);
    expect(res.status).toBe(502);
    expect(res.body).toEqual(envelope502);
    expect(setCookies(res)).toEqual([]);
  });
});

describe("what the BFF asks of the API", () => {
  it("asks for identity where it parses the answer and passes the browser's Accept-Encoding where it relays it", async () => {
    const account = newAccount();
    const json = (path: string) => suite.stack.http.post(path).set("origin", TEST_ORIGIN).set("content-type", "application/json").set("accept-encoding", "br");
    await suite.stack.http.put("/api/users/register").set("origin", TEST_ORIGIN).set("content-type", "application/json").set("x-request-id", `reg-${account.userName}`).set("accept-encoding", "br").send(account).expect(201);
    await json("/api/users/verify-email").set("x-request-id", `verify-${account.userName}`).send({ email: account.email, otp: suite.sink.latestCode(account.email) }).expect(200);
    const login = await json("/api/users/login").set("x-request-id", `login-${account.userName}`).send({ username: account.userName, password: account.password }).expect(200);
    const stale = await nearExpiry();
    await suite.stack.http.get("/api/session").set("accept-encoding", "br").set("x-request-id", `session-${account.userName}`).set("cookie", `afriodds_at=${stale}; afriodds_rt=${cookieValue(setCookies(login), "afriodds_rt")}`).expect(200);
    const encoding = (id: string) => suite.stack.proxy.withRequestId(id).map((r) => `${r.path} ${r.headers["accept-encoding"]}`);
    expect(encoding(`reg-${account.userName}`)).toEqual(["/users/register br"]);
    expect(encoding(`verify-${account.userName}`)).toEqual(["/users/verify-email identity"]);
    expect(encoding(`login-${account.userName}`)).toEqual(["/users/login identity"]);
    expect(encoding(`session-${account.userName}`)).toEqual(["/users/refresh identity", "/users/me identity"]);
  });
});

describe("metrics", () => {
  it("labels requests by route, so random paths never add a series", async () => {
    const web = await webTier(suite.stack.proxy.origin);
    await request(web.app).get("/nigeria");
    await request(web.app).get("/api/odds/summary?country=1");
    const series = async () => (await request(web.metricsListener).get("/metrics")).text.split("\n").filter((l) => l.startsWith("afriodds_http_requests_total{"));
    // One of each kind first, /metrics included, so every series that can exist exists.
    for (const path of ["/no-such-page", "/api/no/such/call", "/assets/nothing.js", "/metrics"]) await request(web.app).get(path);
    const before = await series();
    expect(before.some((l) => l.includes('route="/nigeria"'))).toBe(true);
    expect(before.some((l) => l.includes('route="/api/odds/summary"'))).toBe(true);
    const tags = Array.from({ length: 20 }, () => Math.random().toString(36).slice(2));
    for (const tag of tags) {
      await request(web.app).get(`/${tag}`);
      await request(web.app).get(`/api/users/${tag}`);
      await request(web.app).get(`/assets/${tag}.js`);
    }
    const after = await series();
    const labels = (lines: string[]) => lines.map((l) => l.slice(0, l.lastIndexOf(" ")));
    expect(labels(after)).toEqual(labels(before));
    for (const tag of tags) expect(after.join("\n")).not.toContain(tag);
    await web.close();
  });
});
