/**
 * The bot on a webhook (docs/design.md, Alerts, Channels, Telegram): the API sets it at the Bot
 * API stand-in with the secret; the stand-in POSTs updates to the public web tier, which passes
 * them to the API unchanged; a wrong or missing X-Telegram-Bot-Api-Secret-Token is refused with 401
 * and nothing is done.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_WORDS } from "#api/alerts/telegram/bot.ts";
import { startTelegramStandIn, type RunningTelegramStandIn } from "#api/feeds/simulator/telegram/bot-api-stand-in.ts";
import { startApiServer, type RunningApi } from "#api/server.ts";
import type { WebInstance } from "#server/app.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { listen, listeningApiConfig, webTier } from "../helpers/web.ts";

const dialects = await testDialects();
const TOKEN = "987654321:AAWebhookTokenForTheStandIn_987654";
const SECRET = "webhook-secret-0123456789abcdef";

describe.each(dialects)("the Telegram webhook on %s", (dialect) => {
  let database: TestDatabase;
  let telegram: RunningTelegramStandIn;
  let api: RunningApi;
  let web: WebInstance;
  let front: Server;
  let chat = 9_100_000;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    telegram = await startTelegramStandIn({ token: TOKEN });
    // The public address first (the webhook URL is configuration), the web tier behind it once built.
    let handler: RequestListener = (_req, res) => void res.writeHead(503).end();
    front = createServer((req, res) => handler(req, res));
    const { port } = await listen(front);
    const env = { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot, TELEGRAM_WEBHOOK_URL: `http://127.0.0.1:${port}/telegram/webhook`, TELEGRAM_WEBHOOK_SECRET: SECRET };
    api = await startApiServer(listeningApiConfig(database, env), { logger: pino({ level: "silent" }) });
    web = await webTier(api.origin);
    handler = web.app;
  }, 60_000);
  afterAll(async () => {
    front?.closeAllConnections();
    await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
    await web?.close();
    await api?.stop();
    await telegram?.close();
    await database?.drop();
  });

  const stand = () => telegram.bot;
  const update = (id: number, text: string) => ({
    update_id: 500_000 + id,
    message: { message_id: 1, date: 1, chat: { id, type: "private", first_name: "Ada" }, from: { id, is_bot: false, first_name: "Ada" }, text, entities: text.startsWith("/") ? [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] : [] },
  });

  it("sets its webhook with the secret and never polls", () => {
    expect(stand().webhook()).toEqual({ url: expect.stringMatching(/\/telegram\/webhook$/), secret: SECRET });
    expect(stand().calls.map((c) => c.method)).not.toContain("getUpdates");
    expect(stand().calls.find((c) => c.method === "setWebhook")?.params).toMatchObject({ secret_token: SECRET, allowed_updates: ["message", "callback_query"] });
  });

  it("takes the updates Telegram posts through the web tier and answers them", async () => {
    chat += 1;
    const before = stand().deliveries.length;
    stand().userSays(chat, "/help");
    const [sent] = await stand().waitForSent(chat, 1);
    expect(sent!.text).toBe(BOT_WORDS.help);
    await stand().waitUntil(() => stand().deliveries.length > before);
    expect(stand().deliveries.slice(before)).toEqual([200]);
    expect(stand().pendingUpdates()).toBe(0);
  });

  it("refuses a wrong or missing secret with 401 in the envelope, at the web tier and at the API, and does nothing", async () => {
    chat += 1;
    for (const http of [request(web.app), request(api.origin)]) {
      for (const headers of [{ "x-telegram-bot-api-secret-token": "wrong-secret-0123456789abcdef" }, {}, { "x-telegram-bot-api-secret-token": `${SECRET}x` }]) {
        const res = await http.post("/telegram/webhook").set(headers).send(update(chat, "/alerts"));
        expect(res.status).toBe(401);
        expect(res.body.error).toMatchObject({ code: "AUTH_REQUIRED", description: "The Telegram secret token is missing or wrong." });
      }
    }
    // The right secret: answered; the refused ones were never handled (one answer in all).
    const res = await request(web.app).post("/telegram/webhook").set("x-telegram-bot-api-secret-token", SECRET).send(update(chat, "/start"));
    expect(res.status).toBe(200);
    const sent = await stand().waitForSent(chat, 1);
    expect(sent.map((s) => s.text)).toEqual([BOT_WORDS.help]);
  });

  it("refuses a body that is not an update", async () => {
    const res = await request(web.app).post("/telegram/webhook").set("x-telegram-bot-api-secret-token", SECRET).send({ hello: "world" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });
});
