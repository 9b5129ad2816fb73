import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { enqueueAlerts, type AlertPayload } from "#api/alerts/outbox.ts";
import { pushTopic } from "#api/alerts/push/push-sender.ts";
import { pushChannelView } from "#api/alerts/push/subscriptions.ts";
import { loadOrCreateVapidKeys, resolveVapidKeys, VAPID_FILE } from "#api/alerts/push/vapid.ts";
import { newAccount } from "../factories.ts";
import { captureLogs, startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { PUSH_WORKER_URL } from "#client/alerts/push-worker-url.ts";
import { PUSH_WORKER_SOURCE } from "#server/push-worker.ts";
import { startWebStack, TEST_ORIGIN } from "../helpers/web.ts";
import { startPushEndpoint, type BrowserSubscription, type PushEndpoint } from "../helpers/push-endpoint.ts";
import { startSmtpSink, type startSmtpSink as SmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
/** Sunday 22 November 2026, 08:00 UTC. */
const T0 = Date.UTC(2026, 10, 22, 8, 0);

type Sink = Awaited<ReturnType<typeof SmtpSink>>;

async function signUp(t: TestApi, sink: Sink): Promise<{ token: string; userId: string }> {
  const account = newAccount();
  await t.http.put("/users/register").send(account).expect(201);
  const token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token as string;
  return { token, userId: String(decodeJwt(token).sub) };
}

let rowSequence = 0;
const payload = (title: string): AlertPayload => ({ title, lines: ["Arsenal to win: 2.60 at SportyBet", "Best after tax"], path: "/match/sr:match:1", code: { provider: 3, code: "3Q7XKD" } });

describe.each(dialects)("Web Push on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Sink;
  let push: PushEndpoint;
  let t: TestApi;
  const clock = testClock(T0);
  let publicKey = "";

  /** Writes one push alert for `userId` to the outbox, as detection does, and waits for the sender to drain it. */
  async function alertAndDrain(userId: string, options: { topic?: string; urgent?: boolean; title?: string } = {}) {
    rowSequence += 1;
    const topic = options.topic ?? `rule-${rowSequence}:sr:match:1`;
    await enqueueAlerts(t.api.db.kysely, [{ userId, channel: "push", kind: "target", topic, idempotencyKey: `push-test-${dialect}-${rowSequence}`, payload: payload(options.title ?? `Alert ${rowSequence}`), urgent: options.urgent ?? false }], clock());
    await t.api.alerts.sender!.idle();
    return t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("idempotency_key", "=", `push-test-${dialect}-${rowSequence}`).executeTakeFirstOrThrow();
  }

  const subscriptionsOf = (userId: string) => t.api.db.kysely.selectFrom("push_subscriptions").select(["endpoint", "p256dh", "auth"]).where("user_id", "=", userId).execute();
  const subscribe = (token: string, body: unknown) => t.http.post("/users/push/subscriptions").set("Authorization", `Bearer ${token}`).send(body as object);
  const unsubscribe = (token: string, body: unknown) => t.http.post("/users/push/subscriptions/remove").set("Authorization", `Bearer ${token}`).send(body as object);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    push = await startPushEndpoint();
    t = await startTestApi(database, sink, clock);
    publicKey = resolveVapidKeys(t.config)!.publicKey;
    await t.api.alerts.start();
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await sink?.close();
    await database?.drop();
  });

  it("delivers a subscribed bettor's alert: decrypted with the browser's keys, VAPID-signed, TTL 10 minutes, a Topic of its topic, Urgency high when urgent", async () => {
    const { token, userId } = await signUp(t, sink);
    const browser = push.subscribe(publicKey);
    const answer = await subscribe(token, browser);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ data: { ok: true } });
    expect(await pushChannelView(t.api.db.kysely, resolveVapidKeys(t.config), userId)).toEqual({ available: true, publicKey, subscriptions: 1 });

    const row = await alertAndDrain(userId, { topic: "rule-7:sr:match:1:1:1", urgent: true, title: "Arsenal reached 2.60" });
    expect(row.sent_at).not.toBeNull();
    const [received] = push.to(browser.endpoint);
    expect(push.to(browser.endpoint)).toHaveLength(1);
    expect(JSON.parse(received!.text)).toEqual({
      title: "Arsenal reached 2.60",
      body: "Arsenal to win: 2.60 at SportyBet\nBest after tax",
      url: `${t.config.publicOrigin}/match/sr:match:1`,
      tag: pushTopic("rule-7:sr:match:1:1:1"),
      code: { provider: 3, code: "3Q7XKD" },
    });
    expect(received!.headers.ttl).toBe("600");
    expect(received!.headers.topic).toBe(pushTopic("rule-7:sr:match:1:1:1"));
    expect(received!.headers.topic).toMatch(/^[\w-]{1,32}$/);
    expect(received!.headers.urgency).toBe("high");
    expect(received!.claims.aud).toBe(push.origin);
    expect(received!.claims.sub).toBe(t.config.alerts.vapidSubject);

    await alertAndDrain(userId, { urgent: false });
    expect(push.to(browser.endpoint).at(-1)!.headers.urgency).toBe("normal");
  });

  it("sends to every browser of the bettor, and a browser subscribing again is stored once", async () => {
    const { token, userId } = await signUp(t, sink);
    const phone = push.subscribe(publicKey);
    const laptop = push.subscribe(publicKey);
    await subscribe(token, phone).expect(201);
    await subscribe(token, laptop).expect(201);
    await subscribe(token, phone).expect(201);
    expect(await subscriptionsOf(userId)).toHaveLength(2);

    const row = await alertAndDrain(userId);
    expect(row.sent_at).not.toBeNull();
    expect(push.to(phone.endpoint)).toHaveLength(1);
    expect(push.to(laptop.endpoint)).toHaveLength(1);
  });

  it("removes a subscription its push service answers 410 or 404 for; the row is sent to the browsers left, and dropped when none is left", async () => {
    const { token, userId } = await signUp(t, sink);
    const kept = push.subscribe(publicKey);
    const expired = push.subscribe(publicKey);
    const unsubscribed = push.subscribe(publicKey);
    for (const browser of [kept, expired, unsubscribed]) await subscribe(token, browser).expect(201);
    push.answer(expired.endpoint, 410);
    push.answer(unsubscribed.endpoint, 404);

    const sent = await alertAndDrain(userId);
    expect(sent.sent_at).not.toBeNull();
    expect(push.to(kept.endpoint)).toHaveLength(1);
    expect((await subscriptionsOf(userId)).map((s) => s.endpoint)).toEqual([kept.endpoint]);

    push.answer(kept.endpoint, 410);
    const dropped = await alertAndDrain(userId);
    expect(dropped.sent_at).toBeNull();
    expect(dropped.dropped_at).not.toBeNull();
    expect(dropped.error).toMatch(/no push subscription/);
    expect(await subscriptionsOf(userId)).toEqual([]);
    expect(await pushChannelView(t.api.db.kysely, resolveVapidKeys(t.config), userId)).toMatchObject({ subscriptions: 0 });
  });

  it("drops the row of a bettor with no subscription without asking any push service", async () => {
    const { userId } = await signUp(t, sink);
    const before = push.received.length + push.refused.length;
    const row = await alertAndDrain(userId);
    expect(row.dropped_at).not.toBeNull();
    expect(push.received.length + push.refused.length).toBe(before);
  });

  it("tries a row again after a push service's 429, when its Retry-After says, and after its back-off on a 500", async () => {
    const { token, userId } = await signUp(t, sink);
    const busy = push.subscribe(publicKey);
    await subscribe(token, busy).expect(201);
    push.answer(busy.endpoint, 429, { "Retry-After": "120" });
    const limited = await alertAndDrain(userId);
    expect(limited.sent_at).toBeNull();
    expect(limited.dropped_at).toBeNull();
    expect(limited.attempts).toBe(0);
    expect(Number(limited.next_attempt_at)).toBe(clock() + 120_000);
    expect(limited.error).toMatch(/429/);

    push.answer(busy.endpoint, 500);
    clock.advance(120_000);
    await t.api.alerts.sender!.idle();
    const failed = await t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("id", "=", limited.id).executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(1);
    expect(failed.error).toMatch(/500/);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
  });

  it("keeps a bettor's newest ten browsers", async () => {
    const { token, userId } = await signUp(t, sink);
    const browsers: BrowserSubscription[] = [];
    for (let i = 0; i < 11; i += 1) {
      browsers.push(push.subscribe(publicKey));
      await subscribe(token, browsers.at(-1)).expect(201);
      clock.advance(1_000);
    }
    const stored = (await subscriptionsOf(userId)).map((s) => s.endpoint).sort();
    expect(stored).toEqual(browsers.slice(1).map((b) => b.endpoint).sort());
  });

  it("lets no one else remove a bettor's subscription: their call changes nothing and the alerts still arrive", async () => {
    const owner = await signUp(t, sink);
    const other = await signUp(t, sink);
    const browser = push.subscribe(publicKey);
    await subscribe(owner.token, browser).expect(201);

    const answer = await unsubscribe(other.token, { endpoint: browser.endpoint });
    expect(answer.status).toBe(200);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(1);
    await alertAndDrain(owner.userId);
    expect(push.to(browser.endpoint)).toHaveLength(1);

    await unsubscribe(owner.token, { endpoint: browser.endpoint }).expect(200);
    expect(await subscriptionsOf(owner.userId)).toEqual([]);
  });

  it("answers bad bodies and missing sessions with the contract's envelope, storing nothing", async () => {
    const { token, userId } = await signUp(t, sink);
    const good = push.subscribe(publicKey);
    const p256dhOffCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url");
    const bad: [unknown, RegExp][] = [
      [{ ...good, endpoint: "ftp://push.example.com/push/1" }, /endpoint/],
      [{ ...good, endpoint: "http://push.example.com/push/1" }, /endpoint/],
      [{ ...good, endpoint: `https://push.example.com/${"a".repeat(1_000)}` }, /endpoint/],
      [{ ...good, endpoint: 42 }, /endpoint/],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, p256dh: p256dhOffCurve } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, p256dh: "not base64url!" } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString("base64url") } }, /auth/],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, /auth/],
      [{ endpoint: good.endpoint }, /keys/],
      [{ ...good, extra: 1 }, /unknown field: extra/],
      [[good], /push subscription/],
      ["text", /push subscription/],
    ];
    for (const [body, message] of bad) {
      const answer = await subscribe(token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.body.error.code).toBe("VALIDATION_ERROR");
      expect(answer.body.error.description).toMatch(message);
    }
    for (const body of [{}, { endpoint: 7 }, { endpoint: "" }, { endpoint: good.endpoint, keys: good.keys }]) {
      const answer = await unsubscribe(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe("VALIDATION_ERROR");
    }
    const signedOut = await t.http.post("/users/push/subscriptions").send(good);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe("AUTH_REQUIRED");
    expect((await t.http.post("/users/push/subscriptions/remove").send({ endpoint: good.endpoint })).status).toBe(401);
    expect(await subscriptionsOf(userId)).toEqual([]);
  });

  it("keeps the generated VAPID keys in DATA_DIR, mode 0600, for the next start: subscriptions made now outlive a restart", async () => {
    const path = join(database.dataDir, VAPID_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // What a restarted process reads (resolveVapidKeys remembers the keys within one).
    expect(loadOrCreateVapidKeys(database.dataDir).publicKey).toBe(publicKey);
  });
});

describe("Web Push through the web tier", () => {
  let database: TestDatabase;
  let sink: Sink;
  let push: PushEndpoint;
  let stack: Awaited<ReturnType<typeof startWebStack>>;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    sink = await startSmtpSink();
    push = await startPushEndpoint();
    stack = await startWebStack(database, { smtpUrl: sink.url });
  });
  afterAll(async () => {
    await stack?.close();
    await push?.close();
    await sink?.close();
    await database?.drop();
  });

  it("serves the service worker at the site's root, never cached for long, outside the hashed assets", async () => {
    const answer = await stack.http.get(PUSH_WORKER_URL);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.text).toBe(PUSH_WORKER_SOURCE);
  });

  it("takes a browser's subscription and its removal from the signed-in page's calls", async () => {
    const account = newAccount();
    const json = (path: string, cookie = "") => stack.http.post(path).set("origin", TEST_ORIGIN).set("content-type", "application/json").set("cookie", cookie);
    await stack.http.put("/api/users/register").set("origin", TEST_ORIGIN).set("content-type", "application/json").send(account).expect(201);
    const verified = await json("/api/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) }).expect(200);
    const cookie = ([] as string[]).concat(verified.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    const browser = push.subscribe(loadOrCreateVapidKeys(database.dataDir).publicKey);
    const stored = () => stack.api.api.db.kysely.selectFrom("push_subscriptions").select("endpoint").where("endpoint", "=", browser.endpoint).execute();

    expect((await json("/api/users/push/subscriptions", cookie).send(browser)).status).toBe(201);
    expect(await stored()).toHaveLength(1);
    expect((await json("/api/users/push/subscriptions/remove", cookie).send({ endpoint: browser.endpoint })).status).toBe(200);
    expect(await stored()).toEqual([]);
  });
});

describe("Web Push in production", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("is off without VAPID keys, said once in the log, and generates none", async () => {
    const logs = captureLogs();
    const t = await startTestApi(database, undefined, testClock(T0), { logger: logs.logger, env: { NODE_ENV: "production" } });
    try {
      expect((await t.http.post("/users/push/subscriptions").send({})).status).toBe(404);
      expect(resolveVapidKeys(t.config)).toBeUndefined();
      expect(existsSync(join(database.dataDir, VAPID_FILE))).toBe(false);
      expect(logs.lines.filter((line) => /Web Push is off/.test(line.msg))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it("posts to push services at public addresses only: a subscription reaching the site's own network, by address or by name, is never sent to", async () => {
    const made = webPush.generateVAPIDKeys();
    const push = await startPushEndpoint();
    const t = await startTestApi(database, undefined, testClock(T0), { env: { NODE_ENV: "production", VAPID_PUBLIC_KEY: made.publicKey, VAPID_PRIVATE_KEY: made.privateKey } });
    try {
      const db = t.api.db.kysely;
      await db.insertInto("users").values({ id: "u-inside", username: "inside", username_key: "inside", email: "inside@example.test", password_hash: "x", country: 1, verified: 1, created_at: T0, last_login_at: null }).execute();
      const byAddress = push.subscribe(made.publicKey);
      const byName = push.subscribe(made.publicKey);
      // Stored as a subscription made before this check, or by a name whose DNS answer changed since.
      await db
        .insertInto("push_subscriptions")
        .values([
          { id: "p-address", user_id: "u-inside", endpoint: byAddress.endpoint, p256dh: byAddress.keys.p256dh, auth: byAddress.keys.auth, created_at: T0 },
          { id: "p-name", user_id: "u-inside", endpoint: byName.endpoint.replace("127.0.0.1", "localhost"), p256dh: byName.keys.p256dh, auth: byName.keys.auth, created_at: T0 + 1 },
        ])
        .execute();
      await t.api.alerts.start();
      await enqueueAlerts(db, [{ userId: "u-inside", channel: "push", kind: "target", topic: "t-inside", idempotencyKey: "push:inside:2.6", payload: { title: "Arsenal to win at 2.60", lines: [], path: "/match/x" }, urgent: false }], T0);
      await t.api.alerts.sender!.idle();
      expect(push.received).toEqual([]);
      expect(push.refused).toEqual([]);
      const row = await db.selectFrom("alert_outbox").select(["sent_at", "error"]).where("idempotency_key", "=", "push:inside:2.6").executeTakeFirstOrThrow();
      expect(row.sent_at).toBeNull();
      expect(row.error).toMatch(/no public address/);
    } finally {
      await t.close();
      await push.close();
    }
  });

  it("is on with VAPID keys set, and uses them", async () => {
    const made = webPush.generateVAPIDKeys();
    const t = await startTestApi(database, undefined, testClock(T0), { env: { NODE_ENV: "production", VAPID_PUBLIC_KEY: made.publicKey, VAPID_PRIVATE_KEY: made.privateKey } });
    try {
      expect(resolveVapidKeys(t.config)).toEqual({ publicKey: made.publicKey, privateKey: made.privateKey });
      // The route is there: it asks for a session.
      expect((await t.http.post("/users/push/subscriptions").send({})).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
