import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OddsEvent, OddsResponse, OddsSummary } from "#shared/contract.ts";
import { oddsChecksum } from "#shared/checksum.ts";
import { FLAGS, MARKETS } from "#shared/reference.ts";
import { decodeJwt } from "jose";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startPipeline } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { testClock } from "../helpers/clock.ts";
import { newAccount } from "../factories.ts";
import { asShown } from "#shared/format.ts";

const dialects = await testDialects();
const MINUTE = 60_000;
const INTERVAL_MS = 60_000;
/** Sunday 22 November 2026, 08:21 UTC: the instant the suite once failed at when the clock was real. */
const START = Date.UTC(2026, 10, 22, 8, 21);

describe.each(dialects)("the odds pipeline on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let pipeline: Awaited<ReturnType<typeof startPipeline>>;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    // A fixed start keeps each run's fixtures, prices and suspensions the same (the simulator is seeded).
    t = await startTestApi(database, sink, testClock(START));
    // Short enough for the slow-site fault to time out quickly, long enough for any normal answer.
    pipeline = await startPipeline(t, { bodyTimeoutMs: 2_000 });
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    token = verified.body.data.token;
    await pipeline.runCycle();
  });
  afterAll(async () => {
    await pipeline?.close();
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  it("serves each bookmaker's feed health as Prometheus gauges on the API's /metrics", async () => {
    const res = await t.http.get("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    for (const bookmaker of ["bet9ja", "betking", "sportybet", "nairabet", "1xbet"]) {
      expect(res.text).toMatch(new RegExp(`afriodds_feed_offers\\{bookmaker="${bookmaker}"\\} [1-9]`));
      expect(res.text).toContain(`afriodds_feed_blocked{bookmaker="${bookmaker}"} 0`);
    }
  });

  async function odds(competition: number, market: number): Promise<OddsResponse> {
    // Access tokens live 15 minutes; tests move the clock, so each call signs in afresh.
    const refreshed = await freshToken();
    const ak = String(decodeJwt(refreshed).ak);
    const k = oddsChecksum(ak, { country: 1, competition, market });
    const res = await t.http.get(`/odds?country=1&competition=${competition}&market=${market}&k=${k}`).set("authorization", `Bearer ${refreshed}`);
    expect(res.status).toBe(200);
    return res.body.data;
  }

  async function freshToken(): Promise<string> {
    const claims = decodeJwt(token);
    if ((claims.exp ?? 0) * 1000 > t.clock() + 60_000) return token;
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    token = verified.body.data.token;
    return token;
  }

  const summary = async (): Promise<OddsSummary> => (await t.http.get("/odds/summary?country=1")).body.data;

  it("counts 5 bookmakers, 4 competitions and 8 markets after one cycle", async () => {
    const s = await summary();
    expect(s.numBookmakers).toBe(5);
    expect(s.competitionIds).toEqual([1, 2, 3, 4]);
    expect(s.marketIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.numEvents).toBeGreaterThanOrEqual(30);
    expect(s.numOdds).toBeGreaterThan(1000);
  });

  it("lists every league and market with every event compared across at least four bookmakers, with margins and Best flags exactly consistent with the prices", async () => {
    for (const competition of [1, 2, 3, 4]) {
      for (const market of MARKETS) {
        const { events } = await odds(competition, market.id);
        expect(events.length, `competition ${competition} market ${market.code}`).toBeGreaterThan(0);
        for (const event of events) {
          expect(event.markets[0]!.odds.length, `${event.name}, competition ${competition} market ${market.code}`).toBeGreaterThanOrEqual(4);
          assertConsistent(event, market.id);
        }
      }
    }
  });

  it("answers 401 without a token and 400 INVALID_CHECKSUM for a missing or wrong k", async () => {
    expect((await t.http.get("/odds?country=1&competition=1&market=1&k=00000000")).status).toBe(401);
    const bearer = `Bearer ${await freshToken()}`;
    const missing = await t.http.get("/odds?country=1&competition=1&market=1").set("authorization", bearer);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("INVALID_CHECKSUM");
    const wrong = await t.http.get("/odds?country=1&competition=1&market=1&k=deadbeef").set("authorization", bearer);
    expect(wrong.body.error.code).toBe("INVALID_CHECKSUM");
    const otherQuery = oddsChecksum(String(decodeJwt(await freshToken()).ak), { country: 1, competition: 1, market: 2 });
    expect((await t.http.get(`/odds?country=1&competition=1&market=1&k=${otherQuery}`).set("authorization", bearer)).status).toBe(400);
  });

  it("answers 304 to a matching ETag and gzip to a client that takes it", async () => {
    const bearer = `Bearer ${await freshToken()}`;
    const k = oddsChecksum(String(decodeJwt(await freshToken()).ak), { country: 1, competition: 2, market: 1 });
    const url = `/odds?country=1&competition=2&market=1&k=${k}`;
    const first = await t.http.get(url).set("authorization", bearer).set("accept-encoding", "gzip").buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => cb(null, Buffer.concat(chunks)));
    });
    expect(first.headers["content-encoding"]).toBe("gzip");
    // supertest inflates the body itself; the header proves the wire carried gzip.
    const body = JSON.parse((first.body as Buffer).toString("utf8"));
    expect(body.data.events.length).toBeGreaterThan(0);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.http.get(url).set("authorization", bearer).set("if-none-match", etag!);
    expect(again.status).toBe(304);
    const summaryTag = (await t.http.get("/odds/summary?country=1")).headers.etag!;
    expect((await t.http.get("/odds/summary?country=1").set("if-none-match", summaryTag)).status).toBe(304);

    // A minute later the same prices are confirmed and the cache rebuilt: still 304.
    t.clock.advance(MINUTE);
    await pipeline.runCycle();
    const bearerNow = `Bearer ${await freshToken()}`;
    const kNow = oddsChecksum(String(decodeJwt(await freshToken()).ak), { country: 1, competition: 2, market: 1 });
    const urlNow = `/odds?country=1&competition=2&market=1&k=${kNow}`;
    expect((await t.http.get(urlNow).set("authorization", bearerNow).set("if-none-match", etag!)).status).toBe(304);
    expect((await t.http.get("/odds/summary?country=1").set("if-none-match", summaryTag)).status).toBe(304);

    // Prices change ten minutes on: a new body and a new ETag.
    t.clock.advance(10 * MINUTE);
    await pipeline.runCycle();
    const changed = await t.http.get(urlNow).set("authorization", `Bearer ${await freshToken()}`).set("if-none-match", etag!);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("serves the public sample: the next two events, 1X2 only", async () => {
    const res = await t.http.get("/odds/sample?country=1");
    expect(res.status).toBe(200);
    const events: OddsEvent[] = res.body.data.events;
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.markets.length === 1 && e.markets[0]!.marketId === 1)).toBe(true);
    const next = (await summary()).numEvents;
    expect(next).toBeGreaterThan(2);
    expect(events[0]!.date <= events[1]!.date).toBe(true);
  });

  it("moves a minority of prices within a few minutes, flags the direction of each change, and writes history only for changes", async () => {
    const count = async (table: "prices" | "price_history") =>
      Number((await t.api.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const [historyBefore, currentBefore] = [await count("price_history"), await count("prices")];
    t.clock.advance(10 * MINUTE);
    const cycle = await pipeline.runCycle();
    const changed = cycle.competitions.reduce((n, c) => n + c.changed, 0);
    const prices = cycle.competitions.reduce((n, c) => n + c.prices, 0);
    const removed = cycle.bookmakers.reduce((n, b) => n + b.removed, 0);
    expect(changed).toBeGreaterThan(0);
    // Two price steps: most prices stand still.
    expect(changed / prices).toBeLessThan(0.3);
    let flagged = 0;
    let shown = 0;
    for (const competition of [1, 2, 3, 4]) {
      for (const event of (await odds(competition, 1)).events) {
        for (const row of event.markets[0]!.odds) {
          for (const o of row.odds) {
            shown += 1;
            if (o.flags & (FLAGS.Increased | FLAGS.Decreased)) flagged += 1;
          }
        }
        assertConsistent(event, 1);
      }
    }
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThan(shown / 2);
    // History grows by changed prices and prices first seen (or back from a suspension), never by confirmations.
    const inserted = (await count("prices")) - currentBefore + removed;
    expect((await count("price_history")) - historyBefore).toBe(changed + inserted);
  });

  const FAULTS = [
    { kind: "slow", error: /timeout/i },
    { kind: "forbidden", error: /HTTP 403/ },
    { kind: "outage", error: /HTTP 503/ },
    { kind: "malformed", error: /body is not JSON/ },
    { kind: "empty", error: /answered no events/ },
    { kind: "error-envelope", error: /R is "E", not OK/ },
  ] as const;

  it.each(FAULTS)("reports Bet9ja's own $kind failure, keeps serving the others, and leaves Bet9ja's stored prices as they were", async ({ kind, error }) => {
    // Each fault starts from a healthy Bet9ja with a closed circuit, so each is really fetched.
    pipeline.simulator.sim.setFault("bet9ja", null);
    pipeline.collector.breaker.success("bet9ja");
    t.clock.advance(INTERVAL_MS);
    await pipeline.runCycle();
    const bet9jaPrices = () =>
      t.api.db.kysely.selectFrom("prices").select(["event_id", "market_id", "selection_type_id", "price", "confirmed_at", "changed_at"]).where("bookmaker", "=", 1).orderBy("event_id").orderBy("market_id").orderBy("selection_type_id").execute();
    const before = await bet9jaPrices();
    expect(before.length).toBeGreaterThan(500);

    pipeline.simulator.sim.setFault("bet9ja", kind === "slow" ? { kind, delayMs: 5_000 } : { kind });
    t.clock.advance(INTERVAL_MS);
    const report = await pipeline.runCycle();

    const bet9ja = report.bookmakers.find((b) => b.key === "bet9ja")!;
    expect(bet9ja).toMatchObject({ ok: false, skipped: false, failed: true, offers: 0 });
    expect(bet9ja.error).toMatch(error);
    const runs = await t.api.db.kysely.selectFrom("feed_runs").selectAll().where("bookmaker", "=", "bet9ja").where("started_at", "=", report.startedAt).execute();
    expect(runs).toHaveLength(4);
    expect(runs.every((r) => r.ok === 0 && error.test(r.error ?? ""))).toBe(true);
    for (const other of report.bookmakers.filter((b) => b.key !== "bet9ja")) expect(other.ok, `${other.key} during ${kind}`).toBe(true);
    // The others' prices are confirmed by this run; Bet9ja's are untouched and still fresh.
    const others = await t.api.db.kysely.selectFrom("prices").select("confirmed_at").where("bookmaker", "=", 3).execute();
    expect(others.every((r) => r.confirmed_at === t.clock())).toBe(true);
    expect(await bet9jaPrices()).toEqual(before);
    expect((await summary()).numBookmakers).toBe(5);
  });

  it("drops a failing bookmaker's prices once stale, and takes it back when it recovers", async () => {
    pipeline.simulator.sim.setFault("bet9ja", { kind: "outage" });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(INTERVAL_MS);
      await pipeline.runCycle();
    }
    const { events } = await odds(1, 1);
    expect(events.length).toBeGreaterThan(0);
    const shown = new Set<number>();
    for (const event of events) {
      const providers = event.markets[0]!.odds.map((o) => o.provider);
      expect(providers).not.toContain(1);
      expect(providers.length).toBeGreaterThanOrEqual(3);
      for (const p of providers) shown.add(p);
    }
    expect([...shown].sort()).toEqual([2, 3, 4, 5]);
    expect((await summary()).numBookmakers).toBe(4);
    const runs = await t.api.db.kysely.selectFrom("feed_runs").selectAll().where("bookmaker", "=", "bet9ja").where("ok", "=", 0).execute();
    expect(runs.some((r) => /503/.test(r.error ?? ""))).toBe(true);
    // Three failed runs open its circuit: the next cycle does not ask it at all.
    expect(runs.some((r) => /circuit open/.test(r.error ?? ""))).toBe(true);
    pipeline.simulator.sim.setFault("bet9ja", null);
    pipeline.collector.breaker.success("bet9ja");
    t.clock.advance(INTERVAL_MS);
    await pipeline.runCycle();
    expect((await summary()).numBookmakers).toBe(5);
  }, 60_000);

  it("drops events once they kick off", async () => {
    const before = (await t.http.get("/odds/sample?country=1")).body.data.events as OddsEvent[];
    const first = before[0]!;
    t.clock.advance(Date.parse(first.date) - t.clock() + MINUTE);
    await pipeline.runCycle();
    const after = (await t.http.get("/odds/sample?country=1")).body.data.events as OddsEvent[];
    expect(after.map((e) => e.id)).not.toContain(first.id);
    for (const e of after) expect(Date.parse(e.date)).toBeGreaterThan(t.clock());
    const listed = await odds(first.competitionId, 1);
    expect(listed.events.map((e) => e.id)).not.toContain(first.id);
  });
});

/** Margins and Best flags must follow from the prices shown, exactly. */
function assertConsistent(event: OddsEvent, marketId: number) {
  const market = MARKETS.find((m) => m.id === marketId)!;
  const rows = event.markets[0]!.odds;
  const best = new Map<number, number>();
  for (const row of rows) for (const o of row.odds) best.set(o.selectionTypeId, Math.max(best.get(o.selectionTypeId) ?? 0, asShown(o.value)));
  for (const row of rows) {
    const complete = market.selections.every((s) => row.odds.some((o) => o.selectionTypeId === s));
    if (complete) {
      const sum = row.odds.reduce((n, o) => n + 1 / o.value, 0);
      const expected = (marketId === 8 ? sum / 2 - 1 : sum - 1) * 100;
      expect(row.margin).toBeCloseTo(expected, 9);
      expect(row.margin!).toBeGreaterThan(0);
      expect(row.margin!).toBeLessThan(15);
    } else {
      expect(row.margin).toBeNull();
    }
    for (const o of row.odds) {
      expect(Boolean(o.flags & FLAGS.Best), `${event.name} ${o.selectionTypeId}`).toBe(asShown(o.value) === best.get(o.selectionTypeId));
      expect(o.value).toBeGreaterThan(1.01);
    }
  }
}
