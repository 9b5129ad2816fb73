/**
 * The Telegram channel of the alert sender (docs/design.md, Alerts, The sender; Channels,
 * Telegram): an outbox row to the bettor's linked chat. No link: gone. Muted: held until the mute
 * ends. Telegram's 429 `retry_after`: that row (and the chat) waits as long as asked. Blocked
 * (403): the link is removed and the row is gone. The whole bot never sends more than about 30
 * messages a second: a send window inside the channel makes each send wait its turn.
 */
import { GrammyError, HttpError, type Api } from "grammy";
import type { Kysely } from "kysely";
import { bookmakerName } from "#shared/reference.ts";
import type { Database } from "../../db/schema.ts";
import type { AlertPayload, OutboxRow } from "../outbox.ts";
import { perBatch, type ChannelSender, type SendOutcome } from "../sender.ts";
import { linksOfUsers, unlinkChat } from "./links.ts";
import { sendWindow } from "./limits.ts";
import { fitMessage } from "./text.ts";

/** Telegram's own ask: no more than about 30 messages a second across chats. */
export const BOT_SENDS_PER_SECOND = 30;

export interface TelegramChannelDeps {
  api: Api;
  db: Kysely<Database>;
  clock: () => number;
  publicOrigin: string;
  /** Sends a second for the whole bot (BOT_SENDS_PER_SECOND); tests lower it to see the window work. */
  perSecond?: number;
  /** More than the free 30 a second, as Telegram's paid broadcasts (decision 058): each alert is sent with `allow_paid_broadcast`. */
  paidBroadcastPerS?: number | undefined;
}

/** The alert as one message: its title, its lines, its code, and the page it opens. */
export function alertText(payload: AlertPayload, publicOrigin: string): string {
  const lines = [payload.title, ...payload.lines];
  if (payload.code) lines.push("", `Code at ${bookmakerName(payload.code.provider)}: ${payload.code.code}`);
  const path = payload.path.startsWith("/") ? payload.path : `/${payload.path}`;
  lines.push("", `${publicOrigin}${path}`);
  return fitMessage(lines.join("\n"));
}

export function telegramChannel(deps: TelegramChannelDeps): ChannelSender & { pausedChats(): ReadonlyMap<string, number> } {
  const paid = deps.paidBroadcastPerS;
  const window = sendWindow(paid ?? deps.perSecond ?? BOT_SENDS_PER_SECOND);
  // Chats Telegram asked us to leave alone for a while (429 retry_after), until (epoch ms by deps.clock).
  const paused = new Map<string, number>();
  const links = perBatch((userIds) => linksOfUsers(deps.db, userIds));
  return {
    channel: "telegram",
    concurrency: Math.min(200, paid ?? BOT_SENDS_PER_SECOND),
    pausedChats: () => paused,
    prepare: links.prepare,
    async send(row: OutboxRow, payload: AlertPayload): Promise<SendOutcome> {
      const link = await links.of(row);
      if (!link) return { status: "gone", error: "no Telegram chat linked" };
      const now = deps.clock();
      if (link.mutedUntil !== null && link.mutedUntil > now) return { status: "retry", error: "muted in Telegram", retryAfterMs: link.mutedUntil - now };
      const until = paused.get(link.chatId);
      if (until !== undefined && until > now) return { status: "retry", error: "Telegram asked this chat to wait", retryAfterMs: until - now };
      paused.delete(link.chatId);
      const answered = await window.take();
      try {
        await deps.api.sendMessage(link.chatId, alertText(payload, deps.publicOrigin), { link_preview_options: { is_disabled: true }, ...(paid ? { allow_paid_broadcast: true } : {}) });
        answered();
        return { status: "sent" };
      } catch (error) {
        answered();
        if (error instanceof GrammyError) {
          if (error.error_code === 429) {
            const retryAfterMs = Math.max(1, error.parameters.retry_after ?? 1) * 1000;
            paused.set(link.chatId, deps.clock() + retryAfterMs);
            return { status: "retry", error: error.description, retryAfterMs };
          }
          // Blocked, kicked, deactivated, or a chat Telegram no longer knows: that link is over.
          if (error.error_code === 403 || (error.error_code === 400 && /chat not found/i.test(error.description))) {
            await unlinkChat(deps.db, link.chatId);
            return { status: "gone", error: error.description };
          }
          return { status: "retry", error: error.description };
        }
        if (error instanceof HttpError) return { status: "retry", error: error.message };
        throw error;
      }
    },
  };
}
