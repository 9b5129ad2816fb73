import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDue, enqueueAlerts, markFailed, outboxBacklog, RETRY_DELAYS_MS, sentMarker, type NewAlert } from "#api/alerts/outbox.ts";
import { EMAIL_PER_KIND_MS } from "#api/alerts/email/channel.ts";
import { startAlertSender } from "#api/alerts/sender.ts";
import { pino } from "pino";
import { unsubscribeToken } from "#api/alerts/email/unsubscribe.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);
let serial = 0;

/** An e-mail alert about an outcome for `userId`, its own key unless given. */
function alert(userId: string, over: Partial<NewAlert> = {}): NewAlert {
  serial += 1;
  return {
    userId,
    channel: "email",
    kind: "target",
    topic: `rule-${serial}`,
    idempotencyKey: `rule-${serial}@2.50`,
    payload: { title: `Arsenal v Chelsea: Arsenal at 2.5${serial}`, lines: ["Best at SportyBet, 2.5 after tax 2.4"], path: "/match/c1%3Aa", code: { provider: 3, code: "SB7Q2K" } },
    urgent: false,
    ...over,
  };
}

/** The headers of a raw mail, unfolded, by lower-case name. */
function headers(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new Map(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
}

describe.each(dialects)("the alert outbox on %s", (dialect) => {
  let database: TestDatabase;
  let t: TestApi;
  const clock = testClock(T0);
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    t = await startTestApi(database, undefined, clock);
    userId = "u-outbox";
    await t.api.db.kysely.insertInto("users").values({ id: userId, username: "outbox", username_key: "outbox", email: "outbox@example.test", password_hash: "x", country: 1, verified: 1, created_at: T0, last_login_at: null }).execute();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it("writes one row per idempotency key: a replayed detection writes nothing", async () => {
    const one = alert(userId);
    expect(await enqueueAlerts(t.api.db.kysely, [one], clock())).toBe(1);
    expect(await enqueueAlerts(t.api.db.kysely, [one, { ...one, payload: { ...one.payload, title: "again" } }], clock())).toBe(0);
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("idempotency_key", "=", one.idempotencyKey).execute();
    expect(rows.map((r) => JSON.parse(r.payload).title)).toEqual([one.payload.title]);
  });

  it("a newer unsent alert of a topic replaces the older; a claimed one is let go, not pulled back", async () => {
    const older = alert(userId, { topic: "rule-topic", idempotencyKey: "rule-topic@2.40" });
    const newer = alert(userId, { topic: "rule-topic", idempotencyKey: "rule-topic@2.60" });
    await enqueueAlerts(t.api.db.kysely, [older], clock());
    await enqueueAlerts(t.api.db.kysely, [newer], clock());
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").select(["idempotency_key", "dropped_at", "error"]).where("topic", "=", "rule-topic").orderBy("id").execute();
    expect(rows).toEqual([
      { idempotency_key: "rule-topic@2.40", dropped_at: clock(), error: "replaced by a newer alert" },
      { idempotency_key: "rule-topic@2.60", dropped_at: null, error: null },
    ]);
    const claimed = await claimDue(t.api.db.kysely, { now: clock(), limit: 1000, leaseMs: 60_000, postgres: dialect === "postgres" });
    expect(claimed.map((r) => r.idempotency_key)).toContain("rule-topic@2.60");
    await enqueueAlerts(t.api.db.kysely, [alert(userId, { topic: "rule-topic", idempotencyKey: "rule-topic@2.80" })], clock());
    const held = await t.api.db.kysely.selectFrom("alert_outbox").select("dropped_at").where("idempotency_key", "=", "rule-topic@2.60").executeTakeFirstOrThrow();
    expect(held.dropped_at).toBeNull();
  });

  it("writes a list as if one at a time, a batch a statement: a later alert of a topic replaces an earlier one of the list; only its own user, channel and topic", async () => {
    await t.api.db.kysely.deleteFrom("alert_outbox").execute();
    const other = "u-outbox-other";
    await t.api.db.kysely.insertInto("users").values({ id: other, username: "outbox2", username_key: "outbox2", email: "outbox2@example.test", password_hash: "x", country: 1, verified: 1, created_at: T0, last_login_at: null }).execute();
    // Two bettors' rows of two topics: a new row of one user and topic leaves the other user's of that topic alone.
    await enqueueAlerts(t.api.db.kysely, [alert(userId, { topic: "t-a", idempotencyKey: "mine-a" }), alert(other, { topic: "t-b", idempotencyKey: "theirs-b" })], clock());
    // 501 rows (two statements) of one topic, a key given twice; and a row on another channel of that topic.
    const many = Array.from({ length: 501 }, (_, i) => alert(userId, { topic: "t-b", idempotencyKey: `many-${i}` }));
    const written = await enqueueAlerts(t.api.db.kysely, [...many, many[3]!, alert(userId, { topic: "t-b", channel: "push", idempotencyKey: "push-b" }), alert(other, { topic: "t-a", idempotencyKey: "theirs-a" })], clock());
    expect(written).toBe(503);
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").select(["user_id", "channel", "topic", "idempotency_key", "error"]).where("dropped_at", "is", null).orderBy("id").execute();
    expect(rows.sort((a, b) => (a.user_id === b.user_id ? (a.idempotency_key < b.idempotency_key ? -1 : 1) : a.user_id < b.user_id ? -1 : 1))).toEqual([
      { user_id: userId, channel: "email", topic: "t-b", idempotency_key: "many-500", error: null },
      { user_id: userId, channel: "email", topic: "t-a", idempotency_key: "mine-a", error: null },
      { user_id: userId, channel: "push", topic: "t-b", idempotency_key: "push-b", error: null },
      { user_id: other, channel: "email", topic: "t-a", idempotency_key: "theirs-a", error: null },
      { user_id: other, channel: "email", topic: "t-b", idempotency_key: "theirs-b", error: null },
    ]);
    const replaced = await t.api.db.kysely.selectFrom("alert_outbox").select(["error"]).where("dropped_at", "=", clock()).execute();
    expect(replaced).toHaveLength(500);
    expect(new Set(replaced.map((r) => r.error))).toEqual(new Set(["replaced by a newer alert"]));
  });

  it("a claim holds its rows for its lease; quiet hours hold a row until its time", async () => {
    await t.api.db.kysely.deleteFrom("alert_outbox").execute();
    const quiet = alert(userId, { notBefore: clock() + 3_600_000 });
    await enqueueAlerts(t.api.db.kysely, [alert(userId), alert(userId), quiet], clock());
    const options = { limit: 100, leaseMs: 30_000, postgres: dialect === "postgres" };
    expect((await claimDue(t.api.db.kysely, { now: clock(), ...options })).length).toBe(2);
    expect(await claimDue(t.api.db.kysely, { now: clock() + 29_000, ...options })).toEqual([]);
    expect((await claimDue(t.api.db.kysely, { now: clock() + 31_000, ...options })).length).toBe(2);
    const later = await claimDue(t.api.db.kysely, { now: clock() + 3_600_000, ...options });
    expect(later.map((r) => r.idempotency_key)).toContain(quiet.idempotencyKey);
  });

  it("a failing row is tried again after 30 s, 2 min, 10 min and 1 h, then dropped; a channel's own wait counts no attempt", async () => {
    await t.api.db.kysely.deleteFrom("alert_outbox").execute();
    const one = alert(userId);
    await enqueueAlerts(t.api.db.kysely, [one], clock());
    let now = clock();
    const waits: number[] = [];
    for (;;) {
      const [row] = await claimDue(t.api.db.kysely, { now, limit: 1, leaseMs: 1_000, postgres: dialect === "postgres" });
      expect(row).toBeDefined();
      if ((await markFailed(t.api.db.kysely, row!, now, "refused")) === "dropped") break;
      const next = await t.api.db.kysely.selectFrom("alert_outbox").select("next_attempt_at").where("id", "=", row!.id).executeTakeFirstOrThrow();
      waits.push(next.next_attempt_at - now);
      now = next.next_attempt_at;
    }
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(await outboxBacklog(t.api.db.kysely)).toBe(0);

    const other = alert(userId);
    await enqueueAlerts(t.api.db.kysely, [other], clock());
    const [row] = await claimDue(t.api.db.kysely, { now: clock(), limit: 1, leaseMs: 1_000, postgres: dialect === "postgres" });
    expect(await markFailed(t.api.db.kysely, row!, clock(), "429", 7_000)).toBe("retry");
    const after = await t.api.db.kysely.selectFrom("alert_outbox").select(["attempts", "next_attempt_at"]).where("id", "=", row!.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ attempts: 0, next_attempt_at: clock() + 7_000 });
  });
});

describe.each(dialects)("marking sent on %s (docs/design.md, The sender)", (dialect) => {
  let database: TestDatabase;
  let t: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    t = await startTestApi(database, undefined);
    await t.api.db.kysely.insertInto("users").values({ id: "u-mark", username: "mark", username_key: "mark", email: "mark@example.test", password_hash: "x", country: 1, verified: 1, created_at: T0, last_login_at: null }).execute();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** The database as the marker sees it, counting its update statements, failing them when told. */
  function counted() {
    const seen = { updates: 0, fail: false };
    const kysely = t.api.db.kysely.withPlugin({
      transformQuery(args) {
        if (args.node.kind === "UpdateQueryNode") {
          seen.updates += 1;
          if (seen.fail) throw new Error("the database went away");
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { kysely, seen };
  }

  it("rows acknowledged together are marked in one statement, and each caller waits for its own row's mark", async () => {
    const alerts = Array.from({ length: 20 }, () => alert("u-mark"));
    await enqueueAlerts(t.api.db.kysely, alerts, T0);
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").select("id").where("user_id", "=", "u-mark").orderBy("id").execute();
    const { kysely, seen } = counted();
    const mark = sentMarker(kysely);
    await Promise.all(rows.map((row) => mark(row.id, T0 + 5)));
    expect(seen.updates).toBe(1);
    const marked = await t.api.db.kysely.selectFrom("alert_outbox").select("sent_at").where("user_id", "=", "u-mark").execute();
    expect(marked.map((r) => r.sent_at)).toEqual(rows.map(() => T0 + 5));
  });

  it("a statement that fails fails every row of it: none is taken for sent", async () => {
    await enqueueAlerts(t.api.db.kysely, [alert("u-mark"), alert("u-mark")], T0);
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").select("id").where("user_id", "=", "u-mark").where("sent_at", "is", null).execute();
    expect(rows).toHaveLength(2);
    const { kysely, seen } = counted();
    seen.fail = true;
    const mark = sentMarker(kysely);
    const results = await Promise.allSettled(rows.map((row) => mark(row.id, T0)));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const left = await t.api.db.kysely.selectFrom("alert_outbox").select("sent_at").where("id", "in", rows.map((r) => r.id)).execute();
    expect(left.map((r) => r.sent_at)).toEqual([null, null]);
  });
});

describe.each(dialects)("the one sender on %s (docs/design.md, The sender)", (dialect) => {
  let database: TestDatabase;
  let t: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    t = await startTestApi(database, undefined);
    await t.api.db.kysely.insertInto("users").values({ id: "u-two", username: "two", username_key: "two", email: "two@example.test", password_hash: "x", country: 1, verified: 1, created_at: T0, last_login_at: null }).execute();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it("drains each channel at its own pace: a channel held back never holds another's alerts", async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const slow = { channel: "telegram" as const, concurrency: 1, send: async (row: { idempotency_key: string }) => (await held, sent.push(row.idempotency_key), { status: "sent" as const }) };
    const fast = { channel: "email" as const, concurrency: 1, send: async (row: { idempotency_key: string }) => (sent.push(row.idempotency_key), { status: "sent" as const }) };
    const now = Date.now();
    await enqueueAlerts(t.api.db.kysely, [alert("u-two", { channel: "telegram", idempotencyKey: "slow-1" }), alert("u-two", { channel: "email", idempotencyKey: "fast-1" }), alert("u-two", { channel: "push", idempotencyKey: "nowhere-1" })], now);
    const sender = startAlertSender({ db: t.api.db, databaseUrl: database.url, channels: [slow, fast], logger: pino({ level: "silent" }), pollMs: 20, batch: 1 });
    try {
      const state = async (key: string) => t.api.db.kysely.selectFrom("alert_outbox").select(["sent_at", "dropped_at", "error"]).where("idempotency_key", "=", key).executeTakeFirstOrThrow();
      await expect.poll(async () => (await state("fast-1")).sent_at, { timeout: 10_000 }).not.toBeNull();
      expect(sent).toEqual(["fast-1"]);
      // A channel this deployment does not have: dropped, saying so.
      await expect.poll(async () => (await state("nowhere-1")).error, { timeout: 10_000 }).toBe("no push channel on this deployment");
      release();
      await expect.poll(async () => (await state("slow-1")).sent_at, { timeout: 10_000 }).not.toBeNull();
      expect(sent).toEqual(["fast-1", "slow-1"]);
    } finally {
      release();
      await sender.stop();
    }
  });
});

describe.each(dialects)("e-mail alerts on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  const clock = testClock(T0);
  let user: { id: string; email: string };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    expect(res.status, res.text).toBe(200);
    const row = await t.api.db.kysely.selectFrom("users").select(["id", "email"]).where("email", "=", account.email).executeTakeFirstOrThrow();
    user = row;
    await t.api.alerts.start();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  const alertMails = () => sink.to(user.email).filter((m) => /^List-Unsubscribe:/m.test(m.raw));

  it("mails an alert with its code and page, a Message-ID of its own and a one-click List-Unsubscribe", async () => {
    const one = alert(user.id);
    await enqueueAlerts(t.api.db.kysely, [one], clock());
    await t.api.alerts.sender!.idle();
    const mails = alertMails();
    expect(mails).toHaveLength(1);
    const head = headers(mails[0]!.raw);
    expect(head.get("subject")).toBe(one.payload.title);
    expect(head.get("list-unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/alerts\/unsubscribe\?t=[\w-]+\.[\w-]{32}>$/);
    expect(head.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(head.get("message-id")).toMatch(/^<alert-[0-9a-f]{32}@localhost>$/);
    expect(mails[0]!.raw).toContain("Booking code at SportyBet: SB7Q2K");
    expect(mails[0]!.raw).toContain("http://localhost:3000/match/c1%3Aa");
    const row = await t.api.db.kysely.selectFrom("alert_outbox").select(["sent_at", "dropped_at"]).where("idempotency_key", "=", one.idempotencyKey).executeTakeFirstOrThrow();
    expect(row).toEqual({ sent_at: clock(), dropped_at: null });
  });

  it("sends at most one mail of a kind an hour: the rest wait and go as one digest when the hour is up", async () => {
    const before = alertMails().length;
    const [second, third] = [alert(user.id), alert(user.id)];
    await enqueueAlerts(t.api.db.kysely, [second, third], clock());
    await t.api.alerts.sender!.idle();
    expect(alertMails().length).toBe(before);
    // Another kind is not held by this one.
    await enqueueAlerts(t.api.db.kysely, [alert(user.id, { kind: "sure", urgent: true })], clock());
    await t.api.alerts.sender!.idle();
    expect(alertMails().length).toBe(before + 1);

    clock.advance(EMAIL_PER_KIND_MS);
    await t.api.alerts.sender!.idle();
    const mails = alertMails();
    expect(mails.length).toBe(before + 2);
    const digest = mails.at(-1)!.raw;
    expect(headers(digest).get("subject")).toBe("2 AfriOdds target price alerts");
    expect(digest).toContain(second.payload.title);
    expect(digest).toContain(third.payload.title);
    const rows = await t.api.db.kysely.selectFrom("alert_outbox").select("sent_at").where("idempotency_key", "in", [second.idempotencyKey, third.idempotencyKey]).execute();
    expect(rows.map((r) => r.sent_at)).toEqual([clock(), clock()]);
  });

  it("a mail's one-click unsubscribe takes e-mail off that kind's rules and drops its unsent mail; a forged link changes nothing", async () => {
    await t.api.db.kysely
      .insertInto("alert_rules")
      .values([
        { id: "r-target", user_id: user.id, kind: "target", subject: "{}", event_id: null, threshold: 2.5, channels: 7, muted_until: null, created_at: T0, last_fired: null },
        { id: "r-sure", user_id: user.id, kind: "sure", subject: "{}", event_id: null, threshold: 1, channels: 5, muted_until: null, created_at: T0, last_fired: null },
      ])
      .execute();
    const waiting = alert(user.id, { notBefore: clock() + 3_600_000 });
    await enqueueAlerts(t.api.db.kysely, [waiting], clock());

    const forged = unsubscribeToken("another-secret-entirely-0123456789abcdef", user.id, "target");
    const refused = await t.http.post("/alerts/unsubscribe").send({ token: forged });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("VALIDATION_ERROR");
    for (const token of ["", "x".repeat(5000), 7, null]) expect((await t.http.post("/alerts/unsubscribe").send({ token })).status).toBe(400);
    const rules = () => t.api.db.kysely.selectFrom("alert_rules").select(["id", "channels"]).where("user_id", "=", user.id).orderBy("id").execute();
    expect(await rules()).toEqual([{ id: "r-sure", channels: 5 }, { id: "r-target", channels: 7 }]);

    const link = /\?t=([\w.-]+)>$/.exec(headers(alertMails()[0]!.raw).get("list-unsubscribe")!)![1]!;
    const res = await t.http.post("/alerts/unsubscribe").send({ token: link });
    expect(res.status, res.text).toBe(200);
    expect(await rules()).toEqual([{ id: "r-sure", channels: 5 }, { id: "r-target", channels: 3 }]);
    const row = await t.api.db.kysely.selectFrom("alert_outbox").select(["sent_at", "error"]).where("idempotency_key", "=", waiting.idempotencyKey).executeTakeFirstOrThrow();
    expect(row).toEqual({ sent_at: null, error: "unsubscribed" });
  });

  it("mails a claimed batch of many bettors at once: one mail each with its own unsubscribe link, two alerts of one kind as one mail, e-mail off and unverified dropped", async () => {
    const db = t.api.db.kysely;
    const ids = ["u-batch-1", "u-batch-2", "u-batch-3", "u-batch-off", "u-batch-unverified"];
    await db
      .insertInto("users")
      .values(ids.map((id) => ({ id, username: id, username_key: id, email: `${id}@example.test`, password_hash: "x", country: 1, verified: id === "u-batch-unverified" ? 0 : 1, created_at: T0, last_login_at: null })))
      .execute();
    await db.insertInto("alert_settings").values({ user_id: "u-batch-off", time_zone: "Africa/Lagos", quiet_from: null, quiet_to: null, email_off: 1, updated_at: T0 }).execute();
    const moves = [alert("u-batch-1", { kind: "move" }), alert("u-batch-1", { kind: "move" })];
    const others = ["u-batch-2", "u-batch-3", "u-batch-off", "u-batch-unverified"].map((id) => alert(id, { kind: "move" }));
    await enqueueAlerts(db, [...moves, ...others], clock());
    await t.api.alerts.sender!.idle();

    const mailsOf = (id: string) => sink.to(`${id}@example.test`);
    expect(ids.map((id) => mailsOf(id).length)).toEqual([1, 1, 1, 0, 0]);
    const digest = mailsOf("u-batch-1")[0]!.raw;
    expect(headers(digest).get("subject")).toBe("2 AfriOdds price move alerts");
    for (const one of moves) expect(digest).toContain(one.payload.title);
    const links = ["u-batch-1", "u-batch-2", "u-batch-3"].map((id) => headers(mailsOf(id)[0]!.raw).get("list-unsubscribe"));
    expect(new Set(links).size).toBe(3);
    const state = await db
      .selectFrom("alert_outbox")
      .select(["user_id", "sent_at", "error"])
      .where("user_id", "in", ids)
      .orderBy("id")
      .execute();
    expect(state).toEqual([
      { user_id: "u-batch-1", sent_at: clock(), error: null },
      { user_id: "u-batch-1", sent_at: clock(), error: null },
      { user_id: "u-batch-2", sent_at: clock(), error: null },
      { user_id: "u-batch-3", sent_at: clock(), error: null },
      { user_id: "u-batch-off", sent_at: null, error: "e-mail alerts are off" },
      { user_id: "u-batch-unverified", sent_at: null, error: "no verified e-mail address" },
    ]);
  });

  it("no mail to an address not verified: the row is dropped, saying why", async () => {
    await t.api.db.kysely.insertInto("users").values({ id: "u-unverified", username: "unverified", username_key: "unverified", email: "unverified@example.test", password_hash: "x", country: 1, verified: 0, created_at: T0, last_login_at: null }).execute();
    const one = alert("u-unverified");
    await enqueueAlerts(t.api.db.kysely, [one], clock());
    await t.api.alerts.sender!.idle();
    expect(sink.to("unverified@example.test")).toEqual([]);
    const row = await t.api.db.kysely.selectFrom("alert_outbox").select(["sent_at", "error"]).where("idempotency_key", "=", one.idempotencyKey).executeTakeFirstOrThrow();
    expect(row).toEqual({ sent_at: null, error: "no verified e-mail address" });
  });
});
