import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { SignJWT } from "jose";
import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import { REGISTER_ALL_KEY } from "#api/accounts/signup/registration.ts";
import { DEFAULT_CHALLENGE_MAX_NUMBER } from "#api/config.ts";
import type { RegisterChallenge } from "#shared/contract.ts";
import { solveSignupChallenge } from "#shared/signup-proof.ts";
import { MANY_REGISTRATIONS, rawGet, TEST_JWT_SECRET, TEST_ORIGIN, webTier } from "../helpers/web.ts";
import { newAccount } from "../factories.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const ORIGIN = TEST_ORIGIN;
const SECRET = new TextEncoder().encode(TEST_JWT_SECRET);

const suite = useWebSuite();

const post = (path: string) => suite.stack.http.post(path).set("origin", ORIGIN).set("content-type", "application/json");
const cookieHeader = (res: request.Response) => ([] as string[]).concat(res.headers["set-cookie"] ?? []);
const jar = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).filter((c) => !c!.endsWith("=")).join("; ");

/** A verified account signed in through the web tier: its cookies. */
async function signedIn() {
  const session = await signInThroughWeb(suite);
  return { account: session.account, cookies: session.setCookies, user: session.res.body.data.user };
}

function cookieValue(setCookies: string[], name: string) {
  return setCookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0]?.slice(name.length + 1);
}

/** The answer carries the session only in its cookies: neither token value nor a token field is in the body. */
function expectNoTokenInBody(res: request.Response, what: string) {
  expect(res.status, what).toBe(200);
  const cookies = cookieHeader(res);
  const values = ["afriodds_at", "afriodds_rt"].map((name) => cookieValue(cookies, name));
  expect(values.every((v) => v && v.length > 20), what).toBe(true);
  for (const value of values) expect(res.text, what).not.toContain(value);
  expect(res.text, what).not.toMatch(/"(token|refreshToken|accessToken)"/i);
  expect(Object.keys(res.body.data), what).toEqual(["user"]);
}

describe("the backend-for-frontend", () => {
  it("keeps tokens in HttpOnly cookies", async () => {
    const { cookies, user } = await signedIn();
    expect(user).toMatchObject({ username: expect.any(String), country: "1" });
    const access = cookies.find((c) => c.startsWith("afriodds_at="))!;
    const refresh = cookies.find((c) => c.startsWith("afriodds_rt="))!;
    for (const c of [access, refresh]) {
      expect(c).toMatch(/HttpOnly/i);
      expect(c).toMatch(/SameSite=Lax/i);
      expect(c).toMatch(/Path=\//);
    }
  });

  it("never puts a token in the body of verify-email, login or reset-password", async () => {
    const account = newAccount();
    await suite.stack.http.put("/api/users/register").set("origin", ORIGIN).set("content-type", "application/json").send(account).expect(201);
    expectNoTokenInBody(await post("/api/users/verify-email").send({ email: account.email, otp: suite.sink.latestCode(account.email) }), "verify-email");
    expectNoTokenInBody(await post("/api/users/login").send({ username: account.userName, password: account.password }), "login");
    expect((await post("/api/users/forgot-password").send({ email: account.email })).status).toBe(200);
    // The reset code is mailed after the answer.
    await vi.waitFor(() => expect(suite.sink.to(account.email)).toHaveLength(2), { timeout: 10_000 });
    const reset = await post("/api/users/reset-password").send({ email: account.email, otp: suite.sink.latestCode(account.email), password: "a new horse battery" });
    expectNoTokenInBody(reset, "reset-password");
  });

  it("uses the __Host- prefix and Secure over HTTPS", async () => {
    const web = await webTier(suite.stack.api.origin, { PUBLIC_ORIGIN: "https://afriodds.ng" });
    const account = newAccount();
    await request(web.app).put("/api/users/register").set("origin", "https://afriodds.ng").set("content-type", "application/json").send(account).expect(201);
    const res = await request(web.app).post("/api/users/verify-email").set("origin", "https://afriodds.ng").set("content-type", "application/json").send({ email: account.email, otp: suite.sink.latestCode(account.email) });
    const cookies = cookieHeader(res);
    expect(cookies.some((c) => /^__Host-afriodds_at=.+;.*Secure/i.test(c))).toBe(true);
    await web.close();
  });

  it("answers the session, and clears the cookies on logout", async () => {
    const { cookies, user } = await signedIn();
    const session = await suite.stack.http.get("/api/session").set("cookie", jar(cookies));
    expect(session.status).toBe(200);
    expect(session.body.data.user).toEqual(user);
    const out = await post("/api/users/logout").set("cookie", jar(cookies)).send({});
    expect(out.status).toBe(200);
    expect(cookieHeader(out).join(" ")).toMatch(/afriodds_at=;.*Expires=Thu, 01 Jan 1970/);
    const refreshAfter = await post("/api/users/refresh").set("cookie", jar(cookies)).send({});
    expect(refreshAfter.status).toBe(401);
  });

  it("refreshes an access token within 5 minutes of expiry before forwarding", async () => {
    const { cookies } = await signedIn();
    const nearExpiry = await new SignJWT({ typ: "access", ak: "near", sid: "s" }).setProtectedHeader({ alg: "HS256" }).setSubject("x").setIssuedAt().setExpirationTime("4m").sign(SECRET);
    const refreshToken = cookieValue(cookies, "afriodds_rt")!;
    const res = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${nearExpiry}; afriodds_rt=${refreshToken}`);
    expect(res.status).toBe(200);
    const renewed = cookieHeader(res);
    expect(cookieValue(renewed, "afriodds_at")).not.toBe(nearExpiry);
    expect(cookieValue(renewed, "afriodds_rt")).not.toBe(refreshToken);
  });

  it("refreshes once and retries once after an upstream 401", async () => {
    const { cookies } = await signedIn();
    // Fresh by its expiry, but not signed by the API: the API answers 401.
    const forged = await new SignJWT({ typ: "access", ak: "forged", sid: "s" }).setProtectedHeader({ alg: "HS256" }).setSubject("x").setIssuedAt().setExpirationTime("15m").sign(new TextEncoder().encode("another-secret-another-secret-another"));
    const refreshToken = cookieValue(cookies, "afriodds_rt")!;
    const res = await suite.stack.http.get("/api/users/me").set("x-request-id", "one-retry-1").set("cookie", `afriodds_at=${forged}; afriodds_rt=${refreshToken}`);
    expect(res.status).toBe(200);
    // What the API was sent for this request: the call, one refresh, one retry.
    expect(suite.stack.proxy.withRequestId("one-retry-1").map((r) => `${r.method} ${r.path}`)).toEqual(["GET /users/me", "POST /users/refresh", "GET /users/me"]);
    expect(cookieValue(cookieHeader(res), "afriodds_rt")).not.toBe(refreshToken);
    const renewed = cookieValue(cookieHeader(res), "afriodds_rt")!;
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers 401 AUTH_EXPIRED and clears the cookies when the refresh fails", async () => {
    const forged = await new SignJWT({ typ: "access", ak: "x", sid: "s" }).setProtectedHeader({ alg: "HS256" }).setSubject("x").setIssuedAt().setExpirationTime("15m").sign(new TextEncoder().encode("another-secret-another-secret-another"));
    const res = await suite.stack.http.get("/api/users/me").set("cookie", `afriodds_at=${forged}; afriodds_rt=not-a-real-token`);
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: "AUTH_EXPIRED", description: "Session expired. Please log in again.", type: "auth" });
    expect(cookieHeader(res).join(" ")).toMatch(/afriodds_rt=;/);
  });

  it("computes the checksum the odds API accepts", async () => {
    const { cookies } = await signedIn();
    const res = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", jar(cookies));
    expect(res.status).toBe(200);
    expect(res.body.data.events.length).toBeGreaterThan(0);
    expect((await suite.stack.http.get("/api/odds?country=1&competition=1&market=1")).status).toBe(401);
  });

  it("refuses a foreign Origin and a non-JSON body with 403 CSRF_REJECTED", async () => {
    const foreign = await suite.stack.http.post("/api/users/login").set("origin", "https://evil.example").set("content-type", "application/json").send({ username: "a", password: "b" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("CSRF_REJECTED");
    const form = await suite.stack.http.post("/api/users/login").set("origin", ORIGIN).set("content-type", "application/x-www-form-urlencoded").send("username=a&password=b");
    expect(form.status).toBe(403);
    expect(form.body.error.code).toBe("CSRF_REJECTED");
    const sameSite = await suite.stack.http.post("/api/users/login").set("sec-fetch-site", "same-origin").set("content-type", "application/json").send({ username: "nobody_here", password: "whatever1" });
    expect(sameSite.status).toBe(401);
    const crossSite = await suite.stack.http.post("/api/users/login").set("sec-fetch-site", "cross-site").set("content-type", "application/json").send({ username: "a", password: "b" });
    expect(crossSite.status).toBe(403);
  });

  it("refuses a state-changing call with neither Origin nor Sec-Fetch-Site", async () => {
    const res = await suite.stack.http.post("/api/users/login").set("content-type", "application/json").send({ username: "nobody_here", password: "whatever1" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("CSRF_REJECTED");
    expect(suite.stack.proxy.seen.filter((r) => r.path === "/users/login" && r.headers["x-request-id"] === res.headers["x-request-id"])).toEqual([]);
  });

  it("answers 404 to anything outside the contract", async () => {
    for (const [method, path] of [["get", "/api/users/list"], ["delete", "/api/users/me"], ["get", "/api/healthz"], ["get", "/api/users/register"]] as const) {
      const res = await suite.stack.http[method](path).set("origin", ORIGIN).set("content-type", "application/json");
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("forwards the request id and the client address to the API", async () => {
    const res = await suite.stack.http.get("/api/odds/summary?country=1").set("x-request-id", "req-12345");
    expect(res.status).toBe(200);
    expect(res.headers["x-request-id"]).toBe("req-12345");
    const [seen] = suite.stack.proxy.withRequestId("req-12345");
    expect(seen?.path).toBe("/odds/summary?country=1");
    expect(seen?.headers["x-forwarded-for"]).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it("behind a proxy (TRUST_PROXY) forwards the browser's address, not the proxy's", async () => {
    const web = await webTier(suite.stack.proxy.origin, { TRUST_PROXY: "1" });
    const res = await request(web.app).get("/api/odds/summary?country=1").set("x-request-id", "req-behind-cdn").set("x-forwarded-for", "203.0.113.7");
    expect(res.status).toBe(200);
    expect(suite.stack.proxy.withRequestId("req-behind-cdn").map((r) => r.headers["x-forwarded-for"])).toEqual(["203.0.113.7"]);
    await web.close();
  });

  it("makes up a request id when the browser sends none, and forwards it", async () => {
    const res = await suite.stack.http.get("/api/odds/summary?country=1");
    const id = res.headers["x-request-id"]!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(suite.stack.proxy.withRequestId(id)).toHaveLength(1);
  });

  it("logs analytics beacons and refuses unknown ones", async () => {
    expect((await post("/api/events").send({ name: "page_view", path: "/nigeria" })).status).toBe(202);
    expect((await post("/api/events").send({ name: "steal_cookies" })).status).toBe(400);
  });

  it("lets a newcomer through a sign-up flood with a solved challenge, the challenge and the solution passing through to the API", async () => {
    const { db, clock } = suite.stack.api.api;
    // The overall budget spent, as a flood leaves it (docs/decisions/023-proof-of-work-under-flood.md).
    const spent = { key: REGISTER_ALL_KEY, window_start: clock(), count: Number(MANY_REGISTRATIONS.REGISTRATIONS_PER_10_MIN), blocked_until: null };
    await db.kysely.insertInto("rate_limits").values(spent).onConflict((oc) => oc.column("key").doUpdateSet({ window_start: spent.window_start, count: spent.count })).execute();
    try {
      const account = newAccount();
      const register = () => suite.stack.http.put("/api/users/register").set("origin", ORIGIN).set("content-type", "application/json");
      const refused = await register().send(account);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe("CHALLENGE_REQUIRED");
      const challenge = await suite.stack.http.get("/api/users/register/challenge");
      expect(challenge.status).toBe(200);
      expect(challenge.headers["cache-control"]).toBe("no-store");
      // Production's difficulty, solved for real: the one test that pays for it (about a second).
      expect(challenge.body.data.maxnumber).toBe(DEFAULT_CHALLENGE_MAX_NUMBER);
      const altcha = await solveSignupChallenge(challenge.body.data as RegisterChallenge);
      const res = await register().send({ ...account, altcha });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toEqual({ email: account.email });
    } finally {
      await db.kysely.deleteFrom("rate_limits").where("key", "=", REGISTER_ALL_KEY).execute();
    }
  });

  it("answers 502 UPSTREAM_UNAVAILABLE in JSON when the odds API is down", async () => {
    const web = await webTier("http://127.0.0.1:9");
    const res = await request(web.app).get("/api/odds/summary?country=1");
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    const page = await request(web.app).get("/nigeria");
    expect(page.status).toBe(200);
    expect((await request(web.app).get("/readyz")).status).toBe(503);
    expect((await request(web.app).get("/healthz")).status).toBe(200);
    await web.close();
  });
});

describe("pages", () => {
  it("renders the dashboard's odds tables into the first HTML for a signed-in user, privately", async () => {
    const { cookies } = await signedIn();
    const res = await suite.stack.http.get("/dashboard").set("cookie", jar(cookies));
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.text).toMatch(/<table/);
    expect(res.text).toMatch(/Bet9ja|SportyBet|BetKing/);
  });

  it("redirects a protected page home without a session, naming the page to return to after sign-in", async () => {
    for (const path of ["/dashboard", "/profile", "/help", "/feedback"]) {
      const res = await suite.stack.http.get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location).toBe(`/?next=${encodeURIComponent(path)}`);
    }
    // The query comes back too; a page that is not ours is never named.
    expect((await suite.stack.http.get("/dashboard?competition=2&market=3")).headers.location).toBe(`/?next=${encodeURIComponent("/dashboard?competition=2&market=3")}`);
  });

  it("answers 404 for an unknown route", async () => {
    const res = await suite.stack.http.get("/no-such-page");
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/<div id="root">/);
  });

  it("answers the static 500 page, with its own CSP, when the shell cannot render", async () => {
    // The real render path with a route tree whose layout throws: React reports a shell error.
    const Broken = () => {
      throw new Error("the layout failed");
    };
    const web = await webTier(suite.stack.api.origin, {}, { routes: [{ path: "/", Component: Broken, children: [{ path: "*" }] }] });
    const res = await request(web.app).get("/no-such-page");
    expect(res.status).toBe(500);
    expect(res.text).toMatch(/Something went wrong!/);
    expect(res.text).not.toMatch(/<script/);
    expect(res.headers["cache-control"]).toBe("no-store");
    // Nothing may load and nothing may frame it; its inline style still applies.
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect(res.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(res.headers["content-security-policy"]).toMatch(/style-src 'unsafe-inline'/);
    await web.close();
  });

  it("puts the rendered page's nonce on every inline script and in the CSP", async () => {
    const { cookies } = await signedIn();
    const res = await suite.stack.http.get("/profile").set("cookie", jar(cookies));
    const csp = res.headers["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toMatch(/base-uri 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("serves the eight public pages prerendered, cacheable, with a strong ETag, hashed inline scripts and a 304", async () => {
    for (const path of ["/", "/nigeria", "/kenya", "/ghana", "/about", "/terms", "/privacy", "/responsible-gambling"]) {
      const res = await suite.stack.http.get(path);
      expect(res.status, path).toBe(200);
      // The Nigeria page carries live preview odds: half a minute at a CDN (web-preview.test.ts).
      expect(res.headers["cache-control"], path).toBe(path === "/nigeria" ? "public, max-age=0, s-maxage=30, stale-while-revalidate=60" : "public, max-age=0, s-maxage=600, stale-while-revalidate=86400");
      const etag = res.headers.etag!;
      expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix
      const csp = res.headers["content-security-policy"]!;
      for (const directive of ["base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'"]) expect(csp, path).toContain(directive);
      for (const [, body] of res.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        const hash = `sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}`;
        expect(csp, path).toContain(`'${hash}'`);
      }
      expect((await suite.stack.http.get(path).set("if-none-match", etag)).status).toBe(304);
    }
  });

  it("keeps the landing page's first response, headers included, within 14,600 bytes gzip", async () => {
    // The bytes a browser receives in its first round trip: the header block and the precompressed body.
    const res = await rawGet(suite.stack.web.app, "/", { "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString("utf8")).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
    expect(res.headerBytes).toBeGreaterThan(500);
    expect(res.headerBytes + res.body.length).toBeLessThanOrEqual(14_600);
  });

  it("inlines only the landing page's own rules and loads the full stylesheet, then the app, after the first paint", async () => {
    const res = await suite.stack.http.get("/");
    const inline = /<style>([\s\S]*?)<\/style>/.exec(res.text)?.[1] ?? "";
    const boot = /<script id="_R_">([\s\S]*?)<\/script>/.exec(res.text)?.[1] ?? "";
    const stylesheet = /\("stylesheet","([^"]+)"\)/.exec(boot)?.[1];
    expect(stylesheet).toMatch(/^\/assets\/styles-[\w-]+\.css$/);
    expect(boot).toMatch(/requestAnimationFrame/);
    expect(res.text).not.toMatch(/<link rel="modulepreload"|<script[^>]+src=/);
    const full = await suite.stack.http.get(stylesheet!).set("accept-encoding", "br");
    expect(full.status).toBe(200);
    expect(full.headers["content-type"]).toMatch(/^text\/css/);
    expect(full.headers["content-encoding"]).toBe("br");
    // The dialogs and odds tables are styled by the full sheet only: the page inlines what it shows.
    expect(inline).toMatch(/\.top-bar\b/);
    expect(inline).not.toMatch(/\.modal-card\b|\.odds-table\b/);
    const fullCss = (await suite.stack.http.get(stylesheet!)).text;
    expect(fullCss).toMatch(/\.modal-card\b/);
    expect(fullCss).toMatch(/\.odds-table\b/);
  });

  it("sends security headers and serves hashed assets immutable and precompressed", async () => {
    const res = await suite.stack.http.get("/");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const script = /import\("([^"]+)"\)/.exec(res.text)?.[1];
    // The public pages' entry (decision 021).
    expect(script).toMatch(/^\/assets\/public-\w+\.js$/);
    const asset = await suite.stack.http.get(script!).set("accept-encoding", "br");
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-encoding"]).toBe("br");
  });

  it("exposes Prometheus metrics", async () => {
    const res = await request(suite.stack.web.metricsListener).get("/metrics");
    expect(res.text).toMatch(/afriodds_http_requests_total/);
    expect(res.text).toMatch(/afriodds_http_request_duration_seconds_bucket/);
  });
});
