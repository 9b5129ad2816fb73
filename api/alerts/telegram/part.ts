/**
 * The Telegram part of alerts (docs/design.md, Alerts, Channels, Telegram): the bot, its channel
 * for the sender, the linking routes, and how updates arrive. Without TELEGRAM_WEBHOOK_URL the part
 * long-polls `getUpdates` itself through grammY's Api (so stopping is one abort); with it, Telegram
 * POSTs updates to /telegram/webhook, checked against TELEGRAM_WEBHOOK_SECRET. Either way each
 * chat's updates are handled in order, chats side by side. Off (undefined) without
 * TELEGRAM_BOT_TOKEN.
 */
import { timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Router } from "express";
import { autoRetry } from "@grammyjs/auto-retry";
import { Api, Bot, GrammyError } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import { ENDPOINTS } from "#shared/contract.ts";
import { verifyAccessToken } from "../../accounts/sessions/sessions.ts";
import { requireAuth } from "../../http/auth.ts";
import { contractData } from "../../http/endpoints.ts";
import { AppError } from "../../http/errors.ts";
import type { AlertsPart, AlertsPartDeps } from "../index.ts";
import { installBot } from "./bot.ts";
import { refKey } from "./callback-ref.ts";
import { telegramChannel } from "./channel.ts";
import { botLimiter, type BotLimiter } from "./limits.ts";
import { actionRates } from "../../http/action-rates.ts";
import { createLinkToken, unlinkUser } from "./links.ts";

export const WEBHOOK_PATH = "/telegram/webhook";
/** The long poll's wait at Telegram (s): well under any proxy's idle timeout. */
const POLL_TIMEOUT_S = 25;
const ALLOWED_UPDATES = ["message", "callback_query"] as const;
/** Link tokens a bettor may ask for in ten minutes. */
const LINK_ASKS = { max: 10, windowMs: 10 * 60_000 };

/** Each chat's updates one after another, the chats side by side; `idle()` waits for all. */
function chatQueues(handle: (update: Update) => Promise<void>) {
  const tails = new Map<string, Promise<void>>();
  const running = new Set<Promise<void>>();
  const keyOf = (update: Update) => String(update.message?.chat.id ?? update.callback_query?.message?.chat.id ?? update.callback_query?.from.id ?? "other");
  return {
    push(update: Update): void {
      const key = keyOf(update);
      const next = (tails.get(key) ?? Promise.resolve()).then(() => handle(update));
      const tail = next.finally(() => {
        running.delete(tail);
        if (tails.get(key) === tail) tails.delete(key);
      });
      tails.set(key, tail);
      running.add(tail);
    },
    idle: () => Promise.all([...running]).then(() => undefined),
  };
}

const sameSecret = (given: string | undefined, want: string) => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
};

type TelegramSettings = NonNullable<AlertsPartDeps["config"]["alerts"]["telegram"]>;
type Queues = ReturnType<typeof chatQueues>;

/** getUpdates until `stopped` aborts: each batch confirmed by the next call's offset, a failure waited out. */
async function pollUpdates(bot: Bot, queues: Queues, logger: Logger, stopped: AbortSignal, pause: (ms: number) => Promise<unknown>): Promise<void> {
  const signal = stopped as unknown as NonNullable<Parameters<Bot["init"]>[0]>;
  let offset = 0;
  while (!stopped.aborted) {
    try {
      const updates = await bot.api.getUpdates({ offset, timeout: POLL_TIMEOUT_S, allowed_updates: [...ALLOWED_UPDATES] }, signal);
      for (const update of updates) {
        offset = update.update_id + 1;
        queues.push(update);
      }
    } catch (error) {
      if (stopped.aborted) break;
      logger.warn({ err: error }, "getUpdates failed; polling again shortly");
      await pause((error instanceof GrammyError ? (error.parameters.retry_after ?? 3) : 3) * 1000);
    }
  }
  // Confirm what was taken, so a restart does not handle it twice.
  if (offset > 0) await bot.api.getUpdates({ offset, timeout: 0, limit: 1 }).catch(() => undefined);
}

/**
 * How updates come in: init (getMe), then the webhook set, or any left over removed and the long
 * poll run until stopped. Telegram unreachable at start does not hold the API back: the bot keeps
 * trying meanwhile, and start() returns after the first try either way.
 */
function updateRunner(bot: Bot, settings: TelegramSettings, queues: Queues, logger: Logger) {
  const polling = new AbortController();
  // grammY types its signal as the abort-controller package's; Node's own is what it is given.
  const signal = polling.signal as unknown as NonNullable<Parameters<Bot["init"]>[0]>;
  const pause = (ms: number) => sleep(ms, undefined, { signal: polling.signal }).catch(() => undefined);
  let loop: Promise<void> | undefined;
  let firstTry: () => void = () => undefined;
  const tried = new Promise<void>((resolve) => (firstTry = resolve));

  async function boot(): Promise<void> {
    await bot.init(signal);
    if (settings.webhookUrl) {
      await bot.api.setWebhook(settings.webhookUrl, { secret_token: settings.webhookSecret!, allowed_updates: [...ALLOWED_UPDATES] }, signal);
      logger.info({ bot: bot.botInfo.username }, "Telegram bot on its webhook");
      return firstTry();
    }
    // A webhook left set by another deployment would refuse every getUpdates.
    await bot.api.deleteWebhook(undefined, signal);
    logger.info({ bot: bot.botInfo.username }, "Telegram bot long polling");
    firstTry();
    await pollUpdates(bot, queues, logger, polling.signal, pause);
  }

  return {
    async start(): Promise<void> {
      loop = (async () => {
        for (let wait = 1; !polling.signal.aborted; wait = Math.min(wait * 2, 60)) {
          try {
            return await boot();
          } catch (error) {
            if (polling.signal.aborted) return;
            logger.warn({ err: error }, "the Telegram bot could not start; trying again");
            firstTry();
            await pause(wait * 1000);
          }
        }
      })();
      await Promise.race([loop, tried]);
    },
    async stop(): Promise<void> {
      polling.abort();
      await loop;
      await queues.idle();
    },
  };
}

/** POST and DELETE /users/telegram/link, and with a webhook, POST /telegram/webhook. */
function telegramRoutes(deps: AlertsPartDeps, bot: Bot, settings: TelegramSettings, queues: Queues, limiter: BotLimiter): Router {
  const auth = requireAuth((token) => verifyAccessToken(deps.accounts, token));
  const router = Router();
  router.post(ENDPOINTS.telegramLink.path, auth, async (req, res) => {
    const userId = req.auth!.sub;
    if ((await limiter.take(userId, "link", LINK_ASKS)) !== "ok") throw new AppError("RATE_LIMIT_EXCEEDED", "Too many Telegram links asked for. Please wait a few minutes.", { retryAfterS: 60 });
    const username = settings.username ?? (bot.isInited() ? bot.botInfo.username : undefined);
    if (!username) throw new AppError("UPSTREAM_UNAVAILABLE", "Telegram is not reachable right now. Please try again in a minute.", { status: 503, retryAfterS: 30 });
    const { token, expiresAt } = await createLinkToken(deps.db.kysely, userId, deps.clock());
    res.json(contractData<"telegramLink">({ url: `https://t.me/${username}?start=${token}`, expiresAt: new Date(expiresAt).toISOString() }));
  });
  router.delete(ENDPOINTS.telegramUnlink.path, auth, async (req, res) => {
    await unlinkUser(deps.db.kysely, req.auth!.sub);
    res.json(contractData<"telegramUnlink">({ ok: true }));
  });
  if (!settings.webhookUrl) return router;
  const want = settings.webhookSecret!;
  router.post(WEBHOOK_PATH, (req, res) => {
    if (!sameSecret(req.header("x-telegram-bot-api-secret-token"), want)) throw new AppError("AUTH_REQUIRED", "The Telegram secret token is missing or wrong.");
    if (!bot.isInited()) throw new AppError("UPSTREAM_UNAVAILABLE", "The bot is starting. Please try again shortly.", { status: 503, retryAfterS: 5 });
    const update = req.body as Update;
    if (!update || typeof update !== "object" || !Number.isSafeInteger(update.update_id)) throw new AppError("VALIDATION_ERROR", "The body is not a Telegram update.");
    // Answered at once: Telegram waits for no booking read; the chat's queue keeps its order.
    queues.push(update);
    res.json({ ok: true });
  });
  return router;
}

export function telegramPart(deps: AlertsPartDeps): AlertsPart | undefined {
  const settings = deps.config.alerts.telegram;
  if (!settings) return undefined;
  const logger = deps.logger.child({ component: "telegram" });
  const bot = new Bot(settings.token, { client: { apiRoot: settings.apiRoot } });
  // The bot's answers wait out Telegram's 429 (a flood of chats past its ~30 a second) a few times
  // rather than being lost. Alerts go through an Api of their own: the outbox honours retry_after itself.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10, rethrowInternalServerErrors: true, rethrowHttpErrors: true }));
  const alertApi = new Api(settings.token, { apiRoot: settings.apiRoot });
  const { kysely: db } = deps.db;
  const limiter = botLimiter(actionRates(db, deps.clock), deps.clock);
  const secret = deps.secret;
  installBot(bot, { db, booking: deps.booking, catalogue: deps.catalogue, odds: deps.odds, clock: deps.clock, intervalS: deps.config.feedIntervalS, publicOrigin: deps.config.publicOrigin, logger, limiter, refKey: refKey(secret) });
  const queues = chatQueues(async (update) => {
    try {
      await bot.handleUpdate(update);
    } catch (error) {
      logger.warn({ err: error, update: update.update_id }, "a Telegram update could not be handled");
    }
  });
  const runner = updateRunner(bot, settings, queues, logger);
  return {
    channel: telegramChannel({ api: alertApi, db, clock: deps.clock, publicOrigin: deps.config.publicOrigin, paidBroadcastPerS: settings.paidBroadcastPerS }),
    router: telegramRoutes(deps, bot, settings, queues, limiter),
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
}
