import { SignJWT } from "jose";
import type request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { startPipeline } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { startWebStack, TEST_ORIGIN } from "../helpers/web.ts";
import { newAccount } from "../factories.ts";

let database: TestDatabase;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let stack: Awaited<ReturnType<typeof startWebStack>>;
let pipeline: Awaited<ReturnType<typeof startPipeline>>;

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  sink = await startSmtpSink();
  // A minute, so that "reused" cannot depend on how fast the test runs; expiry is unit-tested.
  stack = await startWebStack(database, { smtpUrl: sink.url, oddsCacheMs: 60_000 });
  pipeline = await startPipeline({ api: stack.api.api, clock: stack.api.api.clock });
  await pipeline.collector.runCycle();
}, 120_000);
afterAll(async () => {
  await pipeline?.close();
  await stack?.close();
  await sink?.close();
  await database?.drop();
});

const cookiesOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");

async function signedIn(): Promise<string> {
  const account = newAccount();
  await stack.http.put("/api/users/register").set("origin", TEST_ORIGIN).set("content-type", "application/json").send(account).expect(201);
  const res = await stack.http.post("/api/users/verify-email").set("origin", TEST_ORIGIN).set("content-type", "application/json").send({ email: account.email, otp: sink.latestCode(account.email) });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

/** The /odds calls the API was sent for one query (the proxy sees every request). */
const oddsCallsFor = (query: string) => stack.proxy.seen.filter((r) => r.path.startsWith(`/odds?${query}&k=`)).length;

describe("the web tier's one-second odds cache", () => {
  it("answers a signed-in user's repeated odds request without asking the API again", async () => {
    const cookie = await signedIn();
    const query = "country=1&competition=1&market=1";
    const first = await stack.http.get(`/api/odds?${query}`).set("cookie", cookie);
    const second = await stack.http.get(`/api/odds?${query}`).set("cookie", cookie);
    expect(first.status).toBe(200);
    expect(first.body.data.events.length).toBeGreaterThan(0);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(oddsCallsFor(query)).toBe(1);
  });

  it("still asks the API about a session it has not yet seen, though the answer is cached", async () => {
    const query = "country=1&competition=2&market=4";
    await stack.http.get(`/api/odds?${query}`).set("cookie", await signedIn()).expect(200);
    const other = await signedIn();
    await stack.http.get(`/api/odds?${query}`).set("cookie", other).expect(200);
    expect(oddsCallsFor(query)).toBe(2);
    await stack.http.get(`/api/odds?${query}`).set("cookie", other).expect(200);
    expect(oddsCallsFor(query)).toBe(2);
  });

  it("never answers a forged access token from the cache", async () => {
    const query = "country=1&competition=3&market=1";
    await stack.http.get(`/api/odds?${query}`).set("cookie", await signedIn()).expect(200);
    const forged = await new SignJWT({ typ: "access", ak: "forged", sid: "s" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode("not-the-secret-not-the-secret-not-the-secret"));
    const res = await stack.http.get(`/api/odds?${query}`).set("cookie", `afriodds_at=${forged}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("AUTH_EXPIRED");
    expect(res.body.data).toBeUndefined();
    expect(oddsCallsFor(query)).toBe(2);
  });

  it("answers 304 to the cached ETag without asking the API", async () => {
    const cookie = await signedIn();
    const query = "country=1&competition=4&market=8";
    const first = await stack.http.get(`/api/odds?${query}`).set("cookie", cookie).expect(200);
    const again = await stack.http.get(`/api/odds?${query}`).set("cookie", cookie).set("if-none-match", first.headers.etag as string);
    expect(again.status).toBe(304);
    expect(oddsCallsFor(query)).toBe(1);
  });

  it("asks the API again for a token replayed after logout", async () => {
    const cookie = await signedIn();
    const query = "country=1&competition=1&market=7";
    await stack.http.get(`/api/odds?${query}`).set("cookie", cookie).expect(200);
    await stack.http.post("/api/users/logout").set("origin", TEST_ORIGIN).set("content-type", "application/json").set("cookie", cookie).send({}).expect(200);
    const access = cookie.split("; ").find((c) => c.startsWith("afriodds_at="))!;
    await stack.http.get(`/api/odds?${query}`).set("cookie", access);
    expect(oddsCallsFor(query)).toBe(2);
  });
});
