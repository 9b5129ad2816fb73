import { Api } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramChannel } from "#api/alerts/telegram/channel.ts";
import type { OutboxRow } from "#api/alerts/outbox.ts";
import { startTelegramStandIn, type RunningTelegramStandIn } from "#api/feeds/simulator/telegram/bot-api-stand-in.ts";
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
});
