import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ALERT_RULES, type AlertRuleView, type AlertsView } from "#shared/alerts-contract.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { verifiedBearer } from "../helpers/booking-stack.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { storeFixture, writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const HOUR = 3_600_000;
/** Tuesday 24 November 2026, 11:00 UTC (12:00 in Lagos). */
const T0 = Date.UTC(2026, 10, 24, 11, 0);
const MATCH = "c1:alerts:arsenal+chelsea";
const STARTED = "c1:alerts:leeds+burnley";
type Auth = { authorization: string };

describe.each(dialects)("the alert rules API on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  const clock = testClock(T0);
  let me: Auth;
  let other: Auth;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    await writeStoreRun(
      t.api.db.kysely,
      [
        storeFixture(MATCH, "Arsenal", "Chelsea", [[1, 1, 1, 2.4], [1, 1, 2, 3.3], [1, 1, 3, 3.0]], new Date(T0 + 48 * HOUR)),
        storeFixture(STARTED, "Leeds United", "Burnley", [[1, 1, 1, 2.0]], new Date(T0 - HOUR)),
      ],
      T0,
    );
    await t.api.odds.refresh();
    me = await verifiedBearer(t, sink);
    other = await verifiedBearer(t, sink);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  const post = (auth: Auth, body: unknown) => t.http.post("/users/alerts").set(auth).send(body as object);
  const list = async (auth: Auth) => (await t.http.get("/users/alerts").set(auth).expect(200)).body.data as AlertsView;
  const target = { kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 1, threshold: 2.5, channels: [] };
  const userOf = (auth: Auth) => decodeJwt(auth.authorization.slice("Bearer ".length)).sub!;

  it("answers the defaults before anything is followed, and needs a session", async () => {
    await t.http.get("/users/alerts").expect(401);
    const view = await list(me);
    expect(view.rules).toEqual([]);
    expect(view.maxRules).toBe(MAX_ALERT_RULES);
    expect(view.settings).toEqual({ timeZone: "Africa/Lagos", quietFrom: "22:00", quietTo: "07:00", emailOff: false });
    // No bot token in tests; push is on outside production; the key is the push part's to give.
    expect(view.channels).toEqual({ telegram: { available: false, linked: false, muted: false }, push: { available: true, publicKey: expect.stringMatching(/^B[\w-]{86}$/), subscriptions: 0 }, email: { on: true } });
  });

  it("creates a target rule with a readable title; the same outcome again is the same rule at the new price", async () => {
    const created = await post(me, target).expect(201);
    const rule = created.body.data as AlertRuleView;
    expect(rule).toMatchObject({ subject: { kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 1 }, title: "Arsenal v Chelsea: Arsenal to win at 2.50 or more", threshold: 2.5, channels: ["telegram", "push", "email"], mutedUntil: null, lastFiredAt: null });
    const again = await post(me, { ...target, threshold: 3 }).expect(200);
    expect(again.body.data).toMatchObject({ id: rule.id, threshold: 3, title: "Arsenal v Chelsea: Arsenal to win at 3.00 or more" });
    expect((await list(me)).rules.map((r) => [r.id, r.threshold])).toEqual([[rule.id, 3]]);
    const draw = await post(me, { kind: "move", eventId: MATCH, threshold: 10, channels: ["email"] }).expect(201);
    expect(draw.body.data.title).toBe("Arsenal v Chelsea: any best price moving 10 % or more");
    expect(draw.body.data.channels).toEqual(["email"]);
    const sure = await post(me, { kind: "sure", threshold: 2, channels: ["telegram"] }).expect(201);
    expect(sure.body.data.title).toBe("New sure bets making 2 % or more after tax");
  });

  it.each([
    [{ ...target, eventId: "c1:nowhere" }, "We do not know that match"],
    [{ ...target, eventId: STARTED }, "has started"],
    [{ ...target, marketId: 999_999 }, "marketId must be a market id"],
    [{ ...target, selectionTypeId: 4 }, "selectionTypeId must be one of"],
    [{ ...target, threshold: 1 }, "threshold must be a price from 1.01 to 1000"],
    [{ ...target, threshold: "2.5" }, "threshold must be a price"],
    [{ kind: "move", eventId: MATCH, threshold: 0.5 }, "threshold must be a share from 1 to 100"],
    [{ kind: "sure", threshold: 101 }, "threshold must be a profit after tax"],
    [{ kind: "drop", competitions: [987_654], threshold: 10 }, "Competition 987654 is not one we list"],
    [{ kind: "parlay", threshold: 10 }, "kind must be one of"],
    [{ ...target, channels: ["sms"] }, "channels must be a list of telegram, push, email"],
    [{ ...target, channels: ["email", "email"] }, "channels must be a list"],
    [{ ...target, admin: true }, "does not take admin"],
    [[1, 2], "kind must be one of"],
  ])("refuses %j with a clear 400, writing nothing", async (body, message) => {
    const before = (await list(other)).rules.length;
    const res = await post(other, body).expect(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.description).toContain(message);
    expect((await list(other)).rules.length).toBe(before);
  });

  it(`refuses a rule past ${MAX_ALERT_RULES}`, async () => {
    const userId = userOf(other);
    const rows = Array.from({ length: MAX_ALERT_RULES - (await list(other)).rules.length }, (_, i) => ({
      id: `bulk-${dialect}-${i}`,
      user_id: userId,
      kind: "drop" as const,
      subject: JSON.stringify({ kind: "drop", competitions: [i + 1000] }),
      event_id: null,
      threshold: 10,
      channels: 7,
      muted_until: null,
      created_at: T0,
      last_fired: null,
    }));
    await t.api.db.kysely.insertInto("alert_rules").values(rows).execute();
    const res = await post(other, target).expect(400);
    expect(res.body.error.description).toBe(`You follow ${MAX_ALERT_RULES} alerts already: delete one to add another.`);
    await t.api.db.kysely.deleteFrom("alert_rules").where("user_id", "=", userId).execute();
  });

  it("mutes, unmutes, changes channels and threshold; refuses a threshold outside the kind's range", async () => {
    const { id } = (await post(me, target)).body.data as AlertRuleView;
    const muted = await t.http.patch(`/users/alerts/${id}`).set(me).send({ muteHours: 2 }).expect(200);
    expect(muted.body.data.mutedUntil).toBe(new Date(T0 + 2 * HOUR).toISOString());
    const changed = await t.http.patch(`/users/alerts/${id}`).set(me).send({ muteHours: 0, channels: ["telegram"], threshold: 2.8 }).expect(200);
    expect(changed.body.data).toMatchObject({ mutedUntil: null, channels: ["telegram"], threshold: 2.8, title: "Arsenal v Chelsea: Arsenal to win at 2.80 or more" });
    for (const [body, message] of [
      [{ threshold: 0.5 }, "threshold must be a price from 1.01 to 1000"],
      [{ muteHours: 721 }, "muteHours must be a whole number of hours from 0 to 720"],
      [{ muteHours: 1.5 }, "muteHours must be a whole number"],
      [{}, "Say what to change"],
      [{ id: "another", muteHours: 1 }, "The body's id is not the alert in the path"],
    ] as const) {
      const res = await t.http.patch(`/users/alerts/${id}`).set(me).send(body).expect(400);
      expect(res.body.error.description).toContain(message);
    }
    expect((await list(me)).rules.find((r) => r.id === id)).toMatchObject({ threshold: 2.8, channels: ["telegram"], mutedUntil: null });
  });

  it("answers 404 for another bettor's rule and leaves it as it was", async () => {
    const { id } = (await post(me, target)).body.data as AlertRuleView;
    for (const res of [await t.http.patch(`/users/alerts/${id}`).set(other).send({ muteHours: 5 }), await t.http.delete(`/users/alerts/${id}`).set(other), await t.http.delete("/users/alerts/no-such-rule").set(me)]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect((await list(me)).rules.find((r) => r.id === id)?.mutedUntil).toBeNull();
    expect((await list(other)).rules.some((r) => r.id === id)).toBe(false);
  });

  it("deletes a rule, once", async () => {
    const { id } = (await post(me, { kind: "drop", competitions: [1], threshold: 15 })).body.data as AlertRuleView;
    expect((await t.http.delete(`/users/alerts/${id}`).set(me).expect(200)).body.data).toEqual({ ok: true });
    await t.http.delete(`/users/alerts/${id}`).set(me).expect(404);
    expect((await list(me)).rules.some((r) => r.id === id)).toBe(false);
  });

  it("saves settings with a zone Intl knows and HH:MM quiet hours", async () => {
    const settings = { timeZone: "Africa/Nairobi", quietFrom: "23:30", quietTo: "06:15", emailOff: true };
    expect((await t.http.put("/users/alerts/settings").set(me).send(settings).expect(200)).body.data).toEqual(settings);
    const view = await list(me);
    expect(view.settings).toEqual(settings);
    expect(view.channels.email.on).toBe(false);
    for (const [body, message] of [
      [{ ...settings, timeZone: "Mars/Olympus" }, "is not a time zone we know"],
      [{ ...settings, quietFrom: "24:00" }, "quietFrom must be a time as HH:MM"],
      [{ ...settings, quietTo: null }, "both a start and an end"],
      [{ ...settings, emailOff: "yes" }, "emailOff must be true or false"],
    ] as const) {
      const res = await t.http.put("/users/alerts/settings").set(me).send(body).expect(400);
      expect(res.body.error.description).toContain(message);
    }
    expect((await list(me)).settings).toEqual(settings);
    expect((await list(other)).settings.timeZone).toBe("Africa/Lagos");
  });
});
