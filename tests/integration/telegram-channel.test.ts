import { Api } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramChannel } from "#api/alerts/telegram/channel.ts";
import type { OutboxRow } from "#api/alerts/outbox.ts";
import { BROADCAST_LIMITS, startTelegramStandIn, type RunningTelegramStandIn } from "#api/feeds/simulator/telegram/bot-api-stand-in.ts";
import { suiteDatabase } from "../helpers/open-database.ts";

const TOKEN = "123456789:AAE-channel_test_token_for_the_stand_in";
const PAYLOAD = { title: "Arsenal v Chelsea: Arsenal at 2.60", lines: ["Best at SportyBet."], path: "/match/c1%3Aa" };

/** An outbox row of `userId`'s (only what the channel reads). */
const row = (userId: string, id: number) => ({ id, user_id: userId, channel: "telegram", kind: "target", topic: "t", urgent: 0 }) as OutboxRow;

describe("the Telegram channel's sending rate (docs/design.md, Channels; decision 058)", () => {
  const db = suiteDatabase("sqlite");
  let telegram: RunningTelegramStandIn;

  beforeAll(async () => {
    telegram = await startTelegramStandIn({ token: TOKEN });
    const now = Date.now();
    await db().kysely.insertInto("users").values([1, 2].map((n) => ({ id: `u${n}`, username: `u${n}`, username_key: `u${n}`, email: `u${n}@example.ng`, password_hash: "x", country: 1, verified: 1, created_at: now, last_login_at: null }))).execute();
    await db().kysely.insertInto("telegram_links").values([1, 2].map((n) => ({ user_id: `u${n}`, chat_id: String(500 + n), linked_at: now, muted_until: null }))).execute();
  });
  afterAll(async () => {
    await telegram?.close();
  });

  it("sends within Telegram's free 30 a second unless paid broadcasts are set, then asks for them with every alert", async () => {
    const api = new Api(TOKEN, { apiRoot: telegram.apiRoot });
    const free = telegramChannel({ api, db: db().kysely, clock: Date.now, publicOrigin: "https://afriodds.test" });
    expect(free.concurrency).toBe(30);
    expect(await free.send(row("u1", 1), PAYLOAD)).toEqual({ status: "sent" });
    expect(telegram.bot.sentTo(501).map((m) => m.paidBroadcast ?? false)).toEqual([false]);

    const paid = telegramChannel({ api, db: db().kysely, clock: Date.now, publicOrigin: "https://afriodds.test", paidBroadcastPerS: 400 });
    expect(paid.concurrency).toBe(200);
    expect(await paid.send(row("u2", 2), PAYLOAD)).toEqual({ status: "sent" });
    expect(telegram.bot.sentTo(502).map((m) => [m.paidBroadcast, m.text.split("\n")[0]])).toEqual([[true, PAYLOAD.title]]);
  });

  it("stays inside Telegram's limit: 45 alerts at once go 30 in the first second, the rest as places come back, and the stand-in refuses none", async () => {
    const strict = await startTelegramStandIn({ token: TOKEN });
    try {
      const api = new Api(TOKEN, { apiRoot: strict.apiRoot });
      const free = telegramChannel({ api, db: db().kysely, clock: Date.now, publicOrigin: "https://afriodds.test" });
      const started = Date.now();
      const outcomes = await Promise.all(Array.from({ length: 45 }, (_, i) => free.send(row("u1", 100 + i), PAYLOAD)));
      expect(outcomes.every((o) => o.status === "sent")).toBe(true);
      const sent = strict.bot.sentTo(501);
      expect(sent).toHaveLength(45);
      // All at once, 15 of them would have been refused; the last 15 went a second after the first 30's answers.
      expect(sent.filter((m) => m.at < started + 1_000)).toHaveLength(30);
      expect(strict.bot.rateRefusals).toBe(0);
    } finally {
      await strict.close();
    }
  });
});

describe("the Bot API stand-in's broadcast limits", () => {
  let telegram: RunningTelegramStandIn;
  let now = Date.UTC(2026, 10, 29, 12);
  beforeAll(async () => {
    telegram = await startTelegramStandIn({ token: TOKEN, clock: () => now });
  });
  afterAll(async () => {
    await telegram?.close();
  });

  it("answers a bot past about 30 messages a second with 429 and retry_after, as Telegram does; paid broadcasts go to 1,000; the next second starts afresh", async () => {
    const api = new Api(TOKEN, { apiRoot: telegram.apiRoot });
    const results = await Promise.allSettled(Array.from({ length: BROADCAST_LIMITS.free + 5 }, (_, i) => api.sendMessage(700 + i, "hello")));
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as { error_code: number; parameters: { retry_after?: number } });
    expect(refused.map((e) => [e.error_code, e.parameters.retry_after])).toEqual(Array.from({ length: 5 }, () => [429, 1]));
    expect(telegram.bot.rateRefusals).toBe(5);
    // Paid broadcasts are not held to the free rate.
    const paid = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => api.sendMessage(800 + i, "hello", { allow_paid_broadcast: true })));
    expect(paid.every((r) => r.status === "fulfilled")).toBe(true);
    now += 1_000;
    await expect(api.sendMessage(900, "hello")).resolves.toMatchObject({ chat: { id: 900 } });
  });
});
