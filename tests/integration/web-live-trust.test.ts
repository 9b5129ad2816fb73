import { get, type IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FixtureInput } from "#api/odds/write/store.ts";
import type { newAccount } from "../factories.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { serveApiWithLive, signInThrough, startLiveApi, startLiveWeb, type LiveWeb } from "../helpers/live-stack.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { openSseClient, pollUntil, type SseClient } from "../helpers/sse-client.ts";
import { TEST_JWT_SECRET, TEST_ORIGIN, startRecordingProxy, type RecordingProxy } from "../helpers/web.ts";

const dialects = await testDialects();
const KICKOFF = new Date(Date.now() + 3 * 24 * 3600_000);
/** Every kind of stream view a browser can ask for. */
const VIEWS = ["country=1", "country=1&competition=1&market=1", "country=1&market=1", "country=1&event=c1:trust", "country=1&event=c1:trust&market=1"];

const oneX2 = (key: string, price: number): FixtureInput => ({
  key,
  competitionId: 1,
  home: "Arsenal",
  away: "Chelsea",
  kickoff: KICKOFF,
  prices: [1, 2, 3].map((selectionTypeId) => ({ bookmaker: 1, marketId: 1, selectionTypeId, price: selectionTypeId === 1 ? price : 3.3, boosted: false })),
});

const farFuture = () => Math.floor(Date.now() / 1000) + 365 * 24 * 3600;
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const claims = (sub: string) => ({ sub, ak: "a".repeat(22), sid: "00000000-0000-4000-8000-000000000000", typ: "access" });

/** `alg: none`: a header and claims, no signature. */
const unsigned = (sub: string) => `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ ...claims(sub), exp: farFuture() })}.`;
const signedWith = (secret: string, sub: string, exp: number) =>
  new SignJWT(claims(sub)).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(sub).setExpirationTime(exp).sign(new TextEncoder().encode(secret));

describe.each(dialects)("the live stream trusts only sessions the API vouches for, on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let api: Awaited<ReturnType<typeof startLiveApi>>;
  let served: Awaited<ReturnType<typeof serveApiWithLive>>;
  let proxy: RecordingProxy;
  let web: LiveWeb;
  let rechecking: LiveWeb;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    api = await startLiveApi(database, sink);
    served = await serveApiWithLive(api.api, { heartbeatMs: 200 });
    proxy = await startRecordingProxy(served.origin);
    // Production's verdict age (30 s) and heartbeat (15 s): whatever ends within a test's seconds here was not a recheck.
    web = await startLiveWeb(proxy.origin, { lingerMs: 60_000, minBackoffMs: 50, maxBackoffMs: 200 });
    // Verdicts kept 300 ms and rechecked every 300 ms heartbeat: a revocation elsewhere is seen within a second here (at most 45 s in production).
    rechecking = await startLiveWeb(proxy.origin, { heartbeatMs: 300, lingerMs: 60_000, minBackoffMs: 50, maxBackoffMs: 200 }, { maxAgeMs: 300 });
    await write([oneX2("c1:trust", 2.1)]);
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await rechecking?.close();
    await proxy?.close();
    await served?.serving.close();
    await api?.api.close();
    await sink?.close();
    await database?.drop();
  });

  async function write(fixtures: FixtureInput[]) {
    await writeStoreRun(api.api.db.kysely, fixtures, api.clock());
    await api.api.odds.refresh();
  }
  const browser = (query: string, cookie: string, on = web): SseClient => openSseClient(`${on.origin}/api/odds/stream?${query}`, { cookie });
  const ready = (s: SseClient) => pollUntil(() => s.events("ready").length === 1 || s.markets().length > 0);
  const accessOf = (cookie: string) => /afriodds_at=([^;]+)/.exec(cookie)![1]!;
  const refreshOf = (cookie: string) => /afriodds_rt=([^;]+)/.exec(cookie)![1]!;
  const upstreamBearers = () => proxy.seen.filter((r) => r.path.startsWith("/odds/stream")).map((r) => String(r.headers.authorization).replace(/^Bearer /, ""));
  /** Logs a session out at the API directly, as another web replica would. */
  const logoutElsewhere = async (cookie: string) => {
    const res = await fetch(`${served.origin}/users/logout`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ refreshToken: refreshOf(cookie) }) });
    expect(res.status).toBe(200);
  };
  const loginAgain = async (account: ReturnType<typeof newAccount>) => {
    const res = await web.http.post("/api/users/login").set({ origin: TEST_ORIGIN, "content-type": "application/json" }).send({ username: account.userName, password: account.password }).expect(200);
    return ([] as string[]).concat(res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  };

  it("refuses alg:none, a wrong key, an expired token and a revoked session's token on every view, in the envelope, and never offers one upstream", async () => {
    const revoked = await signInThrough(web, sink);
    await logoutElsewhere(revoked.cookie);
    const forged = {
      "alg: none": unsigned("someone"),
      "a wrong key": await signedWith("another-secret-that-is-long-enough-for-hs256-000", "someone", farFuture()),
      expired: await signedWith(TEST_JWT_SECRET, "someone", Math.floor(Date.now() / 1000) - 60),
      "a revoked session": accessOf(revoked.cookie),
    };
    for (const [kind, token] of Object.entries(forged)) {
      for (const view of VIEWS) {
        const res = await web.http.get(`/api/odds/stream?${view}`).set({ cookie: `afriodds_at=${token}` });
        expect([kind, view, res.status, res.body.error?.code, res.headers["content-type"]]).toEqual([kind, view, 401, expect.stringMatching(/^AUTH_/), expect.stringMatching(/application\/json/)]);
      }
    }
    expect(await web.metric("afriodds_live_streams_open")).toBe(0);
    const seen = new Set(upstreamBearers());
    for (const token of Object.values(forged)) expect(seen.has(token)).toBe(false);
  });

  it("keeps a real bettor's prices flowing while 200 forged-cookie requests arrive, and the upstream rests only on verified tokens", async () => {
    const real = await signInThrough(web, sink);
    const s = browser("country=1&competition=1&market=1", real.cookie);
    await ready(s);
    const flood = Array.from({ length: 200 }, (_, i) => web.http.get(`/api/odds/stream?${VIEWS[i % VIEWS.length]}`).set({ cookie: `afriodds_at=${unsigned(`forger-${i}`)}` }));
    const prices = [2.2, 2.3, 2.4, 2.5];
    for (const price of prices) await write([oneX2("c1:trust", price)]);
    const answers = await Promise.all(flood);
    expect(answers.filter((r) => r.status === 200)).toEqual([]);
    await pollUntil(() => s.markets().length === prices.length);
    expect(s.markets().map((m) => m.event.markets[0]!.odds[0]!.odds[0]!.value)).toEqual(prices);
    expect(s.ended()).toBe(false);
    // Every credential the upstream was opened with is one the API signed.
    expect(upstreamBearers().length).toBeGreaterThan(0);
    for (const bearer of upstreamBearers()) expect(await api.api.accounts.accessTokens.verify(bearer)).not.toBeNull();
    s.close();
  });

  it("ends every stream of the account on this process at logout, its other sessions' too, and no one else's", async () => {
    const mine = await signInThrough(web, sink);
    const myOtherSession = await loginAgain(mine.account);
    const someoneElse = await signInThrough(web, sink);
    const streams = [browser("country=1&competition=1&market=1", mine.cookie), browser("country=1&event=c1:trust", myOtherSession), browser("country=1", someoneElse.cookie)];
    await Promise.all(streams.map(ready));
    await web.http.post("/api/users/logout").set({ cookie: mine.cookie, origin: TEST_ORIGIN, "content-type": "application/json" }).send({}).expect(200);
    await pollUntil(() => streams[0]!.ended() && streams[1]!.ended());
    expect(streams[2]!.ended()).toBe(false);
    streams[2]!.close();
  });

  it("ends a stream whose session is revoked elsewhere (another replica's logout) at its next recheck, and it gets no frame after", async () => {
    const bettor = await signInThrough(rechecking, sink);
    const s = browser("country=1&competition=1&market=1", bettor.cookie, rechecking);
    await ready(s);
    await logoutElsewhere(bettor.cookie);
    await pollUntil(() => s.ended(), 5_000);
    const framesAtEnd = s.markets().length;
    await write([oneX2("c1:trust", 2.9)]);
    expect(s.markets().length).toBe(framesAtEnd);
  });
});

describe("live stream caps", () => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let api: Awaited<ReturnType<typeof startLiveApi>>;
  let served: Awaited<ReturnType<typeof serveApiWithLive>>;
  let perSession: LiveWeb;
  let perProcess: LiveWeb;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    sink = await startSmtpSink();
    api = await startLiveApi(database, sink);
    served = await serveApiWithLive(api.api, { heartbeatMs: 200 });
    perSession = await startLiveWeb(served.origin, { caps: { perSession: 2, perAddress: 3, perProcess: 100 } });
    perProcess = await startLiveWeb(served.origin, { caps: { perSession: 10, perAddress: 10, perProcess: 2 } });
  }, 120_000);
  afterAll(async () => {
    await perSession?.close();
    await perProcess?.close();
    await served?.serving.close();
    await api?.api.close();
    await sink?.close();
    await database?.drop();
  });

  const opened: SseClient[] = [];
  const open = (web: LiveWeb, cookie: string) => {
    const s = openSseClient(`${web.origin}/api/odds/stream?country=1&competition=1&market=1`, { cookie });
    opened.push(s);
    return s.opened.then(({ status, headers }) => ({ s, status, headers }));
  };
  afterEach(async () => {
    for (const s of opened.splice(0)) s.close();
    await pollUntil(async () => (await perSession.metric("afriodds_live_streams_open")) === 0 && (await perProcess.metric("afriodds_live_streams_open")) === 0);
  });
  const refusal = (s: SseClient) => JSON.parse(s.body()) as { error: { code: string } };

  it("refuses a session's stream beyond its share, and an address's beyond its share, 429 with Retry-After; closing one frees a place", async () => {
    const a = await signInThrough(perSession, sink);
    const b = await signInThrough(perSession, sink);
    const first = await Promise.all([open(perSession, a.cookie), open(perSession, a.cookie)]);
    expect(first.map((o) => o.status)).toEqual([200, 200]);
    const third = await open(perSession, a.cookie);
    await pollUntil(() => third.s.ended());
    expect([third.status, third.headers["retry-after"], refusal(third.s).error.code]).toEqual([429, "30", "RATE_LIMIT_EXCEEDED"]);
    // The address (127.0.0.1) holds 2; b's first fits, its second is the address's fourth.
    expect((await open(perSession, b.cookie)).status).toBe(200);
    const fourth = await open(perSession, b.cookie);
    await pollUntil(() => fourth.s.ended());
    expect([fourth.status, fourth.headers["retry-after"]]).toEqual([429, "30"]);
    first[0]!.s.close();
    await pollUntil(async () => (await perSession.metric("afriodds_live_streams_open")) === 2);
    expect((await open(perSession, b.cookie)).status).toBe(200);
  });

  it("answers 503 with Retry-After in the envelope when the process holds its most streams", async () => {
    const users = await Promise.all([signInThrough(perProcess, sink), signInThrough(perProcess, sink), signInThrough(perProcess, sink)]);
    expect((await open(perProcess, users[0].cookie)).status).toBe(200);
    expect((await open(perProcess, users[1].cookie)).status).toBe(200);
    const full = await open(perProcess, users[2].cookie);
    await pollUntil(() => full.s.ended());
    expect([full.status, full.headers["retry-after"], full.headers["content-type"], refusal(full.s).error.code]).toEqual([503, "30", expect.stringMatching(/application\/json/), "UPSTREAM_UNAVAILABLE"]);
  });

  it("compresses a stream with gzip even when brotli is offered (a valid gzip body, closed properly when the server ends it), and not at all when gzip is refused", async () => {
    const user = await signInThrough(perSession, sink);
    const chunks: Buffer[] = [];
    const answer = await new Promise<IncomingMessage>((resolve) => get(`${perSession.origin}/api/odds/stream?country=1`, { headers: { cookie: user.cookie, "accept-encoding": "br, gzip" } }, resolve));
    answer.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => answer.once("end", resolve));
    expect([answer.statusCode, answer.headers["content-encoding"], answer.headers.vary]).toEqual([200, "gzip", "Accept-Encoding"]);
    await pollUntil(() => chunks.length > 0);
    await perSession.http.post("/api/users/logout").set({ cookie: user.cookie, origin: TEST_ORIGIN, "content-type": "application/json" }).send({}).expect(200);
    await ended;
    expect(gunzipSync(Buffer.concat(chunks)).toString("utf8")).toMatch(/^id: \d+\nevent: ready\n/);

    const other = await signInThrough(perSession, sink);
    const plain = openSseClient(`${perSession.origin}/api/odds/stream?country=1`, { cookie: other.cookie, "accept-encoding": "gzip;q=0, br" });
    opened.push(plain);
    const { status, headers } = await plain.opened;
    expect([status, headers["content-encoding"]]).toEqual([200, undefined]);
    await pollUntil(() => plain.events("ready").length === 1);
  });
});
