import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oddsService, type OddsService } from "#api/odds/read/service.ts";
import type { FixtureInput } from "#api/odds/write/store.ts";
import { TEST_ORIGIN, startRecordingProxy, type RecordingProxy } from "../helpers/web.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { serveApiWithLive, signInThrough, startLiveApi, startLiveWeb, type LiveWeb } from "../helpers/live-stack.ts";
import { openSseClient, pollUntil, type SseClient } from "../helpers/sse-client.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const KICKOFF = new Date(Date.now() + 3 * 24 * 3600_000);
/** The API's stream replica keeps this many changes: a bigger batch answers `reset`. */
const API_RING = 50;

function fixture(key: string, competitionId: number, marketId: number, prices: [bookmaker: number, selection: number, price: number][], names = { home: "Arsenal", away: "Chelsea" }): FixtureInput {
  return { key, competitionId, ...names, kickoff: KICKOFF, prices: prices.map(([bookmaker, selectionTypeId, price]) => ({ bookmaker, marketId, selectionTypeId, price, boosted: false })) };
}
const oneX2 = (key: string, competition: number, price: number) => fixture(key, competition, 1, [[1, 1, price], [1, 2, 3.3], [1, 3, 3.4]]);
const overUnder = (key: string, competition: number, price: number) => fixture(key, competition, 4, [[2, 8, price], [2, 9, 2.0]]);

describe("live odds through the web tier (GET /api/odds/stream)", () => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let api: Awaited<ReturnType<typeof startLiveApi>>;
  let streamOdds: OddsService;
  let served: Awaited<ReturnType<typeof serveApiWithLive>>;
  let proxy: RecordingProxy;
  let web: LiveWeb;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    sink = await startSmtpSink();
    api = await startLiveApi(database, sink);
    // The stream served from its own replica of the odds service, with a small ring, so a test can make the API answer reset.
    streamOdds = oddsService({ db: api.api.db.kysely, clock: api.clock, intervalS: 60, ringCapacity: API_RING });
    await streamOdds.refresh();
    served = await serveApiWithLive(api.api, { streamOdds, heartbeatMs: 200 });
    proxy = await startRecordingProxy(served.origin);
    web = await startLiveWeb(proxy.origin, { heartbeatMs: 500, lingerMs: 60_000, limits: { maxQueuedBytes: 256 << 10, maxStallMs: 3_000 }, minBackoffMs: 50, maxBackoffMs: 200 });
    cookie = (await signInThrough(web, sink)).cookie;
    await write([oneX2("c1:x", 1, 2.1), overUnder("c1:x", 1, 1.8)]);
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await proxy?.close();
    await served?.serving.close();
    await api?.api.close();
    await sink?.close();
    await database?.drop();
  });

  /** What the collector does: one store run, then the replicas refresh (and publish the changes). */
  async function write(fixtures: FixtureInput[]) {
    await writeStoreRun(api.api.db.kysely, fixtures, api.clock());
    await api.api.odds.refresh();
    await streamOdds.refresh();
  }
  const browser = (query: string, headers: Record<string, string> = {}, session = cookie): SseClient =>
    openSseClient(`${web.origin}/api/odds/stream?${query}`, { cookie: session, ...headers });
  const upstreamOpens = () => proxy.seen.filter((r) => r.path.startsWith("/odds/stream")).length;
  const ready = (s: SseClient) => pollUntil(() => s.events("ready").length === 1 || s.markets().length > 0);
  const price = (s: SseClient) => s.markets().map((m) => [m.event.id, m.event.markets[0]!.marketId, m.event.markets[0]!.odds[0]!.odds[0]!.value]);

  it("refuses in the envelope before any stream opens: 401 without a session, AUTH_EXPIRED when the refresh fails, 400 for bad input, 404 for an unknown event", async () => {
    const answers = async (query: string, headers: Record<string, string>, status: number, code: string) => {
      const res = await web.http.get(`/api/odds/stream?${query}`).set(headers);
      expect([res.status, res.body.error?.code, res.headers["content-type"]]).toEqual([status, code, expect.stringMatching(/application\/json/)]);
      return res;
    };
    await answers("country=1&competition=1&market=1", {}, 401, "AUTH_REQUIRED");
    const expired = await answers("country=1&competition=1&market=1", { cookie: "afriodds_rt=not-a-live-refresh-token" }, 401, "AUTH_EXPIRED");
    expect(String(expired.headers["set-cookie"])).toMatch(/afriodds_rt=;/);
    for (const bad of ["country=9&competition=1&market=1", "country=1&competition=7&market=1", "country=1&competition=1&market=99", "country=1&competition=1", "country=1&competition=1&market=1&market=2", "country=1&competition=1&event=c1:x", "country=1&event=c1:x&market=0"]) {
      await answers(bad, { cookie }, 400, "VALIDATION_ERROR");
    }
    await answers("country=1&competition=1&market=1", { cookie, "last-event-id": "12abc" }, 400, "VALIDATION_ERROR");
    await answers("country=1&event=c1:nothing-here", { cookie }, 404, "NOT_FOUND");
    await answers("country=2&event=c1:x", { cookie }, 404, "NOT_FOUND");
    expect(upstreamOpens()).toBe(0);
  });

  it("sends a change only to the browsers whose view it touches, all over ONE upstream stream", async () => {
    const league = browser("country=1&competition=1&market=1");
    const otherLeague = browser("country=1&competition=2&market=1");
    const otherMarket = browser("country=1&competition=1&market=4");
    const match = browser("country=1&event=c1:x");
    const matchOverUnder = browser("country=1&event=c1:x&market=4");
    const all = [league, otherLeague, otherMarket, match, matchOverUnder];
    for (const s of all) expect((await s.opened).headers["content-type"]).toMatch(/^text\/event-stream/);
    await Promise.all(all.map(ready));
    expect(upstreamOpens()).toBe(1);

    await write([oneX2("c1:x", 1, 2.2)]);
    await pollUntil(() => league.markets().length === 1 && match.markets().length === 1);
    await write([overUnder("c1:x", 1, 1.85)]);
    await pollUntil(() => otherMarket.markets().length === 1 && matchOverUnder.markets().length === 1 && match.markets().length === 2);
    expect(price(league)).toEqual([["c1:x", 1, 2.2]]);
    expect(price(match)).toEqual([["c1:x", 1, 2.2], ["c1:x", 4, 1.85]]);
    expect(price(otherMarket)).toEqual([["c1:x", 4, 1.85]]);
    expect(price(matchOverUnder)).toEqual([["c1:x", 4, 1.85]]);
    expect(otherLeague.markets()).toEqual([]);
    // Filed by the API frame's route (docs/decisions/013-odds-stream.md), which the browser's frame does not carry.
    expect(all.flatMap((s) => s.events("market")).filter((frame) => "route" in frame)).toEqual([]);
    // The browser's id is the API's sequence.
    expect(league.markets()[0]!.seq).toBe(streamOdds.live.latest() - 1);
    expect(upstreamOpens()).toBe(1);
    expect(await web.metric("afriodds_live_streams_open")).toBe(5);
    expect(await web.metric("afriodds_live_frames_sent_total")).toBeGreaterThanOrEqual(5 + 5);
    for (const s of all) s.close();
    await pollUntil(async () => (await web.metric("afriodds_live_streams_open")) === 0);
  });

  it("sends a market-wide view (the dashboard's list) that market's changes from every league, and no other market's", async () => {
    const list = browser("country=1&market=1");
    const otherMarket = browser("country=1&market=4");
    await Promise.all([ready(list), ready(otherMarket)]);
    await write([oneX2("c2:list:a", 2, 1.7), oneX2("c3:list:b", 3, 1.8)]);
    await pollUntil(() => list.markets().length === 2);
    expect(price(list).sort()).toEqual([["c2:list:a", 1, 1.7], ["c3:list:b", 1, 1.8]]);
    expect(otherMarket.markets()).toEqual([]);
    list.close();
    otherMarket.close();
    await pollUntil(async () => (await web.metric("afriodds_live_streams_open")) === 0);
  });

  it("sends a country view (the bettor tools) every market's changes from every league", async () => {
    const tools = browser("country=1");
    const list = browser("country=1&market=1");
    await Promise.all([ready(tools), ready(list)]);
    await write([oneX2("c2:tools:a", 2, 1.75), overUnder("c4:tools:b", 4, 1.95)]);
    await pollUntil(() => tools.markets().length === 2);
    expect(tools.markets().map((m) => [m.event.id, m.event.markets[0]!.marketId]).sort()).toEqual([["c2:tools:a", 1], ["c4:tools:b", 4]]);
    await pollUntil(() => list.markets().length === 1);
    expect(list.markets().map((m) => m.event.id)).toEqual(["c2:tools:a"]);
    tools.close();
    list.close();
    await pollUntil(async () => (await web.metric("afriodds_live_streams_open")) === 0);
  });

  it("resumes a browser from its Last-Event-ID with the changes of its view it missed, and answers reset to one older than the ring", async () => {
    const first = browser("country=1&competition=3&market=1");
    await ready(first);
    await write([oneX2("c3:a", 3, 1.5)]);
    await pollUntil(() => first.markets().length === 1);
    first.close();
    await write([oneX2("c3:b", 3, 1.6), oneX2("c4:elsewhere", 4, 1.7)]);
    await write([oneX2("c3:a", 3, 1.55)]);
    const resumed = browser("country=1&competition=3&market=1", { "last-event-id": first.lastId()! });
    await pollUntil(() => resumed.markets().length === 2);
    expect(price(resumed)).toEqual([["c3:b", 1, 1.6], ["c3:a", 1, 1.55]]);
    expect(resumed.events("ready")).toEqual([]);
    const tooOld = browser("country=1&competition=3&market=1", { "last-event-id": "1" });
    await pollUntil(() => tooOld.frames.length > 0);
    expect(tooOld.frames[0]).toMatchObject({ event: "reset", id: String(streamOdds.live.latest()) });
    resumed.close();
    tooOld.close();
  });

  it("resumes a tab shown again from lastEventId in the query (the header wins when both are sent), and refuses one that is not a sequence", async () => {
    const first = browser("country=1&competition=2&market=1");
    await ready(first);
    await write([oneX2("c2:query:a", 2, 1.5)]);
    await pollUntil(() => first.markets().length === 1);
    first.close();
    await write([oneX2("c2:query:b", 2, 1.6)]);

    const byQuery = browser(`country=1&competition=2&market=1&lastEventId=${first.lastId()!}`);
    await pollUntil(() => byQuery.markets().length === 1);
    expect(price(byQuery)).toEqual([["c2:query:b", 1, 1.6]]);
    expect(byQuery.events("ready")).toEqual([]);
    // The query alone would answer reset (1 is older than the ring); the header's point is used.
    const both = browser("country=1&competition=2&market=1&lastEventId=1", { "last-event-id": first.lastId()! });
    await pollUntil(() => both.markets().length === 1);
    expect(price(both)).toEqual([["c2:query:b", 1, 1.6]]);
    expect(both.events("reset")).toEqual([]);
    byQuery.close();
    both.close();

    for (const bad of ["lastEventId=12abc", "lastEventId=-1", "lastEventId=1&lastEventId=2"]) {
      const res = await web.http.get(`/api/odds/stream?country=1&competition=2&market=1&${bad}`).set({ cookie });
      expect([res.status, res.body.error?.code, res.headers["content-type"]]).toEqual([400, "VALIDATION_ERROR", expect.stringMatching(/application\/json/)]);
    }
  });

  it("passes the API's reset through to every browser, whatever its view", async () => {
    const a = browser("country=1&competition=1&market=1");
    const b = browser("country=1&event=c1:x");
    await Promise.all([ready(a), ready(b)]);
    // More changes in one batch than the API replica's ring holds: it answers reset.
    await write(Array.from({ length: API_RING + 5 }, (_, i) => oneX2(`c2:burst:${i}`, 2, 1.5 + i / 100)));
    await pollUntil(() => a.events("reset").length === 1 && b.events("reset").length === 1);
    expect(a.events("reset")[0]!.id).toBe(String(streamOdds.live.latest()));
    expect(a.ended()).toBe(false);
    a.close();
    b.close();
  });

  it("reconnects upstream with Last-Event-ID when the API stream breaks, and the change made meanwhile still arrives", async () => {
    const s = browser("country=1&competition=4&market=1");
    await ready(s);
    const opensBefore = upstreamOpens();
    const latest = streamOdds.live.latest();
    served.cutStreams();
    await write([oneX2("c4:while-down", 4, 2.5)]);
    await pollUntil(() => s.markets().some((m) => m.event.id === "c4:while-down"), 15_000);
    const reopen = proxy.seen.filter((r) => r.path.startsWith("/odds/stream")).slice(opensBefore);
    expect(reopen.length).toBeGreaterThanOrEqual(1);
    expect(reopen[0]!.headers["last-event-id"]).toBe(String(latest));
    expect(s.ended()).toBe(false);
    s.close();
  });

  it("tells every browser when it loses the API's stream, with the time it dropped, and when it has it back", async () => {
    const s = browser("country=1&competition=3&market=1");
    await ready(s);
    const cutAt = Date.now();
    served.cutStreams();
    await pollUntil(() => s.events("status").length === 2, 15_000);
    const [down, up] = s.events("status");
    // No id: the browser's resume position stays where it was.
    expect([down!.id, up!.id]).toEqual([undefined, undefined]);
    const told = JSON.parse(down!.data!) as { live: boolean; since: string };
    expect(told.live).toBe(false);
    expect(Date.parse(told.since)).toBeGreaterThanOrEqual(cutAt);
    expect(Date.parse(told.since)).toBeLessThanOrEqual(Date.now());
    expect(JSON.parse(up!.data!)).toEqual({ live: true });
    expect(s.ended()).toBe(false);
    // The drop is counted for the operator, by why it ended (a stream broken mid-body: error).
    expect(await web.metrics.registry.metrics()).toMatch(/^afriodds_live_upstream_attempts_ended_total\{reason="error"\} [1-9]/m);
    s.close();
  });

  it("drops a browser that stops reading instead of buffering for it, while a reading one gets everything", async () => {
    const reader = browser("country=1&competition=1&market=1");
    await ready(reader);
    const stalled = connect(web.serving.port, "127.0.0.1");
    stalled.on("error", () => undefined);
    stalled.write(`GET /api/odds/stream?country=1&competition=1&market=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
    stalled.pause();
    await pollUntil(async () => (await web.metric("afriodds_live_streams_open")) === 2);
    const dropped = await web.metric("afriodds_live_slow_consumers_dropped_total");
    // Long names make big frames: more than the kernel's loopback buffers take, in batches the API's ring holds.
    const long = { home: "H".repeat(1_500), away: "A".repeat(1_500) };
    const flooded = () => reader.markets().filter((m) => m.event.id.startsWith("c1:flood:")).length;
    for (let batch = 0; batch < 30; batch++) {
      await write(Array.from({ length: 40 }, (_, i) => fixture(`c1:flood:${batch}:${i}`, 1, 1, [[1, 1, 1.5]], long)));
      // At the reader's pace: it reads in this process, and on a loaded machine a flood written
      // faster than it reads queues past its own limit, which would drop the reader too.
      await pollUntil(() => flooded() === (batch + 1) * 40, 45_000);
    }
    // 1,200 big frames through both tiers: seconds on a quiet machine, tens of seconds on a loaded one.
    await pollUntil(async () => (await web.metric("afriodds_live_slow_consumers_dropped_total")) === dropped + 1, 45_000);
    expect(flooded()).toBe(1_200);
    expect(reader.ended()).toBe(false);
    expect(await web.metric("afriodds_live_streams_open")).toBe(1);
    stalled.destroy();
    reader.close();
  }, 120_000);

  it("ends a stream when its session logs out through this web tier, and no one else's", async () => {
    const other = await signInThrough(web, sink);
    const mine = browser("country=1&competition=1&market=1", {}, other.cookie);
    const theirs = browser("country=1&competition=1&market=1");
    await Promise.all([ready(mine), ready(theirs)]);
    await web.http.post("/api/users/logout").set({ cookie: other.cookie, origin: TEST_ORIGIN, "content-type": "application/json" }).send({}).expect(200);
    await pollUntil(() => mine.ended(), 3_000);
    expect(theirs.ended()).toBe(false);
    theirs.close();
  });

  it("ends a stream when its access token is due for refresh; the browser's reconnect refreshes the session and sets the cookies first", async () => {
    // Tokens issued now have five minutes and two seconds left: the stream lives two seconds.
    api.clock.offsetMs = -(10 * 60_000 - 2_000);
    const short = await signInThrough(web, sink).finally(() => (api.clock.offsetMs = 0));
    const s = browser("country=1&competition=1&market=1", {}, short.cookie);
    await ready(s);
    await pollUntil(() => s.ended(), 6_000);
    const again = browser("country=1&competition=1&market=1", { "last-event-id": s.lastId()! }, short.cookie);
    const { status, headers } = await again.opened;
    expect(status).toBe(200);
    expect(String(headers["set-cookie"])).toMatch(/afriodds_at=[^;]+;.*afriodds_rt=/);
    again.close();
  });

  it("ends every stream at once when the server drains, and one opened after it began, so the drain is not held", async () => {
    const s = browser("country=1&competition=1&market=1");
    await ready(s);
    const started = Date.now();
    web.live.closeStreams();
    const late = browser("country=1&competition=1&market=1");
    expect((await late.opened).status).toBe(200);
    await web.serving.close();
    await pollUntil(() => s.ended() && late.ended(), 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(late.frames).toEqual([]);
    expect(web.live.upstreams()).toEqual([]);
  });
});
