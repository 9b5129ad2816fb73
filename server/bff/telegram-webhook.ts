import express, { Router } from "express";
import type { Upstream } from "./upstream.ts";
import { forwardHeaders } from "./session-calls.ts";

/** Where Telegram posts the bot's updates when TELEGRAM_WEBHOOK_URL is set (the API's route of that path). */
export const TELEGRAM_WEBHOOK_PATH = "/telegram/webhook";
const SECRET_HEADER = "x-telegram-bot-api-secret-token";

/**
 * POST /telegram/webhook on the public tier (docs/design.md, Alerts, Channels, Telegram): the body
 * and Telegram's secret-token header passed to the odds API unchanged, its answer passed back. The
 * API checks the secret; this tier neither reads nor keeps the update. Outside the BFF: no session,
 * no CSRF token, as Telegram has neither.
 */
export function telegramWebhookForward(upstream: Upstream): Router {
  const router = Router();
  router.post(TELEGRAM_WEBHOOK_PATH, express.raw({ type: () => true, limit: "64kb" }), async (req, res) => {
    const secret = req.header(SECRET_HEADER);
    const answer = await upstream.call("POST", TELEGRAM_WEBHOOK_PATH, {
      headers: { ...forwardHeaders(req), "content-type": req.header("content-type") ?? "application/json", ...(secret === undefined ? {} : { [SECRET_HEADER]: secret }) },
      body: Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "",
    });
    res.status(answer.status).type("application/json").send(answer.body);
  });
  return router;
}
