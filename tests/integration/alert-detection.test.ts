import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFirings } from "#api/alerts/detect/deliver.ts";
import { detectionOf } from "#api/alerts/detect/index.ts";
import type { Firing } from "#api/alerts/detect/judge.ts";
import type { AlertPayload } from "#api/alerts/outbox.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { verifiedBearer } from "../helpers/booking-stack.ts";
import { useAlertBookingStack, type AlertStack } from "../helpers/alert-stack.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { storeFixture, writeStoreRun, type StorePrice } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const HOUR = 3_600_000;
/** Tuesday 24 November 2026, 11:00 UTC (12:00 in Lagos). */
const T0 = Date.UTC(2026, 10, 24, 11, 0);
const MATCH = "c1:detect:arsenal+chelsea";
const SURE = "c1:detect:leeds+burnley";
type Auth = { authorization: string };

describe.each(dialects)("alert detection on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  const clock = testClock(T0);
  let me: Auth;
  let quiet: Auth;

  /** One feed run of the match's 1X2 as the collector writes it, the cache rebuilt and detection done. */
  async function prices(key: string, home: string, away: string, rows: StorePrice[]) {
    await writeStoreRun(t.api.db.kysely, [storeFixture(key, home, away, rows, new Date(T0 + 48 * HOUR))], clock());
    await t.api.odds.refresh();
    await detectionOf(t.api.odds)!.settled();
  }
  const arsenal = (bet9ja: number, betking: number) => prices(MATCH, "Arsenal", "Chelsea", [[1, 1, 1, bet9ja], [1, 1, 2, 3.3], [1, 1, 3, 3.0], [2, 1, 1, betking]]);
  const userOf = (auth: Auth) => decodeJwt(auth.authorization.slice("Bearer ".length)).sub!;
  const outbox = (auth: Auth) => t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("user_id", "=", userOf(auth)).orderBy("id").execute();
  const follow = async (auth: Auth, body: object) => (await t.http.post("/users/alerts").set(auth).send(body).expect(201)).body.data.id as string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    await t.api.alerts.start();
    await arsenal(2.4, 2.3);
    me = await verifiedBearer(t, sink);
    quiet = await verifiedBearer(t, sink);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  it("fires a target once when crossed, not while the price bounces around it, again when it moves further; a row per channel", async () => {
    const id = await follow(me, { kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 1, threshold: 2.5, channels: [] });
    await arsenal(2.45, 2.3);
    expect(await outbox(me)).toEqual([]);
    await arsenal(2.4, 2.55);
    const first = await outbox(me);
    // No Telegram link, no push subscription: e-mail only.
    expect(first.map((r) => [r.channel, r.kind, r.topic, r.idempotency_key, r.urgent, r.next_attempt_at])).toEqual([["email", "target", id, `email:${id}:2.55`, 0, clock()]]);
    const payload = JSON.parse(first[0]!.payload) as AlertPayload;
    expect(payload.title).toBe("Arsenal to win at 2.55");
    expect(payload.lines).toContain("Best price 2.55 at BetKing (you asked for 2.50 or more).");
    expect(payload.path).toBe(`/match/${encodeURIComponent(MATCH)}`);
    const view = (await t.http.get("/users/alerts").set(me).expect(200)).body.data;
    expect(view.rules[0].lastFiredAt).toBe(new Date(clock()).toISOString());

    await arsenal(2.4, 2.45);
    await arsenal(2.4, 2.55);
    await arsenal(2.52, 2.3);
    expect(await outbox(me)).toHaveLength(1);

    await t.api.db.kysely.insertInto("telegram_links").values({ user_id: userOf(me), chat_id: `chat-${dialect}`, linked_at: clock(), muted_until: null }).execute();
    await t.api.db.kysely.insertInto("push_subscriptions").values({ id: `push-${dialect}`, user_id: userOf(me), endpoint: `https://push.example/${dialect}`, p256dh: "k", auth: "a", created_at: clock() }).execute();
    await arsenal(2.4, 2.6);
    const further = (await outbox(me)).slice(1);
    expect(further.map((r) => [r.channel, r.idempotency_key]).sort()).toEqual([
      ["email", `email:${id}:2.6`],
      ["push", `push:${id}:2.6`],
      ["telegram", `telegram:${id}:2.6`],
    ]);
  });

  it("writes nothing when a detection is replayed", async () => {
    const rows = (await outbox(me)).length;
    const rule = await t.api.db.kysely.selectFrom("alert_rules").select(["id", "last_fired"]).where("user_id", "=", userOf(me)).where("kind", "=", "target").executeTakeFirstOrThrow();
    // As if the pass that fired at 2.60 ran again from before it: the rule's figure put back, its rows kept.
    await t.api.db.kysely.updateTable("alert_rules").set({ last_fired: JSON.stringify({ at: clock(), price: 2.55 }) }).where("id", "=", rule.id).execute();
    await t.api.db.kysely.updateTable("alert_rules_version").set((eb) => ({ version: eb("version", "+", 1) })).execute();
    await prices(MATCH, "Arsenal", "Chelsea", [[3, 1, 1, 2.0]]);
    expect(detectionOf(t.api.odds)!.lastPass()).toMatchObject({ fired: 1, written: 0 });
    expect(await outbox(me)).toHaveLength(rows);
  });

  it("does not fire a muted rule", async () => {
    const id = await follow(quiet, { kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 3, threshold: 3.2, channels: ["email"] });
    await t.http.patch(`/users/alerts/${id}`).set(quiet).send({ muteHours: 3 }).expect(200);
    await prices(MATCH, "Arsenal", "Chelsea", [[1, 1, 3, 3.4]]);
    expect(await outbox(quiet)).toEqual([]);
    await t.http.patch(`/users/alerts/${id}`).set(quiet).send({ muteHours: 0 }).expect(200);
    await prices(MATCH, "Arsenal", "Chelsea", [[1, 1, 3, 3.5]]);
    expect((await outbox(quiet)).map((r) => r.idempotency_key)).toEqual([`email:${id}:3.5`]);
  });

  it("holds a non-urgent alert inside quiet hours to their end; a sure bet is urgent and goes at once", async () => {
    // 12:00 in Lagos: quiet from 11:30 to 13:00.
    await t.http.put("/users/alerts/settings").set(quiet).send({ timeZone: "Africa/Lagos", quietFrom: "11:30", quietTo: "13:00", emailOff: false }).expect(200);
    const draw = await follow(quiet, { kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 2, threshold: 3.4, channels: [] });
    await prices(MATCH, "Arsenal", "Chelsea", [[1, 1, 2, 3.45]]);
    const held = (await outbox(quiet)).filter((r) => r.topic === draw);
    expect(held.map((r) => [r.channel, r.urgent, r.next_attempt_at])).toEqual([["email", 0, Date.UTC(2026, 10, 24, 12, 0)]]);

    const sure = await follow(quiet, { kind: "sure", threshold: 2, channels: [] });
    await prices(SURE, "Leeds United", "Burnley", [[1, 1, 1, 3.6], [1, 1, 2, 3.0], [1, 1, 3, 3.0], [2, 1, 1, 3.0], [2, 1, 2, 3.6], [2, 1, 3, 3.6]]);
    const urgent = (await outbox(quiet)).filter((r) => r.kind === "sure");
    expect(urgent.map((r) => [r.channel, r.topic, r.urgent, r.next_attempt_at])).toEqual([["email", `${sure}:${SURE}:1`, 1, clock()]]);
    const payload = JSON.parse(urgent[0]!.payload) as AlertPayload;
    expect(payload.title).toMatch(/^Sure bet: \d+\.\d % after tax on Leeds United v Burnley$/);
    expect(payload.path).toBe("/sure-bets");
    // The same sure bet a feed run later is not new.
    await prices(SURE, "Leeds United", "Burnley", [[1, 1, 1, 3.6], [2, 1, 3, 3.6]]);
    expect((await outbox(quiet)).filter((r) => r.kind === "sure")).toHaveLength(1);
  });

  it("judges a target rule when it is made or changed, not at the next price change; a move rule made now starts from now", async () => {
    const fresh = await verifiedBearer(t, sink);
    const event = t.api.odds.cache.listed().events.find((e) => e.id === MATCH)!;
    const best = (selection: number) => Math.max(...event.markets.find((m) => m.marketId === 1)!.odds.flatMap((row) => row.odds.filter((o) => o.selectionTypeId === selection).map((o) => o.value)));
    const detection = detectionOf(t.api.odds)!;
    const home = await follow(fresh, { kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 1, threshold: best(1), channels: [] });
    await detection.settled();
    expect((await outbox(fresh)).map((r) => r.idempotency_key)).toEqual([`email:${home}:${best(1)}`]);

    const draw = await follow(fresh, { kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 2, threshold: Math.round((best(2) + 0.5) * 100) / 100, channels: [] });
    await follow(fresh, { kind: "move", eventId: MATCH, threshold: 5, channels: [] });
    await detection.settled();
    expect(await outbox(fresh)).toHaveLength(1);
    await t.http.patch(`/users/alerts/${draw}`).set(fresh).send({ threshold: best(2) }).expect(200);
    await detection.settled();
    expect((await outbox(fresh)).map((r) => r.idempotency_key)).toEqual([`email:${home}:${best(1)}`, `email:${draw}:${best(2)}`]);
  });
});

describe.each(dialects)("writing what fired on %s", (dialect) => {
  let database: TestDatabase;
  let t: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    t = await startTestApi(database, undefined);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it("writes thousands of firings a transaction at a time, and tells the sender as each commits rather than once at the end", async () => {
    const firings: Firing[] = Array.from({ length: 2_500 }, (_, n) => ({
      rule: { id: `rule-${n}`, user_id: `follower-${n}`, kind: "target", subject: "{}", event_id: MATCH, threshold: 2.5, channels: 7, muted_until: null, created_at: T0, last_fired: null },
      kind: "target",
      lastFired: "2.6",
      topic: `rule-${n}`,
      figure: "2.6",
      urgent: true,
      payload: { title: "Arsenal to win at 2.6", lines: [], path: "/match/x" },
    }));
    const reach = new Map(firings.map((f) => [f.rule.user_id, { channels: ["email" as const], timeZone: "Africa/Lagos", quietFrom: null, quietTo: null, telegramMutedUntil: null }]));
    const told: { rows: number; inOutbox: number }[] = [];
    const count = async () => Number((await t.api.db.kysely.selectFrom("alert_outbox").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const pending: Promise<void>[] = [];
    const written = await writeFirings(t.api.db.kysely, firings, [], reach, T0, (rows) => pending.push(count().then((inOutbox) => void told.push({ rows, inOutbox }))));
    await Promise.all(pending);
    expect(written).toBe(2_500);
    // The first transaction's rows were there to send while the second was written.
    expect(told.map((t) => t.rows)).toEqual([2_000, 500]);
    expect(told[0]!.inOutbox).toBeGreaterThanOrEqual(2_000);
    // A replay writes nothing and tells nobody.
    const again: number[] = [];
    expect(await writeFirings(t.api.db.kysely, firings, [], reach, T0, (rows) => again.push(rows))).toBe(0);
    expect(again).toEqual([]);
  });
});

describe.each(dialects)("alert booking codes on %s", (dialect) => {
  const clock = testClock(T0);
  const stack = useAlertBookingStack(dialect, clock);
  let sink: AlertStack["sink"];
  let t: TestApi;
  beforeAll(() => void ({ t, sink } = stack()));

  it("mints one code at the best book for every follower of an outcome, and puts it in each alert", async () => {
    // A match SportyBet prices the home win of, well ahead.
    const event = t.api.odds.cache.listed().events.find((e) => Date.parse(e.date) > clock() + 6 * HOUR && e.markets.some((m) => m.marketId === 1 && m.odds.some((row) => row.provider === 3 && !row.stale)))!;
    expect(event).toBeDefined();
    const best = Math.max(...event.markets.find((m) => m.marketId === 1)!.odds.flatMap((row) => row.odds.filter((o) => o.selectionTypeId === 1).map((o) => o.value)));
    const followers = await Promise.all(Array.from({ length: 3 }, () => verifiedBearer(t, sink)));
    for (const auth of followers) await t.http.post("/users/alerts").set(auth).send({ kind: "target", eventId: event.id, marketId: 1, selectionTypeId: 1, threshold: best + 0.2, channels: [] }).expect(201);
    const stored = await t.api.db.kysely.selectFrom("events").selectAll().where("id", "=", event.id).executeTakeFirstOrThrow();
    const detection = detectionOf(t.api.odds)!;
    const mintsBefore = detection.codes.mints();
    const raised = Math.round((best + 0.5) * 100) / 100;
    await writeStoreRun(t.api.db.kysely, [{ key: event.id, competitionId: stored.competition_id, home: stored.home, away: stored.away, kickoff: new Date(stored.kickoff), prices: [{ bookmaker: 3, marketId: 1, selectionTypeId: 1, price: raised, boosted: false }] }], clock());
    await t.api.odds.refresh();
    await detection.settled();
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("kind", "=", "target").execute();
    expect(rows).toHaveLength(followers.length);
    const codes = rows.map((r) => (JSON.parse(r.payload) as AlertPayload).code);
    expect(codes[0]).toMatchObject({ provider: 3, code: expect.stringMatching(/^[A-Z0-9]{6}$/) });
    expect(new Set(codes.map((c) => c?.code)).size).toBe(1);
    expect(detection.codes.mints() - mintsBefore).toBe(1);
  });
});
