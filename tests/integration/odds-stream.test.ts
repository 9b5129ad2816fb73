import { connect } from "node:net";
import express from "express";
import { decodeJwt } from "jose";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAccessToken } from "#api/accounts/sessions/sessions.ts";
import { createApi, type ApiInstance } from "#api/app.ts";
import { loadApiConfig } from "#api/config.ts";
import { startFeedCollection } from "#api/feeds/runtime.ts";
import { requireAuth } from "#api/http/auth.ts";
import { errorHandler } from "#api/http/errors.ts";
import { openDatabase } from "#api/db/database.ts";
import { listenForChanges } from "#api/odds/live/change-listener.ts";
import { recordExpiries } from "#api/odds/write/changes.ts";
import { oddsService, type OddsService } from "#api/odds/read/service.ts";
import type { FixtureInput } from "#api/odds/write/store.ts";
import { oddsStreamRouter, type StreamOptions } from "#api/odds/http/stream-routes.ts";
import { serve } from "#lib/node/serve.ts";
import { oddsChecksum, oddsStreamChecksum } from "#shared/checksum.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { FLAGS } from "#shared/reference.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { newAccount } from "../factories.ts";
import { openSseClient, pollUntil } from "../helpers/sse-client.ts";

const dialects = await testDialects();
const START = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(Date.UTC(2026, 10, 28, 15, 0));


function fixture(key: string, prices: [bookmaker: number, selection: number, price: number][], names = { home: "Arsenal", away: "Chelsea" }): FixtureInput {
  return { key, competitionId: 1, ...names, kickoff: KICKOFF, prices: prices.map(([bookmaker, selectionTypeId, price]) => ({ bookmaker, marketId: 1, selectionTypeId, price, boosted: false })) };
}

/**
 * The API's app serving on loopback, with a stream router of the test's choosing in front of the
 * one api/app.ts mounts (short heartbeats, a small ring), the way api/app.ts mounts it.
 */
async function serveWithStream(api: ApiInstance, odds: OddsService, options: StreamOptions) {
  const app = express();
  app.use("/odds/stream", oddsStreamRouter(odds.live, requireAuth((token) => verifyAccessToken(api.accounts, token)), options, api.accounts.refreshTokens.sound));
  app.use(api.app);
  app.use(errorHandler(pino({ level: "silent" })));
  const serving = await serve(app, { port: 0, host: "127.0.0.1", drainMs: 2_000, idleGraceMs: 100 });
  return { app, serving, origin: `http://127.0.0.1:${serving.port}` };
}

describe.each(dialects)("the odds stream on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let served: Awaited<ReturnType<typeof serveWithStream>>;
  let token: string;
  let k: string;
  const clock = testClock(START);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    served = await serveWithStream(t.api, t.api.odds, { heartbeatMs: 100, maxStallMs: 1_000 });
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
    k = oddsStreamChecksum(String(decodeJwt(token).ak), 1);
  });
  afterAll(async () => {
    await served?.serving.close();
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  const stream = (headers: Record<string, string> = {}, query = "") => openSseClient(`${served.origin}/odds/stream?country=1&k=${k}${query}`, { ...auth(), ...headers });
  /** What the collector does after a write: the store numbers the changes, onWritten refreshes. */
  const write = async (fixtures: FixtureInput[]) => {
    await writeStoreRun(t.api.db.kysely, fixtures, clock());
    await t.api.odds.refresh();
  };

  it("answers 401 without a token, 400 INVALID_CHECKSUM for a missing, wrong or /odds k, and 400 for a bad country or resume point, before any stream opens", async () => {
    const http = request(served.app);
    const noToken = await http.get(`/odds/stream?country=1&k=${k}`);
    expect(noToken.status).toBe(401);
    expect(noToken.body.error.code).toBe("AUTH_REQUIRED");
    const ak = String(decodeJwt(token).ak);
    for (const bad of ["", "&k=00000000", `&k=${oddsChecksum(ak, { country: 1, competition: 1, market: 1 })}`]) {
      const res = await http.get(`/odds/stream?country=1${bad}`).set(auth());
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_CHECKSUM", type: "validation" });
    }
    const badCountry = await http.get(`/odds/stream?country=9&k=${oddsStreamChecksum(ak, 9)}`).set(auth());
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.error.code).toBe("VALIDATION_ERROR");
    const badResume = await http.get(`/odds/stream?country=1&k=${k}`).set({ ...auth(), "last-event-id": "12abc" });
    expect(badResume.status).toBe(400);
    expect(badResume.headers["content-type"]).toMatch(/application\/json/);
  });

  it("streams each written event-market with all bookmakers' flags and margins, equal to what /odds answers", async () => {
    const s = stream();
    const { status, headers } = await s.opened;
    expect(status).toBe(200);
    expect(headers).toMatchObject({ "cache-control": "no-cache", "x-accel-buffering": "no" });
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    await pollUntil(() => s.events("ready").length === 1);
    const ready = Number(s.events("ready")[0]!.id);
    await write([fixture("c1:live:a", [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [5, 1, 2.095], [5, 2, 3.2], [5, 3, 3.5]])]);
    await pollUntil(() => s.markets().length === 1);
    const [change] = s.markets();
    expect(change!.seq).toBeGreaterThan(ready);
    expect(change!.event).toMatchObject({ id: "c1:live:a", name: "Arsenal vs Chelsea", competitionId: 1, date: KICKOFF.toISOString() });
    // As shown: 2.095 prints 2.095, below 2.1, so only 2.1 is Best; no rounding fakes a tie.
    const rows = change!.event.markets[0]!.odds;
    expect(rows.map((r) => [r.provider, r.odds.map((o) => o.flags & FLAGS.Best)])).toEqual([[1, [8, 8, 0]], [5, [0, 0, 8]]]);
    const ak = String(decodeJwt(token).ak);
    const listed = await request(served.app).get(`/odds?country=1&competition=1&market=1&k=${oddsChecksum(ak, { country: 1, competition: 1, market: 1 })}`).set(auth());
    expect(listed.body.data.events.find((e: OddsEvent) => e.id === "c1:live:a")).toEqual(change!.event);
    s.close();
  });

  it("sends nothing for a run that only confirms prices, and the market again when a price moves the Best flag", async () => {
    const s = stream();
    await pollUntil(() => s.events("ready").length === 1);
    await write([fixture("c1:live:a", [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [5, 1, 2.095], [5, 2, 3.2], [5, 3, 3.5]])]);
    await write([fixture("c1:live:a", [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [5, 1, 2.2], [5, 2, 3.2], [5, 3, 3.5]])]);
    await pollUntil(() => s.markets().length === 1);
    const rows = s.markets()[0]!.event.markets[0]!.odds;
    expect(rows.map((r) => r.odds[0]!.flags & FLAGS.Best)).toEqual([0, 8]);
    s.close();
  });

  it("resumes from Last-Event-ID (header or query) with every change after it, and then live ones", async () => {
    const first = stream();
    await pollUntil(() => first.events("ready").length === 1);
    await write([fixture("c1:resume:1", [[2, 1, 1.5]])]);
    await write([fixture("c1:resume:2", [[2, 1, 1.6]])]);
    await write([fixture("c1:resume:3", [[2, 1, 1.7]])]);
    await pollUntil(() => first.markets().length === 3);
    first.close();
    const [one, two, three] = first.markets();
    const resumed = stream({ "last-event-id": String(one!.seq) });
    await pollUntil(() => resumed.markets().length === 2);
    expect(resumed.markets()).toEqual([two, three]);
    const byQuery = stream({}, `&lastEventId=${two!.seq}`);
    await pollUntil(() => byQuery.markets().length === 1);
    expect(byQuery.markets()).toEqual([three]);
    await write([fixture("c1:resume:4", [[2, 1, 1.8]])]);
    await pollUntil(() => resumed.markets().length === 3 && byQuery.markets().length === 2);
    expect(resumed.markets()[2]!.event.id).toBe("c1:resume:4");
    resumed.close();
    byQuery.close();
  });

  it("answers event: reset with the current sequence for a gap larger than the ring", async () => {
    // A replica with a ring of 2 on the same database: the real service, configured small.
    const small = oddsService({ db: t.api.db.kysely, clock, intervalS: 60, ringCapacity: 2 });
    await small.refresh();
    const smallServed = await serveWithStream(t.api, small, { heartbeatMs: 1_000 });
    try {
      const from = small.live.latest();
      for (const n of [1, 2, 3]) {
        await writeStoreRun(t.api.db.kysely, [fixture(`c1:ring:${n}`, [[3, 1, 1.5 + n / 10]])], clock());
        await small.refresh();
      }
      const s = openSseClient(`${smallServed.origin}/odds/stream?country=1&k=${k}`, { ...auth(), "last-event-id": String(from) });
      await pollUntil(() => s.frames.length > 0);
      expect(s.frames[0]).toMatchObject({ event: "reset", id: String(small.live.latest()) });
      expect(s.markets()).toEqual([]);
      s.close();
      // One step back is still in the ring: resumed, no reset.
      const inRing = openSseClient(`${smallServed.origin}/odds/stream?country=1&k=${k}`, { ...auth(), "last-event-id": String(small.live.latest() - 1) });
      await pollUntil(() => inRing.markets().length === 1);
      expect(inRing.events("reset")).toEqual([]);
      inRing.close();
    } finally {
      await smallServed.serving.close();
    }
  });

  it("keeps an idle stream open with a comment line every heartbeat", async () => {
    const s = stream();
    await pollUntil(() => s.frames.filter((f) => f.comment === "hb").length >= 2, 3_000);
    expect(s.ended()).toBe(false);
    s.close();
  });

  it("sends a market whose last fresh price went stale with no odds, so clients drop it", async () => {
    await write([fixture("c1:stale", [[4, 1, 1.9], [4, 2, 3.1], [4, 3, 4.2]])]);
    const s = stream();
    await pollUntil(() => s.events("ready").length === 1);
    const from = clock();
    clock.advance(4 * 60_000);
    // The collector's sweep after its cycle records what time alone changed.
    expect(await recordExpiries(t.api.db.kysely, { from, to: clock(), intervalMs: 60_000 })).toBeGreaterThan(0);
    await t.api.odds.refresh();
    await pollUntil(() => s.markets().some((m) => m.event.id === "c1:stale"));
    expect(s.markets().find((m) => m.event.id === "c1:stale")!.event.markets).toEqual([{ marketId: 1, odds: [] }]);
    s.close();
  });

  it("marks a bookmaker whose feed fails for more than two intervals stale on the stream and on /odds, and not one collected unchanged", async () => {
    const key = "c1:marked-stale";
    const collected: [number, number, number][] = [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4]];
    await write([fixture(key, [...collected, [3, 1, 2.0], [3, 2, 3.2], [3, 3, 3.6]])]);
    const s = stream();
    await pollUntil(() => s.events("ready").length === 1);
    const ofKey = () => s.markets().filter((m) => m.event.id === key);
    /** One collector cycle (interval 60 s): bookmaker 1 answers with the same prices, 3's feed fails; then the sweep. */
    const cycle = async () => {
      const from = clock();
      clock.advance(61_000);
      await write([fixture(key, collected)]);
      await recordExpiries(t.api.db.kysely, { from, to: clock(), intervalMs: 60_000 });
      await t.api.odds.refresh();
    };

    await cycle();
    expect(ofKey()).toEqual([]);
    await cycle();
    await pollUntil(() => ofKey().length === 1);
    const rows = ofKey()[0]!.event.markets[0]!.odds;
    expect(rows.map((r) => [r.provider, r.stale])).toEqual([[1, undefined], [3, true]]);
    const ak = String(decodeJwt(token).ak);
    const listed = await request(served.app).get(`/odds?country=1&competition=1&market=1&k=${oddsChecksum(ak, { country: 1, competition: 1, market: 1 })}`).set(auth());
    expect(listed.body.data.events.find((e: OddsEvent) => e.id === key)).toEqual(ofKey()[0]!.event);
    s.close();
  });

  it("drops a consumer that stops reading instead of buffering for it, while a reading one stays", async () => {
    const reader = stream();
    await pollUntil(() => reader.events("ready").length === 1);
    const url = new URL(`${served.origin}/odds/stream?country=1&k=${k}`);
    const stalled = connect(Number(url.port), url.hostname);
    stalled.on("error", () => undefined);
    stalled.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    stalled.pause();
    await pollUntil(() => t.api.odds.live.subscriberCount() === 2);
    // Long names make big frames: about 7.5 MB, more than the kernel's socket buffers take (a send
    // buffer autotuned up to 4 MB, tcp_wmem, and the paused reader's small receive window).
    const long = { home: "H".repeat(3_000), away: "A".repeat(3_000) };
    await write(Array.from({ length: 1_200 }, (_, i) => fixture(`c1:flood:${i}`, [[1, 1, 1.5]], long)));
    await pollUntil(() => t.api.odds.live.subscriberCount() === 1, 20_000);
    await pollUntil(() => reader.markets().length >= 1_200, 20_000);
    expect(reader.ended()).toBe(false);
    stalled.destroy();
    reader.close();
  }, 60_000);

  it("ends open streams when the server drains, and any opened once it began, so the drain is not held", async () => {
    // Its own replica of the service on the same database, so ending its streams ends no one else's.
    const draining = oddsService({ db: t.api.db.kysely, clock, intervalS: 60 });
    await draining.refresh();
    const own = await serveWithStream(t.api, draining, { heartbeatMs: 1_000 });
    const s = openSseClient(`${own.origin}/odds/stream?country=1&k=${k}`, auth());
    await pollUntil(() => s.events("ready").length === 1);
    const started = Date.now();
    draining.live.endStreams();
    const late = openSseClient(`${own.origin}/odds/stream?country=1&k=${k}`, auth());
    expect((await late.opened).status).toBe(200);
    const closing = own.serving.close();
    await pollUntil(() => s.ended() && late.ended(), 1_500);
    await closing;
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(late.frames).toEqual([]);
  });

  it("caps streams per session (429) and per process (503), each with Retry-After, and frees a place when one closes", async () => {
    const capped = await serveWithStream(t.api, t.api.odds, { heartbeatMs: 1_000, maxPerSession: 2, maxStreams: 3 });
    const open = (bearer: string, key: string) => openSseClient(`${capped.origin}/odds/stream?country=1&k=${key}`, { authorization: `Bearer ${bearer}` });
    const mine = [open(token, k), open(token, k)];
    expect(await Promise.all(mine.map(async (s) => (await s.opened).status))).toEqual([200, 200]);
    const third = open(token, k);
    expect([(await third.opened).status, (await third.opened).headers["retry-after"]]).toEqual([429, "30"]);
    await pollUntil(() => third.ended());
    expect(JSON.parse(third.body()).error.code).toBe("RATE_LIMIT_EXCEEDED");

    const other = newAccount();
    await t.http.put("/users/register").send(other);
    const otherToken = (await t.http.post("/users/verify-email").send({ email: other.email, otp: sink.latestCode(other.email) })).body.data.token as string;
    const otherK = oddsStreamChecksum(String(decodeJwt(otherToken).ak), 1);
    const fits = open(otherToken, otherK);
    expect((await fits.opened).status).toBe(200);
    const full = open(otherToken, otherK);
    expect([(await full.opened).status, (await full.opened).headers["retry-after"]]).toEqual([503, "30"]);
    await pollUntil(() => full.ended());
    expect(JSON.parse(full.body()).error.code).toBe("UPSTREAM_UNAVAILABLE");

    mine[0]!.close();
    await pollUntil(async () => (await open(otherToken, otherK).opened).status === 200);
    for (const s of [mine[1]!, fits]) s.close();
    await capped.serving.close();
  });

  it("refuses a signed, unexpired token whose session was revoked (logged out)", async () => {
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    const session = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data as { token: string; refreshToken: string };
    const key = oddsStreamChecksum(String(decodeJwt(session.token).ak), 1);
    const before = openSseClient(`${served.origin}/odds/stream?country=1&k=${key}`, { authorization: `Bearer ${session.token}` });
    expect((await before.opened).status).toBe(200);
    before.close();
    await t.http.post("/users/logout").send({ refreshToken: session.refreshToken }).expect(200);
    const after = await request(served.app).get(`/odds/stream?country=1&k=${key}`).set({ authorization: `Bearer ${session.token}` });
    expect([after.status, after.body.error.code]).toEqual([401, "AUTH_REQUIRED"]);
  });
});

/** An API replica on the real clock, simulated feeds moving every second (SIM_STEP_S=1), collecting every second. */
async function startRealTimeApi(database: TestDatabase, sink: Awaited<ReturnType<typeof startSmtpSink>>) {
  const config = loadApiConfig({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
    SMTP_URL: sink.url,
    FEEDS: "simulated",
    SIM_WORLD: "leagues",
    FEED_INTERVAL_S: "1",
    SIM_STEP_S: "1",
    LOG_LEVEL: "silent",
    PASSWORD_HASH_COST: "test",
  });
  const api = await createApi(config, { logger: pino({ level: "silent" }) });
  return { api, config, http: request(api.app), close: () => api.close() };
}

describe.runIf(dialects.includes("postgres"))("the odds stream across two API replicas on PostgreSQL", () => {
  it("hears another connection's write through LISTEN/NOTIFY alone, with no refresh timer", async () => {
    const database = await createTestDatabase("postgres");
    const writer = await openDatabase(database.url);
    const reader = await openDatabase(database.url);
    const odds = oddsService({ db: reader.kysely, clock: () => START, intervalS: 60 });
    await odds.refresh();
    const listener = listenForChanges({ databaseUrl: database.url, logger: pino({ level: "silent" }), onNotice: () => odds.refresh() });
    try {
      await pollUntil(() => listener.listening());
      const heard: string[] = [];
      odds.live.subscribe((signal) => signal.kind === "frame" && heard.push(signal.frame));
      await writeStoreRun(writer.kysely, [fixture("c1:notify", [[1, 1, 2.5]])], START);
      await pollUntil(() => heard.length === 1, 5_000);
      expect(heard[0]).toMatch(/^id: \d+\nevent: market\nroute: \d+:1:c1:notify\ndata: \{"id":"c1:notify"/);
    } finally {
      await listener.close();
      await writer.close();
      await reader.close();
      await database.drop();
    }
  });

  it("delivers the leader's writes on either replica's stream, and the survivor's stream continues when the leader stops", async () => {
    const database = await createTestDatabase("postgres");
    const sink = await startSmtpSink();
    const replicas = await Promise.all(
      [0, 1].map(async () => {
        const t = await startRealTimeApi(database, sink);
        const served = await serveWithStream(t.api, t.api.odds, { heartbeatMs: 1_000 });
        const feeds = (await startFeedCollection({ config: t.config, db: t.api.db, odds: t.api.odds, logger: pino({ level: "silent" }) }))!;
        return { t, served, feeds };
      }),
    );
    try {
      const account = newAccount();
      await replicas[0]!.t.http.put("/users/register").send(account);
      const token = (await replicas[0]!.t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token as string;
      const k = oddsStreamChecksum(String(decodeJwt(token).ak), 1);
      const open = (r: (typeof replicas)[number], headers: Record<string, string> = {}) =>
        openSseClient(`${r.served.origin}/odds/stream?country=1&k=${k}`, { authorization: `Bearer ${token}`, ...headers });
      await pollUntil(() => replicas.some((r) => r.feeds.isLeader()), 15_000);
      const leader = replicas.find((r) => r.feeds.isLeader())!;
      const follower = replicas.find((r) => r !== leader)!;
      const onLeader = open(leader);
      const onFollower = open(follower);
      await pollUntil(() => onLeader.events("ready").length === 1 && onFollower.events("ready").length === 1);

      // A change the leader numbered after both streams opened reaches both, as that event-market.
      const db = leader.t.api.db.kysely;
      await pollUntil(async () => (await db.selectFrom("odds_changes").select("seq").where("seq", ">", Number(onFollower.events("ready")[0]!.id)).limit(1).execute()).length > 0, 30_000);
      const written = await db.selectFrom("odds_changes").selectAll().orderBy("seq", "desc").limit(1).executeTakeFirstOrThrow();
      const reached = (s: ReturnType<typeof openSseClient>) => s.markets().some((m) => m.seq >= Number(written.seq) && m.event.id === written.event_id && m.event.markets[0]!.marketId === written.market_id);
      await pollUntil(() => reached(onLeader) && reached(onFollower), 20_000);

      // The leader stops: its stream ends; the follower takes over collection and its stream goes on.
      const lastOnLeader = onLeader.markets().at(-1)!.seq;
      await leader.feeds.stop();
      await leader.served.serving.close();
      await leader.t.close();
      await pollUntil(() => onLeader.ended(), 5_000);
      await pollUntil(() => follower.feeds.isLeader(), 15_000);
      const before = onFollower.markets().at(-1)?.seq ?? 0;
      const cyclesBefore = follower.feeds.cyclesRun();
      await pollUntil(() => follower.feeds.cyclesRun() > cyclesBefore && onFollower.markets().some((m) => m.seq > before), 30_000);
      expect(onFollower.ended()).toBe(false);
      // The leader's client reconnects to the survivor where it left off: resumed, or at most a reset.
      const resumed = open(follower, { "last-event-id": String(lastOnLeader) });
      await pollUntil(() => resumed.markets().length > 0 || resumed.events("reset").length > 0, 20_000);
      expect(resumed.markets().every((m) => m.seq > lastOnLeader)).toBe(true);
      resumed.close();
      onFollower.close();
    } finally {
      for (const r of replicas) {
        await r.feeds.stop();
        await r.served.serving.close();
        await r.t.close();
      }
      await sink.close();
      await database.drop();
    }
  }, 120_000);
});
