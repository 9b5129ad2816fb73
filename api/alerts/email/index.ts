import { Router } from "express";
import { privateNoStore } from "#lib/node/private-no-store.ts";
import { AppError } from "../../http/errors.ts";
import { bodyOf } from "../../http/validate.ts";
import type { AlertsPart, AlertsPartDeps } from "../index.ts";
import { emailChannel } from "./channel.ts";
import { readUnsubscribeToken } from "./unsubscribe.ts";

/** Rule channels as a bitmask (api/db/schema.ts AlertRulesTable): e-mail's bit. */
export const EMAIL_CHANNEL_BIT = 4;

/**
 * E-mail alerts (docs/design.md, Channels): the channel, and the one-click unsubscribe its mails
 * link to. Unsubscribing takes e-mail off every rule of the mail's kind; the rules stay, with
 * their other channels.
 */
export function emailPart(deps: AlertsPartDeps): AlertsPart {
  const { db, mailer, secret, config, clock } = deps;
  const router = Router();
  // Whose alerts they are is one user's business: no cache keeps the answer (errors included).
  router.post("/alerts/unsubscribe", privateNoStore, async (req, res) => {
    const token = bodyOf(req.body).token;
    const named = typeof token === "string" ? readUnsubscribeToken(secret, token) : undefined;
    if (!named) throw new AppError("VALIDATION_ERROR", "This unsubscribe link is not valid: open Alerts on AfriOdds to change your e-mail alerts.");
    await db.kysely.transaction().execute(async (trx) => {
      const rules = await trx.selectFrom("alert_rules").select(["id", "channels"]).where("user_id", "=", named.userId).where("kind", "=", named.kind).execute();
      for (const rule of rules) {
        if ((rule.channels & EMAIL_CHANNEL_BIT) === 0) continue;
        await trx.updateTable("alert_rules").set({ channels: rule.channels & ~EMAIL_CHANNEL_BIT }).where("id", "=", rule.id).execute();
      }
      // Mail of that kind not yet sent is not sent.
      await trx
        .updateTable("alert_outbox")
        .set({ dropped_at: clock(), error: "unsubscribed" })
        .where("user_id", "=", named.userId)
        .where("channel", "=", "email")
        .where("kind", "=", named.kind)
        .where("sent_at", "is", null)
        .where("dropped_at", "is", null)
        .execute();
    });
    res.json({ data: { ok: true } });
  });
  return { channel: emailChannel({ db: db.kysely, mailer, secret, publicOrigin: config.publicOrigin, clock }), router };
}
