/**
 * `slip` rules end to end (docs/design.md, What a bettor follows; Detection): a bettor's saved slip
 * (PUT /users/betslip) and a slip rule (POST /users/alerts), prices written through the real store,
 * the odds cache rebuilt and detection settled; what lands in the outbox is what the bettor is sent.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Betslip } from "#shared/contract.ts";
import { detectionOf } from "#api/alerts/detect/index.ts";
import type { AlertPayload } from "#api/alerts/outbox.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { verifiedBearer } from "../helpers/booking-stack.ts";
import { useAlertBookingStack, type AlertStack } from "../helpers/alert-stack.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { storeFixture, writeStoreRun, type StorePrice } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Tuesday 24 November 2026, 09:00 UTC (10:00 in Lagos, outside the default quiet hours). */
const T0 = Date.UTC(2026, 10, 24, 9, 0);
const ARSENAL = "c1:slip:arsenal+chelsea";
const LEEDS = "c1:slip:leeds+burnley";
/** The slip's first kick-off, two hours on; the other leg two days on. */
const ARSENAL_KICKOFF = T0 + 2 * HOUR;
const LEEDS_KICKOFF = T0 + 48 * HOUR;
type Auth = { authorization: string };

const userOf = (auth: Auth) => decodeJwt(auth.authorization.slice("Bearer ".length)).sub!;
const payloadOf = (row: { payload: string }) => JSON.parse(row.payload) as AlertPayload;
/** What an alert says: its title's reason and its lines. */
const said = (payload: AlertPayload) => [payload.title.replace(/^Your betslip: /, ""), ...payload.lines];
const naira = (value: number) => `₦${Math.round(value).toLocaleString("en-NG")}`;

describe.each(dialects)("slip alerts on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  const clock = testClock(T0);
  let me: Auth;
  let ruleId: string;
  /** The home win's price at Bet9ja (1) and BetKing (2) for each match, as last written. */
  const home = { arsenal: [2.0, 1.9], leeds: [2.0, 1.9] };
  let leedsSuspended = false;

  /** One feed run of both matches as the collector writes it (every price confirmed now), the cache rebuilt and detection done. */
  async function pass() {
    const rows = (prices: number[]): StorePrice[] => [[1, 1, 1, prices[0]!], [1, 1, 2, 3.3], [1, 1, 3, 3.6], [2, 1, 1, prices[1]!], [2, 1, 2, 3.2], [2, 1, 3, 3.5]];
    const leeds = storeFixture(LEEDS, "Leeds United", "Burnley", leedsSuspended ? [] : rows(home.leeds), new Date(LEEDS_KICKOFF));
    await writeStoreRun(t.api.db.kysely, [storeFixture(ARSENAL, "Arsenal", "Chelsea", rows(home.arsenal), new Date(ARSENAL_KICKOFF)), { ...leeds, listedBy: [1, 2] }], clock());
    await t.api.odds.refresh();
    await detectionOf(t.api.odds)!.settled();
  }
  const outbox = () => t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("user_id", "=", userOf(me)).orderBy("id").execute();
  const lastFired = async () => JSON.parse((await t.api.db.kysely.selectFrom("alert_rules").select("last_fired").where("id", "=", ruleId).executeTakeFirstOrThrow()).last_fired!) as { payout: number | null; book: number | null; at: number | null };
  const slip = async () => (await t.http.get("/users/betslip").set(me).expect(200)).body.data as Betslip;
  /** The one new row since `before`, and that a pass with nothing new adds none. */
  async function oneNew(before: number) {
    const rows = await outbox();
    expect(rows.slice(before).map((r) => [r.channel, r.kind, r.topic])).toEqual([["email", "slip", ruleId]]);
    await pass();
    expect(await outbox()).toHaveLength(rows.length);
    return payloadOf(rows.at(-1)!);
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    await t.api.alerts.start();
    await pass();
    me = await verifiedBearer(t, sink);
    await t.http
      .put("/users/betslip")
      .set(me)
      .send({ stake: 1000, legs: [{ eventId: ARSENAL, marketId: 1, selectionTypeId: 1 }, { eventId: LEEDS, marketId: 1, selectionTypeId: 1 }] })
      .expect(200);
    ruleId = (await t.http.post("/users/alerts").set(me).send({ kind: "slip", threshold: 10, channels: [] }).expect(201)).body.data.id as string;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  it("starts from the slip as it is: no alert", async () => {
    await pass();
    await pass();
    expect(await outbox()).toEqual([]);
    expect(await lastFired()).toMatchObject({ book: 1, at: null, payout: (await slip()).bookmakers[0]!.netPayout });
  });

  it("alerts once when the slip's best book changes, and again each time it changes back and forth", async () => {
    const before = (await slip()).bookmakers[0]!;
    home.arsenal = [2.0, 2.15];
    await pass();
    const after = (await slip()).bookmakers[0]!;
    expect([before.provider, after.provider]).toEqual([1, 2]);
    // Less than the threshold: the book alone fires.
    expect(Math.abs(after.netPayout! - before.netPayout!) / before.netPayout!).toBeLessThan(0.1);
    const payload = await oneNew(0);
    expect(payload.title).toBe("Your betslip: Its best book is now BetKing (was Bet9ja).");
    expect(payload.lines).toEqual([`Best: BetKing pays ${naira(after.netPayout!)} after tax and bonus for ₦1,000.`]);
    expect(payload.path).toBe("/betslip");
    expect(payload.code).toBeUndefined();

    // Back to Bet9ja at the very payout it started from, then BetKing again: each is news.
    home.arsenal = [2.0, 1.9];
    await pass();
    expect((await oneNew(1)).title).toBe("Your betslip: Its best book is now Bet9ja (was BetKing).");
    home.arsenal = [2.0, 2.15];
    await pass();
    expect((await oneNew(2)).title).toBe("Your betslip: Its best book is now BetKing (was Bet9ja).");
  });

  it("alerts when the best net payout moves by the threshold from where it last stood, not for a smaller move", async () => {
    const rows = (await outbox()).length;
    const reference = (await lastFired()).payout!;
    home.arsenal = [2.0, 2.25];
    await pass();
    const small = (await slip()).bookmakers[0]!.netPayout!;
    expect((small - reference) / reference).toBeGreaterThan(0.05);
    expect((small - reference) / reference).toBeLessThan(0.1);
    expect(await outbox()).toHaveLength(rows);

    home.arsenal = [2.0, 2.6];
    await pass();
    const moved = (await slip()).bookmakers[0]!;
    expect(moved.provider).toBe(2);
    expect((moved.netPayout! - reference) / reference).toBeGreaterThanOrEqual(0.1);
    const payload = await oneNew(rows);
    expect(payload.title).toBe(`Your betslip: Its best payout moved from ${naira(reference)} to ${naira(moved.netPayout!)}.`);
    expect((await lastFired()).payout).toBe(moved.netPayout);
  });

  it("takes a slip the bettor changed (its stake too) as a new starting point: no alert", async () => {
    const rows = (await outbox()).length;
    await t.http.patch("/users/betslip").set(me).send({ stake: 3000 }).expect(200);
    await pass();
    expect(await outbox()).toHaveLength(rows);
    expect((await lastFired()).payout).toBe((await slip()).bookmakers[0]!.netPayout);
  });

  it("alerts once when a leg is suspended (no price at any book)", async () => {
    const rows = (await outbox()).length;
    leedsSuspended = true;
    await pass();
    const view = await slip();
    expect(view.legs.find((leg) => leg.eventId === LEEDS)!.prices).toEqual([]);
    const payload = await oneNew(rows);
    expect(said(payload)).toContain("Leeds United v Burnley has no price at any book (suspended).");
  });

  it("alerts once 30 minutes before the slip's first kick-off", async () => {
    const rows = (await outbox()).length;
    clock.advance(ARSENAL_KICKOFF - 31 * MINUTE - clock());
    await pass();
    expect(await outbox()).toHaveLength(rows);
    clock.advance(ARSENAL_KICKOFF - 29 * MINUTE - clock());
    await pass();
    const payload = await oneNew(rows);
    expect(payload.title).toBe("Your betslip: Its first match kicks off in 29 minutes.");
  });

  it("alerts once when a leg's match starts", async () => {
    const rows = (await outbox()).length;
    clock.advance(ARSENAL_KICKOFF + MINUTE - clock());
    await pass();
    const payload = await oneNew(rows);
    expect(said(payload)).toContain("Arsenal v Chelsea has started.");
    clock.advance(ARSENAL_KICKOFF + 10 * MINUTE - clock());
    await pass();
    expect(await outbox()).toHaveLength(rows + 1);
  });
});

describe.each(dialects)("slip alert booking codes on %s", (dialect) => {
  const clock = testClock(T0);
  const stack = useAlertBookingStack(dialect, clock);
  let sink: AlertStack["sink"];
  let t: TestApi;
  beforeAll(() => void ({ t, sink } = stack()));

  it("carries a code minted at the slip's best book", async () => {
    // Two matches SportyBet prices the home win of, well ahead.
    const events = t.api.odds.cache
      .listed()
      .events.filter((e) => Date.parse(e.date) > clock() + 6 * HOUR && e.markets.some((m) => m.marketId === 1 && m.odds.some((row) => row.provider === 3 && !row.stale)))
      .slice(0, 2);
    expect(events).toHaveLength(2);
    const me = await verifiedBearer(t, sink);
    await t.http
      .put("/users/betslip")
      .set(me)
      .send({ stake: 1000, legs: events.map((e) => ({ eventId: e.id, marketId: 1, selectionTypeId: 1 })) })
      .expect(200);
    await t.http.post("/users/alerts").set(me).send({ kind: "slip", threshold: 10, channels: [] }).expect(201);
    const detection = detectionOf(t.api.odds)!;
    await t.api.odds.refresh();
    await detection.settled();
    expect(await t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("kind", "=", "slip").execute()).toEqual([]);

    // SportyBet raises both home wins well past every book: the best book and the payout move.
    const mintsBefore = detection.codes.mints();
    const fixtures = [];
    for (const event of events) {
      const stored = await t.api.db.kysely.selectFrom("events").selectAll().where("id", "=", event.id).executeTakeFirstOrThrow();
      const best = Math.max(...event.markets.find((m) => m.marketId === 1)!.odds.flatMap((row) => row.odds.filter((o) => o.selectionTypeId === 1).map((o) => o.value)));
      fixtures.push({ key: event.id, competitionId: stored.competition_id, home: stored.home, away: stored.away, kickoff: new Date(stored.kickoff), prices: [{ bookmaker: 3, marketId: 1, selectionTypeId: 1, price: Math.round((best + 1) * 100) / 100, boosted: false }] });
    }
    await writeStoreRun(t.api.db.kysely, fixtures, clock());
    await t.api.odds.refresh();
    await detection.settled();
    const view = (await t.http.get("/users/betslip").set(me).expect(200)).body.data as Betslip;
    expect(view.bookmakers[0]!.provider).toBe(3);
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("kind", "=", "slip").execute();
    expect(rows).toHaveLength(1);
    const payload = payloadOf(rows[0]!);
    expect(payload.title).toMatch(/^Your betslip: /);
    expect(payload.code).toMatchObject({ provider: 3, code: expect.stringMatching(/^[A-Z0-9]{6}$/) });
    expect(detection.codes.mints() - mintsBefore).toBe(1);
  });
});
