import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../helpers/web.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

// A minute, so that "reused" cannot depend on how fast the test runs; expiry is unit-tested.
const suite = useWebSuite({ oddsCacheMs: 60_000 });

const signedIn = async (): Promise<string> => (await signInThroughWeb(suite)).cookie;

/** The /odds calls the API was sent for one query (the proxy sees every request). */
const oddsCallsFor = (query: string) => suite.stack.proxy.seen.filter((r) => r.path.startsWith(`/odds?${query}&k=`)).length;

describe("the web tier's one-second odds cache", () => {
  it("answers a signed-in user's repeated odds request without asking the API again", async () => {
    const cookie = await signedIn();
    const query = "country=1&competition=1&market=1";
    const first = await suite.stack.http.get(`/api/odds?${query}`).set("cookie", cookie);
    const second = await suite.stack.http.get(`/api/odds?${query}`).set("cookie", cookie);
    expect(first.status).toBe(200);
    expect(first.body.data.events.length).toBeGreaterThan(0);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(oddsCallsFor(query)).toBe(1);
  });

  it("still asks the API about a session it has not yet seen, though the answer is cached", async () => {
    const query = "country=1&competition=2&market=4";
    await suite.stack.http.get(`/api/odds?${query}`).set("cookie", await signedIn()).expect(200);
    const other = await signedIn();
    await suite.stack.http.get(`/api/odds?${query}`).set("cookie", other).expect(200);
    expect(oddsCallsFor(query)).toBe(2);
    await suite.stack.http.get(`/api/odds?${query}`).set("cookie", other).expect(200);
    expect(oddsCallsFor(query)).toBe(2);
  });

  it("never answers a forged access token from the cache", async () => {
    const query = "country=1&competition=3&market=1";
    await suite.stack.http.get(`/api/odds?${query}`).set("cookie", await signedIn()).expect(200);
    const forged = await new SignJWT({ typ: "access", ak: "forged", sid: "s" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode("not-the-secret-not-the-secret-not-the-secret"));
    const res = await suite.stack.http.get(`/api/odds?${query}`).set("cookie", `afriodds_at=${forged}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("AUTH_EXPIRED");
    expect(res.body.data).toBeUndefined();
    expect(oddsCallsFor(query)).toBe(2);
  });

  it("answers 304 to the cached ETag without asking the API", async () => {
    const cookie = await signedIn();
    const query = "country=1&competition=4&market=8";
    const first = await suite.stack.http.get(`/api/odds?${query}`).set("cookie", cookie).expect(200);
    const again = await suite.stack.http.get(`/api/odds?${query}`).set("cookie", cookie).set("if-none-match", first.headers.etag as string);
    expect(again.status).toBe(304);
    expect(oddsCallsFor(query)).toBe(1);
  });

  it("asks the API again for a token replayed after logout", async () => {
    const cookie = await signedIn();
    const query = "country=1&competition=1&market=7";
    await suite.stack.http.get(`/api/odds?${query}`).set("cookie", cookie).expect(200);
    await suite.stack.http.post("/api/users/logout").set("origin", TEST_ORIGIN).set("content-type", "application/json").set("cookie", cookie).send({}).expect(200);
    const access = cookie.split("; ").find((c) => c.startsWith("afriodds_at="))!;
    await suite.stack.http.get(`/api/odds?${query}`).set("cookie", access);
    expect(oddsCallsFor(query)).toBe(2);
  });

  it("serves the dashboard's server render from the same cache: a second render within the cache time does not reach the API's /odds, nor does /api/odds after it", async () => {
    const cookie = await signedIn();
    const oddsCalls = () => suite.stack.proxy.seen.filter((r) => r.path.startsWith("/odds?")).length;
    const before = oddsCalls();
    const first = await suite.stack.http.get("/dashboard").set("cookie", cookie);
    expect(first.status).toBe(200);
    expect(first.text).toMatch(/<table/);
    expect(oddsCalls()).toBe(before + 1);
    const asked = suite.stack.proxy.seen.filter((r) => r.path.startsWith("/odds?")).at(-1)!.path;
    const query = asked.slice("/odds?".length, asked.indexOf("&k="));

    const second = await suite.stack.http.get("/dashboard").set("cookie", cookie);
    expect(second.status).toBe(200);
    expect(second.text).toMatch(/<table/);
    const fromApi = await suite.stack.http.get(`/api/odds?${query}`).set("cookie", cookie);
    expect(fromApi.status).toBe(200);
    expect(fromApi.body.data.events.length).toBeGreaterThan(0);
    expect(oddsCalls()).toBe(before + 1);
  });
});
